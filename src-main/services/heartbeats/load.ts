import { transaction } from '../../db/connection';
import { listHeartbeatChecks, type HeartbeatCheckRow } from '../../db/repositories/heartbeats';
import { assignMissingCheckNums } from '../../db/repositories/runs';
import type { HeartbeatClock, HeartbeatTiming } from '../../../src-shared/rules/heartbeat';
import { HeartbeatRunInput } from '../../../src-shared/schemas/heartbeat-check';
import type { ServiceDeps } from '../context';
import { pingTokenHash } from './token';

/** One heartbeat as the judge keeps it in memory. */
export interface HeartbeatEntry {
  checkId: string;
  accountId: string;
  checkNum: number;
  name: string;
  /** The check's and its group's tags (maintenance windows match them). */
  tags: string[];
  groupId: number | null;
  /** The check and its group are activated: only then does a missed ping fail it. */
  activated: boolean;
  timing: HeartbeatTiming;
  token: string;
  tokenHash: string;
  /** Null when nothing was stored yet (a heartbeat the judge has not seen). */
  stored: HeartbeatClock | null;
  createdAt: number;
}

function tagsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
}

function entryOf(deps: ServiceDeps, row: HeartbeatCheckRow): HeartbeatEntry | null {
  const parsed = HeartbeatRunInput.safeParse(row.body);
  if (!parsed.success) {
    // Never expected (every body was parsed on write), but a heartbeat that silently stopped being judged must leave a trace.
    deps.logger.error({ checkId: row.checkId, problem: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') }, 'a stored heartbeat cannot be judged');
    return null;
  }
  const { state } = row;
  return {
    checkId: row.checkId,
    accountId: row.accountId,
    checkNum: row.checkNum,
    name: row.name,
    tags: [...new Set([...row.tags, ...tagsOf(row.groupBody?.tags)])],
    groupId: row.groupId,
    activated: row.activated && row.groupBody?.activated !== false,
    timing: { periodMs: parsed.data.periodMs, graceMs: parsed.data.graceMs },
    token: parsed.data.pingToken,
    tokenHash: pingTokenHash(parsed.data.pingToken),
    stored: state ? { lastPingAt: state.lastPingAt, runStartedAt: state.runStartedAt, deadlineAt: state.deadlineAt, failing: state.failing, note: state.note } : null,
    createdAt: Date.parse(row.createdAt),
  };
}

/** Heartbeat monitors (all, or the named ones) with their stored judge state; each gets its check number here. */
export async function loadHeartbeats(deps: ServiceDeps, checkIds?: readonly string[]): Promise<HeartbeatEntry[]> {
  const rows = await transaction(deps.db, async (tx) => {
    await assignMissingCheckNums(tx, checkIds);
    return await listHeartbeatChecks(tx, checkIds);
  });
  return rows.map((row) => entryOf(deps, row)).filter((entry): entry is HeartbeatEntry => entry !== null);
}
