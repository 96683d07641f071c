import { z } from 'zod';
import { LIMITS } from './limits';
import { MAINTENANCE_REPEAT_UNITS, shortestPeriodMs } from '../rules/maintenance';

/** At most this many windows per account: the scheduler reads them all on every tick. */
export const MAINTENANCE_WINDOWS_MAX = 500;
/** "Start maintenance now": how long the one-off window lasts by default, and at most. */
export const START_NOW_DEFAULT_MINUTES = 60;
export const START_NOW_MAX_MINUTES = 7 * 24 * 60;

/** An ISO 8601 date-time with a zone ("2025-02-15T02:00:00.000Z", what the CLI's Date serialises to); read back in UTC. */
const DateTime = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time with a time zone, e.g. 2025-02-15T02:00:00.000Z' });

const Tag = z.string().trim().min(1, 'must not be empty').max(LIMITS.tag);

/**
 * POST and PUT /v1/maintenance-windows (PUT replaces the whole window). `checkIds` and `groupIds`
 * are Sightline's extension: a window for one check or group without tagging it.
 */
export const MaintenanceWindowCreate = z
  .object({
    name: z.string().trim().min(1, 'must not be empty').max(LIMITS.name),
    tags: z.array(Tag).max(LIMITS.tags).default([]),
    startsAt: DateTime,
    endsAt: DateTime,
    repeatInterval: z.number().int().min(1).max(365).nullish(),
    repeatUnit: z.enum(MAINTENANCE_REPEAT_UNITS).nullish(),
    repeatEndsAt: DateTime.nullish(),
    checkIds: z.array(z.string().min(1).max(64)).max(LIMITS.tags).default([]),
    groupIds: z.array(z.number().int().min(1)).max(LIMITS.tags).default([]),
  })
  .superRefine((w, ctx) => {
    const starts = Date.parse(w.startsAt);
    const ends = Date.parse(w.endsAt);
    if (ends <= starts) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'must be after startsAt' });
    if (w.tags.length === 0 && w.checkIds.length === 0 && w.groupIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['tags'], message: 'name at least one tag (or checkIds or groupIds): a window without targets silences nothing' });
    }
    if (!w.repeatUnit) {
      if (w.repeatInterval != null) ctx.addIssue({ code: 'custom', path: ['repeatUnit'], message: 'is required with repeatInterval (DAY, WEEK or MONTH)' });
      if (w.repeatEndsAt != null) ctx.addIssue({ code: 'custom', path: ['repeatUnit'], message: 'is required with repeatEndsAt (DAY, WEEK or MONTH)' });
      return;
    }
    if (w.repeatEndsAt != null && Date.parse(w.repeatEndsAt) <= starts) ctx.addIssue({ code: 'custom', path: ['repeatEndsAt'], message: 'must be after startsAt' });
    const period = shortestPeriodMs(w.repeatUnit, w.repeatInterval ?? 1);
    if (ends - starts >= period) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: `a window repeating every ${w.repeatInterval ?? 1} ${w.repeatUnit} must last less than that (it would never close)` });
    }
  });
export type MaintenanceWindowCreate = z.infer<typeof MaintenanceWindowCreate>;

export const MaintenanceWindow = z.object({
  id: z.number().int(),
  name: z.string(),
  tags: z.array(z.string()),
  startsAt: z.string(),
  endsAt: z.string(),
  repeatInterval: z.number().int().nullable(),
  repeatUnit: z.enum(MAINTENANCE_REPEAT_UNITS).nullable(),
  repeatEndsAt: z.string().nullable(),
  checkIds: z.array(z.string()),
  groupIds: z.array(z.number().int()),
  created_at: z.string(),
  updated_at: z.string().nullable(),
});
export type MaintenanceWindow = z.infer<typeof MaintenanceWindow>;

export const MaintenanceWindowList = z.array(MaintenanceWindow);

/** Ids are integers, as in the public API; anything else names no window, so it is a 404 like an unknown id. */
export const MaintenanceWindowParams = z.object({ id: z.string().min(1).max(32) });

/** tRPC "start maintenance now" on a monitor or a group. */
export const MaintenanceStartNow = z
  .object({
    checkId: z.string().min(1).max(64).optional(),
    groupId: z.number().int().min(1).optional(),
    minutes: z.number().int().min(1).max(START_NOW_MAX_MINUTES).default(START_NOW_DEFAULT_MINUTES),
  })
  .refine((v) => (v.checkId === undefined) !== (v.groupId === undefined), { path: ['checkId'], message: 'name exactly one of checkId or groupId' });
export type MaintenanceStartNow = z.infer<typeof MaintenanceStartNow>;

/** A check in maintenance now, as the console shows it. */
export const CheckInMaintenance = z.object({
  checkId: z.string(),
  checkName: z.string(),
  windowId: z.number().int(),
  windowName: z.string(),
  endsAt: z.string(),
});
export type CheckInMaintenance = z.infer<typeof CheckInMaintenance>;
