import { AppError } from '../../core/errors';
import { findCheck } from '../../db/repositories/checks';
import { findHeartbeatState, heartbeatStatesShared } from '../../db/repositories/heartbeats';
import { currentState } from '../../../src-shared/rules/heartbeat';
import { HeartbeatRunInput, type HeartbeatState } from '../../../src-shared/schemas/heartbeat-check';
import type { ServiceContext } from '../context';
import { pingUrlOf } from './token';

export interface HeartbeatStatusView {
  checkId: string;
  pingUrl: string;
  state: HeartbeatState;
  lastPingAt: string | null;
  runStartedAt: string | null;
  /** When the next ping is due at the latest (null while it fails and waits for one, or while deactivated). */
  deadlineAt: string | null;
  periodMs: number;
  graceMs: number;
  /** Why the deadline moved without a ping: Sightline was not running (or asleep), or a maintenance window. */
  note: string | null;
  activated: boolean;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A heartbeat's live state for the console: the judge's view, else what it last stored (in team mode what is stored first). */
export async function heartbeatStatus(ctx: ServiceContext, checkId: string): Promise<HeartbeatStatusView> {
  const row = await findCheck(ctx.db, ctx.accountId, checkId);
  if (!row || row.checkType !== 'HEARTBEAT') throw AppError.notFound();
  const parsed = HeartbeatRunInput.safeParse(row.body);
  if (!parsed.success) throw AppError.notFound();
  const timing = { periodMs: parsed.data.periodMs, graceMs: parsed.data.graceMs };
  const live = ctx.runtime.heartbeats?.view(checkId) ?? null;
  // In team mode a ping may have reached another server: what is stored is the latest (every server
  // writes each ping before answering it); this server's memory is its own pings only.
  const stored = heartbeatStatesShared() ? (await findHeartbeatState(ctx.db, checkId)) ?? live : live ?? (await findHeartbeatState(ctx.db, checkId)) ?? null;
  const clock = stored
    ? { lastPingAt: stored.lastPingAt, runStartedAt: stored.runStartedAt, deadlineAt: stored.deadlineAt, failing: stored.failing, note: stored.note }
    : { lastPingAt: null, runStartedAt: null, deadlineAt: null, failing: false, note: null };
  return {
    checkId,
    pingUrl: pingUrlOf(ctx.runtime.baseUrl, parsed.data.pingToken),
    state: currentState(clock, timing, ctx.clock.now().getTime()),
    lastPingAt: iso(clock.lastPingAt),
    runStartedAt: iso(clock.runStartedAt),
    deadlineAt: iso(clock.deadlineAt),
    periodMs: timing.periodMs,
    graceMs: timing.graceMs,
    note: clock.note,
    activated: live?.activated ?? row.activated,
  };
}
