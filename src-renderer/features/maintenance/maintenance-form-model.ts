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
}

const toInput = (iso: string | null) => (iso ? iso.slice(0, 16) : '');
const fromInput = (value: string) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00.000Z` : value);

/** A new window: the next whole hour, for one hour. */
export function newMaintenanceValues(nowMs: number): MaintenanceValues {
  const start = Math.ceil(nowMs / 3_600_000) * 3_600_000;
  return {
    name: '',
    tags: [],
    startsAt: toInput(new Date(start).toISOString()),
    endsAt: toInput(new Date(start + 3_600_000).toISOString()),
    repeat: 'NONE',
    repeatInterval: 1,
    repeatEndsAt: '',
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
  };
}

/** The body the API takes; checks and groups a window names (from "Start maintenance now") are kept on edit. */
export function bodyOf(values: MaintenanceValues, kept: Pick<MaintenanceWindowCreate, 'checkIds' | 'groupIds'> = { checkIds: [], groupIds: [] }): MaintenanceWindowCreate {
  const repeats = values.repeat !== 'NONE';
  return {
    name: values.name,
    tags: values.tags,
    startsAt: fromInput(values.startsAt),
    endsAt: fromInput(values.endsAt),
    repeatUnit: repeats ? (values.repeat as 'DAY' | 'WEEK' | 'MONTH') : null,
    repeatInterval: repeats ? Number(values.repeatInterval) : null,
    repeatEndsAt: repeats && values.repeatEndsAt ? fromInput(values.repeatEndsAt) : null,
    checkIds: kept.checkIds,
    groupIds: kept.groupIds,
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
};

export const maintenanceField: FieldForPath = (path) => {
  const [first] = path;
  if (first === 'repeatUnit') return 'repeat';
  return typeof first === 'string' && first in MAINTENANCE_LABELS ? first : null;
};
