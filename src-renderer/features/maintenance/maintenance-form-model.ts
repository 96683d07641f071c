import { toUtcInput } from '../../lib/date-time';
import { ALL_CHECKS } from '../../../src-shared/rules/maintenance';
import type { MaintenanceWindowCreate } from '../../../src-shared/schemas/maintenance-window';
import type { FieldForPath } from '../../lib/schema-form';
import type { MaintenanceWindowView } from './maintenance-display';

export interface MaintenanceValues {
  name: string;
  tags: string[];
  /** "2026-05-20T12:00" as a datetime-local input holds it, read as UTC. */
  startsAt: string;
  endsAt: string;
  repeat: 'NONE' | 'DAY' | 'WEEK' | 'MONTH';
  repeatInterval: number | string;
  repeatEndsAt: string;
  /** Monitors and groups picked by name (ids; a group's as a string, as the picker holds it). */
  checkIds: string[];
  groupIds: string[];
}

const toInput = (value: string | number | null) => toUtcInput(value);
const fromInput = (value: string) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00.000Z` : value);

/** A new window: the next whole hour, for one hour. */
export function newMaintenanceValues(nowMs: number): MaintenanceValues {
  const start = Math.ceil(nowMs / 3_600_000) * 3_600_000;
  return {
    name: '',
    tags: [],
    startsAt: toInput(start),
    endsAt: toInput(start + 3_600_000),
    repeat: 'NONE',
    repeatInterval: 1,
    repeatEndsAt: '',
    checkIds: [],
    groupIds: [],
  };
}

export function valuesOf(w: MaintenanceWindowView): MaintenanceValues {
  return {
    name: w.name,
    tags: w.tags,
    startsAt: toInput(w.startsAt),
    endsAt: toInput(w.endsAt),
    repeat: w.repeatUnit ?? 'NONE',
    repeatInterval: w.repeatInterval ?? 1,
    repeatEndsAt: toInput(w.repeatEndsAt),
    checkIds: w.checkIds.filter((id) => id !== ALL_CHECKS),
    groupIds: w.groupIds.map(String),
  };
}

/** The body the API takes; "all monitors" (the tray's "Pause all alerts"), which the form has no field for, is kept on edit. */
export function bodyOf(values: MaintenanceValues, kept: Pick<MaintenanceWindowCreate, 'checkIds'> = { checkIds: [] }): MaintenanceWindowCreate {
  const repeats = values.repeat !== 'NONE';
  return {
    name: values.name,
    tags: values.tags,
    startsAt: fromInput(values.startsAt),
    endsAt: fromInput(values.endsAt),
    repeatUnit: repeats ? (values.repeat as 'DAY' | 'WEEK' | 'MONTH') : null,
    repeatInterval: repeats ? Number(values.repeatInterval) : null,
    repeatEndsAt: repeats && values.repeatEndsAt ? fromInput(values.repeatEndsAt) : null,
    checkIds: [...(kept.checkIds?.includes(ALL_CHECKS) ? [ALL_CHECKS] : []), ...values.checkIds],
    groupIds: values.groupIds.map(Number),
  };
}

export const MAINTENANCE_LABELS: Record<string, string> = {
  name: 'Name',
  tags: 'Tags',
  startsAt: 'Starts (UTC)',
  endsAt: 'Ends (UTC)',
  repeat: 'Repeats',
  repeatInterval: 'Every',
  repeatEndsAt: 'Repeat until (UTC)',
  checkIds: 'Monitors',
  groupIds: 'Groups',
};

export const maintenanceField: FieldForPath = (path) => {
  const [first] = path;
  if (first === 'repeatUnit') return 'repeat';
  return typeof first === 'string' && first in MAINTENANCE_LABELS ? first : null;
};
