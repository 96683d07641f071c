import { browserZone, nextWholeHour, toZoneInput, zoneInputToIso, zoneMode, type ZoneMode } from '../../lib/date-time';
import { ALL_CHECKS } from '../../../src-shared/rules/maintenance';
import type { MaintenanceWindowCreate } from '../../../src-shared/schemas/maintenance-window';
import type { FieldForPath } from '../../lib/schema-form';
import type { MaintenanceWindowView } from './maintenance-display';

export interface MaintenanceValues {
  name: string;
  tags: string[];
  /** The zone the times are typed in: the console's choice (the viewer's zone, or UTC) unless the form's switch changes it. */
  zone: ZoneMode;
  /** "2026-05-20T12:00" as a datetime-local input holds it, in `zone`. */
  startsAt: string;
  endsAt: string;
  repeat: 'NONE' | 'DAY' | 'WEEK' | 'MONTH';
  repeatInterval: number | string;
  repeatEndsAt: string;
  /** Monitors and groups picked by name (ids; a group's as a string, as the picker holds it). */
  checkIds: string[];
  groupIds: string[];
}

const toInput = (value: string | number | null, zone: ZoneMode) => toZoneInput(value, zone);
/** The API stores moments in UTC (ISO 8601): the typed wall-clock time is read in the form's zone. */
const fromInput = (value: string, zone: ZoneMode) => zoneInputToIso(value, zone);

/** A new window: the next whole hour (on the viewer's clock), for one hour. */
export function newMaintenanceValues(nowMs: number): MaintenanceValues {
  const start = nextWholeHour(nowMs);
  const zone = zoneMode();
  return {
    name: '',
    tags: [],
    zone,
    startsAt: toInput(start, zone),
    endsAt: toInput(start + 3_600_000, zone),
    repeat: 'NONE',
    repeatInterval: 1,
    repeatEndsAt: '',
    checkIds: [],
    groupIds: [],
  };
}

export function valuesOf(w: MaintenanceWindowView): MaintenanceValues {
  const zone = zoneMode();
  return {
    name: w.name,
    tags: w.tags,
    zone,
    startsAt: toInput(w.startsAt, zone),
    endsAt: toInput(w.endsAt, zone),
    repeat: w.repeatUnit ?? 'NONE',
    repeatInterval: w.repeatInterval ?? 1,
    repeatEndsAt: toInput(w.repeatEndsAt, zone),
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
    startsAt: fromInput(values.startsAt, values.zone),
    endsAt: fromInput(values.endsAt, values.zone),
    repeatUnit: repeats ? (values.repeat as 'DAY' | 'WEEK' | 'MONTH') : null,
    repeatInterval: repeats ? Number(values.repeatInterval) : null,
    repeatEndsAt: repeats && values.repeatEndsAt ? fromInput(values.repeatEndsAt, values.zone) : null,
    checkIds: [...(kept.checkIds?.includes(ALL_CHECKS) ? [ALL_CHECKS] : []), ...values.checkIds],
    groupIds: values.groupIds.map(Number),
  };
}

/** The form's labels; the times name the zone they are typed in ("Starts (Asia/Kolkata)", "Starts (UTC)"). */
export function maintenanceLabels(zone: ZoneMode | string): Record<string, string> {
  if (zone === 'utc') zone = 'UTC';
  else if (zone === 'local') zone = browserZone();
  return {
    name: 'Name',
    tags: 'Tags',
    startsAt: `Starts (${zone})`,
    endsAt: `Ends (${zone})`,
    repeat: 'Repeats',
    repeatInterval: 'Every',
    repeatEndsAt: `Repeat until (${zone})`,
    checkIds: 'Monitors',
    groupIds: 'Groups',
  };
}

export const maintenanceField: FieldForPath = (path) => {
  const [first] = path;
  if (first === 'repeatUnit') return 'repeat';
  return typeof first === 'string' && first in maintenanceLabels('') ? first : null;
};
