import { scheduledChecks, findAlertState, finishedSessionsAfter, oldestOpenSessionAfter, sessionStartedAt } from '../../db/repositories/alerts';
import { findCheckNum } from '../../db/repositories/runs';
import { SERVER_JUDGED_TYPES } from '../../../src-shared/check-types';
import { decodeRunId } from '../../../src-shared/rules/run-ids';
import { STUCK_SESSION_MS } from '../check-sessions';
import type { ServiceDeps } from '../context';
import { recordAlertRun, type RunAlertOutcome } from './record-run';
import { storedAlertRun } from './stored-run';

/** Only sessions of the last 24 h are judged late: older ones are history, not news. */
export const CATCH_UP_WINDOW_MS = 24 * 60 * 60_000;
/** Sessions read per query. */
const BATCH = 100;
/**
 * Ids grow with start order, so sessions after the last judged one started no earlier than it; the
 * slack keeps a clock stepped back a little from hiding one, while the index walk stays short.
 */
const CLOCK_SLACK_MS = 10 * 60_000;

export interface PendingCheck {
  accountId: string;
  checkId: string;
  checkNum: number;
}

export interface JudgedSession {
  checkSessionId: string;
  outcome: RunAlertOutcome;
}

async function lastJudgedOf(deps: ServiceDeps, checkId: string): Promise<number> {
  const stored = (await findAlertState(deps.db, checkId))?.lastSessionId;
  return stored ? (decodeRunId('session', stored) ?? 0) : 0;
}

/**
 * Judges, oldest first, every finished session of the check that alerting has not judged yet
 * (within the window). Each session is judged in its own transaction, which also moves the
 * check's last-judged marker, so running this again (a replayed event, a second start) judges
 * nothing twice. It stops before a session still running (unless stuck): a newer session that
 * finished first — a slot skipped because this run outlasted its period — waits for it, so the
 * marker never passes a run whose failure is still to come.
 */
export async function judgePendingSessions(deps: ServiceDeps, check: PendingCheck, windowMs = CATCH_UP_WINDOW_MS, bornFinished = false): Promise<JudgedSession[]> {
  const judged: JudgedSession[] = [];
  const windowStart = deps.clock.now().getTime() - windowMs;
  let after = await lastJudgedOf(deps, check.checkId);
  const markerStart = after > 0 ? await sessionStartedAt(deps.db, after) : null;
  const since = markerStart === null ? windowStart : Math.max(windowStart, markerStart - CLOCK_SLACK_MS);
  // A type the server judges itself (heartbeats) stores each session finished: none is ever open.
  const openId = bornFinished ? null : await oldestOpenSessionAfter(deps.db, check.checkNum, after, deps.clock.now().getTime() - STUCK_SESSION_MS);
  for (;;) {
    const sessions = await finishedSessionsAfter(deps.db, check.checkNum, after, since, BATCH);
    for (const session of sessions) {
      if (openId !== null && session.id > openId) return judged;
      const run = await storedAlertRun(deps.db, check, session);
      judged.push({ checkSessionId: run.checkSessionId, outcome: await recordAlertRun(deps, run) });
      after = session.id;
    }
    if (sessions.length < BATCH) return judged;
  }
}

/** The live path: a FINAL result of this check was stored; judge what of it is finished and not yet judged. */
export async function judgeCheck(deps: ServiceDeps, accountId: string, checkId: string, checkType?: string): Promise<JudgedSession[]> {
  const checkNum = await findCheckNum(deps.db, accountId, checkId);
  // The check was deleted meanwhile (its sessions went with it): nothing left to alert about.
  if (checkNum === null) return [];
  const bornFinished = (SERVER_JUDGED_TYPES as readonly string[]).includes(checkType ?? '');
  return await judgePendingSessions(deps, { accountId, checkId, checkNum }, CATCH_UP_WINDOW_MS, bornFinished);
}

/**
 * At start, before the scheduler resumes: judges the sessions a previous process finished but
 * never judged (it stopped between the result's commit and the alert's). Bounded by the window.
 */
export async function catchUpAlerting(deps: ServiceDeps): Promise<JudgedSession[]> {
  const judged: JudgedSession[] = [];
  for (const check of await scheduledChecks(deps.db)) judged.push(...(await catchUpCheck(deps, check)));
  return judged;
}

/**
 * The same, a slice of checks per turn of the event loop: with ten thousand checks the server
 * answers requests while it catches up (each check's judging is idempotent, so a live result
 * judged meanwhile is not judged twice). Stops early when `stopped()` turns true.
 */
export async function catchUpAlertingInSlices(deps: ServiceDeps, stopped: () => boolean, slice = 100): Promise<JudgedSession[]> {
  const checks = await scheduledChecks(deps.db);
  const judged: JudgedSession[] = [];
  for (let i = 0; i < checks.length && !stopped(); i += slice) {
    for (const check of checks.slice(i, i + slice)) judged.push(...await catchUpCheck(deps, check));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return judged;
}

async function catchUpCheck(deps: ServiceDeps, check: PendingCheck): Promise<JudgedSession[]> {
  try {
    return await judgePendingSessions(deps, check);
  } catch (error) {
    deps.logger.error({ err: error, checkId: check.checkId }, 'alerting could not catch up on a check');
    return [];
  }
}
