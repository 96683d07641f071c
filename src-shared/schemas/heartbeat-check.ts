import { z } from 'zod';
import { checkCrossFieldRules, checkReadSchema, commonCheckFields, requiredOnCreate, withDefault, type CheckReadOnly, type SchemaMode } from './check-common';

/**
 * The heartbeat monitor (`checkType: HEARTBEAT`, the reference's ChecksV1HeartbeatCheck): nothing runs
 * it; the job it watches pings its URL, and the server judges whether a ping came within
 * `heartbeat.period` plus `heartbeat.grace` (docs/DECISIONS.md, issue 34 item 1).
 */

export const HEARTBEAT_UNITS = ['seconds', 'minutes', 'hours', 'days'] as const;
export type HeartbeatUnit = (typeof HEARTBEAT_UNITS)[number];

const UNIT_MS: Record<HeartbeatUnit, number> = { seconds: 1_000, minutes: 60_000, hours: 3_600_000, days: 86_400_000 };

/** The public API's (and the CLI's) bounds: a period of 30 s to 365 days, a grace of at most 365 days. */
export const HEARTBEAT_MIN_PERIOD_MS = 30_000;
export const HEARTBEAT_MAX_MS = 365 * UNIT_MS.days;

export function heartbeatMs(amount: number, unit: HeartbeatUnit): number {
  return Math.round(amount * UNIT_MS[unit]);
}

/** The heartbeat's states as the public API names them. */
export const HEARTBEAT_STATES = ['RECEIVED', 'EARLY', 'GRACE', 'LATE', 'FAILING'] as const;
export type HeartbeatState = (typeof HEARTBEAT_STATES)[number];

/** What a heartbeat result records: a ping (plain, `/start`, `/fail`), or the server's own verdict. */
export const HEARTBEAT_EVENTS = ['PING', 'START', 'FAIL', 'MISSED', 'RUN_NEVER_FINISHED'] as const;
export type HeartbeatEvent = (typeof HEARTBEAT_EVENTS)[number];

/** The token: URL-safe, issued by the server with 192 random bits (24 bytes in base64url). */
export const PingToken = z.string().regex(/^[A-Za-z0-9_-]{32,128}$/, 'must be a ping token issued by this server');

const Amount = z.number({ error: 'must be a number' }).min(0, 'must not be negative');
const Unit = z.enum(HEARTBEAT_UNITS, { error: `must be one of ${HEARTBEAT_UNITS.join(', ')}` });

/** Period and grace as the public API and the CLI's HeartbeatMonitor send them. */
function heartbeatConfig<M extends SchemaMode>(mode: M) {
  return z.object({
    period: requiredOnCreate(mode, Amount),
    periodUnit: requiredOnCreate(mode, Unit),
    grace: requiredOnCreate(mode, Amount),
    graceUnit: requiredOnCreate(mode, Unit),
    // Issued by the server on create and kept by every later write; a PUT cannot set it (it is not in the update shape).
    // (Any string here: a create's is replaced by the server's; a stored one is always the server's.)
    ...(mode === 'create' ? { pingToken: z.string().max(200).nullable().optional() } : {}),
  });
}

/** Period within 30 s..365 days and grace within 0..365 days, each refused with its field named. */
function heartbeatBounds(value: { heartbeat?: { period?: number; periodUnit?: HeartbeatUnit; grace?: number; graceUnit?: HeartbeatUnit } | null }, ctx: z.RefinementCtx) {
  const hb = value.heartbeat;
  if (!hb) return;
  if (hb.period !== undefined && hb.periodUnit !== undefined) {
    const ms = heartbeatMs(hb.period, hb.periodUnit);
    if (ms < HEARTBEAT_MIN_PERIOD_MS) ctx.addIssue({ code: 'custom', path: ['heartbeat', 'period'], message: `must be at least 30 seconds (${hb.period} ${hb.periodUnit} is less)` });
    else if (ms > HEARTBEAT_MAX_MS) ctx.addIssue({ code: 'custom', path: ['heartbeat', 'period'], message: `must be at most 365 days (${hb.period} ${hb.periodUnit} is more)` });
  }
  if (hb.grace !== undefined && hb.graceUnit !== undefined && heartbeatMs(hb.grace, hb.graceUnit) > HEARTBEAT_MAX_MS) {
    ctx.addIssue({ code: 'custom', path: ['heartbeat', 'grace'], message: `must be at most 365 days (${hb.grace} ${hb.graceUnit} is more)` });
  }
}

function heartbeatFields<M extends SchemaMode>(mode: M) {
  const d = <T extends z.ZodType>(schema: T, value: z.output<T>) => withDefault(mode, schema, value);
  return {
    ...commonCheckFields(mode, { descriptionMax: 500, environmentVariablesMax: 0 }),
    checkType: d(z.literal('HEARTBEAT'), 'HEARTBEAT'),
    heartbeat: requiredOnCreate(mode, heartbeatConfig(mode)),
  };
}

export const HeartbeatCheckCreate = z
  .object(heartbeatFields('create'))
  .superRefine(checkCrossFieldRules)
  .superRefine(heartbeatBounds);
export type HeartbeatCheckCreate = z.infer<typeof HeartbeatCheckCreate>;
export type HeartbeatCheckCreateInput = z.input<typeof HeartbeatCheckCreate>;

/** PUT body: every member optional; the stored heartbeat is merged with it (its token kept) and checked again as a whole. */
const heartbeatUpdateFields = heartbeatFields('update');
export const HeartbeatCheckUpdate = z.object(heartbeatUpdateFields).superRefine(heartbeatBounds);
export type HeartbeatCheckUpdate = z.infer<typeof HeartbeatCheckUpdate>;

/** The returned shape: the body plus `heartbeat.pingToken` and `heartbeat.pingUrl` (on the server's public address). */
export const HeartbeatCheckRead = checkReadSchema({
  ...heartbeatUpdateFields,
  heartbeat: z.object({ period: z.number(), periodUnit: Unit, grace: z.number(), graceUnit: Unit, pingToken: z.string().nullable(), pingUrl: z.string().nullable() }),
});

export type HeartbeatCheck = HeartbeatCheckCreate & CheckReadOnly;

/** What the server's judge takes from a stored heartbeat body: its period and grace in milliseconds, and its token. */
export const HeartbeatRunInput = z
  .object({ heartbeat: heartbeatConfig('create').extend({ pingToken: PingToken }) })
  .transform(({ heartbeat }) => ({
    heartbeat,
    periodMs: heartbeatMs(heartbeat.period, heartbeat.periodUnit),
    graceMs: heartbeatMs(heartbeat.grace, heartbeat.graceUnit),
    pingToken: heartbeat.pingToken,
  }));
export type HeartbeatRunInput = z.infer<typeof HeartbeatRunInput>;

/** "5 minutes", "1 day". */
export function heartbeatDuration(amount: number, unit: HeartbeatUnit): string {
  const singular = unit.slice(0, -1);
  return `${amount} ${amount === 1 ? singular : unit}`;
}
