import { FLAP_DEFAULTS } from '../../../src-shared/rules/flapping';
import type { FlapDetection } from '../../../src-shared/schemas/check-common';
import { numberField, optionalNumber } from '../../lib/form-values';

/**
 * Flap detection as a monitor or group form edits it (issue 30, item 3). Every member may be left
 * to inherit: a monitor's from its group, then the defaults; a group's from the defaults.
 */
export interface FlapFormValues {
  /** `inherit` sends no `enabled`; `on`/`off` set it. */
  flapEnabled: 'inherit' | 'on' | 'off';
  flapChanges: number | string;
  flapWindowRuns: number | string;
  flapStableRuns: number | string;
}

export type FlapFormField = keyof FlapFormValues;

export const INITIAL_FLAP_VALUES: FlapFormValues = { flapEnabled: 'inherit', flapChanges: '', flapWindowRuns: '', flapStableRuns: '' };

export const FLAP_LABELS: Record<FlapFormField, string> = {
  flapEnabled: 'Flap detection',
  flapChanges: 'State changes',
  flapWindowRuns: 'Window (runs)',
  flapStableRuns: 'Stable after (runs)',
};

/** What the schema's messages call the members, for the form's sentences ("must be less than window"). */
export const FLAP_MEMBER_LABELS: Record<string, string> = { windowRuns: FLAP_LABELS.flapWindowRuns, stableRuns: FLAP_LABELS.flapStableRuns };

export const FLAP_DEFAULTS_TEXT = `${FLAP_DEFAULTS.changes} changes within ${FLAP_DEFAULTS.windowRuns} runs, stable after ${FLAP_DEFAULTS.stableRuns}`;

/** The body's `flapDetection`: null when every member inherits (a save clears an own setting). */
export function toFlapDetection(values: FlapFormValues): FlapDetection | null {
  const flap: FlapDetection = {};
  if (values.flapEnabled !== 'inherit') flap.enabled = values.flapEnabled === 'on';
  const changes = optionalNumber(values.flapChanges);
  const windowRuns = optionalNumber(values.flapWindowRuns);
  const stableRuns = optionalNumber(values.flapStableRuns);
  if (changes !== undefined) flap.changes = changes;
  if (windowRuns !== undefined) flap.windowRuns = windowRuns;
  if (stableRuns !== undefined) flap.stableRuns = stableRuns;
  return Object.keys(flap).length === 0 ? null : flap;
}

/** A stored `flapDetection` as the form edits it. */
export function flapValuesOf(stored: unknown): FlapFormValues {
  const flap = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  return {
    flapEnabled: flap.enabled === true ? 'on' : flap.enabled === false ? 'off' : 'inherit',
    flapChanges: numberField(flap.changes),
    flapWindowRuns: numberField(flap.windowRuns),
    flapStableRuns: numberField(flap.stableRuns),
  };
}

const FIELD_OF_MEMBER: Record<string, FlapFormField> = { enabled: 'flapEnabled', changes: 'flapChanges', windowRuns: 'flapWindowRuns', stableRuns: 'flapStableRuns' };

/** The form field of a schema issue under `flapDetection` (null for any other path). */
export function flapFieldForPath(path: readonly PropertyKey[]): FlapFormField | null {
  const [head, member] = path;
  if (head !== 'flapDetection') return null;
  return typeof member === 'string' ? (FIELD_OF_MEMBER[member] ?? 'flapEnabled') : 'flapEnabled';
}
