import type { JobOutcome, RunJob } from '../../runner/jobs';
import type { ResultRecordedEvent, SessionUpdatedEvent } from '../../core/events';
import { transaction, type Db } from '../../db/connection';
import { lockRowsForUpdate } from '../../db/row-locks';
import { judgeClearPassAtWrite } from '../alerts';
import { locationCodes } from '../../db/repositories/runs';
import { insertResults, RESULT_FLAGS, storeDetail } from '../../db/repositories/runs-results';
import { findSession, findSessions, previousSessionId, type SessionWithCheck } from '../../db/repositories/runs-sessions';
import { upsertCheckStatus } from '../../db/repositories/runs-statuses';
import { decideRetry, retryLocation } from '../../../src-shared/rules/retry';
import { fitRetry } from '../../../src-shared/rules/retry-fit';
import { decodeRunId, encodeRunId } from '../../../src-shared/rules/run-ids';
import { isFinished } from '../../../src-shared/rules/session-status';
import type { ServiceDeps } from '../context';
import { closeSession, detailHash, detailOf, factsOf, isFailure, NOT_RECORDED, refreshSessionStatus, resultRow, runSourceOf, statusOf } from '../check-sessions';

export interface RetryRequest {
  job: RunJob;
  /** Epoch ms when the retry is due. */
  dueAt: number;
}

export interface RecordDecision {
  retries: RetryRequest[];
  /** Sessions that reached a final status. */
  finished: number[];
}

function retryJob(job: RunJob, location: string, now: number, dueAt: number): RunJob {
  return {
    ...job,
    jobId: `${job.jobId.split(':')[0]}:${job.attempt + 1}`,
    attempt: job.attempt + 1,
    execution: { ...job.execution, runLocation: location },
    enqueuedAt: dueAt,
    plannedAt: dueAt,
    dropAfter: dueAt + job.periodMs,
  };
}

/**
 * Stores what happened to a batch of jobs in one transaction: an ATTEMPT result for a failure
 * that will be retried (and the retry to schedule), otherwise the location's FINAL result, the
 * check's status row and the session's rolled-up status. Events go out after the commit.
 */
export async function recordOutcomes(deps: ServiceDeps, outcomes: readonly JobOutcome[]): Promise<RecordDecision> {
  const now = deps.clock.now().getTime();
  const decision: RecordDecision = { retries: [], finished: [] };
  const sessionEvents = new Map<number, SessionUpdatedEvent>();
  const resultEvents: ResultRecordedEvent[] = [];
  await transaction(deps.db, async (tx) => {
    // Team mode: an outcome may arrive through another server too (an agent's retry, a requeued job),
    // or a cancel may close the session meanwhile: the sessions are locked before they are read.
    const sessionIds = [...new Set(outcomes.flatMap((o) => decodeRunId('session', o.job.sessionId) ?? []))];
    await lockRowsForUpdate(tx, 'check_sessions', 'id', sessionIds);
    // Read once for the batch (a deleted check's session is missing: nothing is recorded for it).
    const sessions = new Map<number, SessionWithCheck>((await findSessions(tx, sessionIds)).map((s) => [s.id, s]));
    const codes = await locationCodes(
      tx,
      outcomes.map((o) => o.job.execution.runLocation),
    );
    for (const outcome of outcomes) {
      const sessionId = decodeRunId('session', outcome.job.sessionId);
      if (sessionId === null) continue;
      const session = sessions.get(sessionId);
      // A deleted check, or a session already finished (cancelled): nothing more to record.
      if (!session || isFinished(statusOf(session.status))) continue;

      const facts = factsOf(outcome, now);
      const retry =
        outcome.result && isFailure(facts.flags) && !outcome.result.aborted
          ? fitRetry(
              decideRetry({
                policy: outcome.job.retry.strategy,
                doubleCheck: outcome.job.retry.doubleCheck,
                attempts: outcome.job.attempt,
                elapsedMs: now - outcome.job.firstAttemptAt,
                networkError: facts.networkError,
              }),
              { firstAttemptAt: outcome.job.firstAttemptAt, periodMs: outcome.job.periodMs, timeoutMs: outcome.job.execution.timeoutMs },
              now,
            )
          : null;
      const type = retry?.retry ? 'ATTEMPT' : 'FINAL';
      const detail = detailOf(outcome.result, facts.error);
      const detailId = detail === null ? null : await storeDetail(tx, detailHash(detail), detail, now);
      const location = codes.get(outcome.job.execution.runLocation) ?? 0;
      const [resultId = 0] = await insertResults(tx, [
        resultRow(outcome, facts, { sessionId, checkNum: session.checkNum, location, detailId, sessionStartedAt: session.startedAt }, type),
      ]);

      if (retry?.retry) {
        const dueAt = now + retry.delayMs;
        const next = retryLocation(outcome.job.execution.runLocation, outcome.job.candidates, retry.sameLocation);
        decision.retries.push({ job: retryJob(outcome.job, next, now, dueAt), dueAt });
      } else {
        // Runs that did not happen (skipped, shutdown, lease expired, internal error) leave the check's status as it was.
        // (A CANCELLED outcome never gets here: cancelling closes its session first, and finished sessions are skipped above.)
        if (outcome.result) {
          await upsertCheckStatus(tx, { checkNum: session.checkNum, flags: facts.flags, responseTimeMs: facts.responseTimeMs, location, sessionId, now });
        }
        resultEvents.push({
          accountId: session.accountId,
          checkId: session.checkId,
          checkName: session.checkName,
          checkType: session.checkType,
          checkSessionId: outcome.job.sessionId,
          checkResultId: encodeRunId('result', resultId),
          runSource: runSourceOf(session.runSource),
          runLocation: outcome.job.execution.runLocation,
          resultType: 'FINAL',
          hasFailures: (facts.flags & RESULT_FLAGS.hasFailures) !== 0,
          hasErrors: (facts.flags & RESULT_FLAGS.hasErrors) !== 0,
          isDegraded: (facts.flags & RESULT_FLAGS.isDegraded) !== 0,
          isCancelled: (facts.flags & RESULT_FLAGS.isCancelled) !== 0,
          timedOut: (facts.flags & RESULT_FLAGS.timedOut) !== 0,
          responseTime: facts.responseTimeMs,
          startedAt: new Date(facts.startedAt).toISOString(),
          stoppedAt: new Date(facts.startedAt + facts.durationMs).toISOString(),
          attempts: outcome.job.attempt,
          reason: outcome.reason ?? null,
          errorMessage: facts.error?.message ?? null,
        });
      }
      const status = await refreshSessionStatus(tx, session, now, { final: type === 'FINAL', flags: facts.flags });
      if (status) {
        const finished = isFinished(status);
        if (finished) decision.finished.push(sessionId);
        // The common case judged here, in this transaction: a passing run of a check whose alert state
        // is clear and that has nothing older to judge (alerting only moves its marker). Every other
        // verdict is alerting's, after the commit.
        const event = resultEvents.at(-1);
        if (status === 'PASSED' && type === 'FINAL' && event?.checkSessionId === outcome.job.sessionId && await passJudgedAtWrite(tx, session, now)) {
          event.judgedAtWrite = true;
        }
        sessionEvents.set(sessionId, { accountId: session.accountId, checkId: session.checkId, checkSessionId: outcome.job.sessionId, status, finished });
      }
    }
  });
  const { events } = deps.runtime;
  for (const event of resultEvents) await safeEmit(deps, () => events.emit('resultRecorded', event));
  for (const event of sessionEvents.values()) await safeEmit(deps, () => events.emit('sessionUpdated', event));
  return decision;
}

/** Judges a passing finished session at write when alerting would only move its marker (see judgeClearPassAtWrite). */
async function passJudgedAtWrite(tx: Db, session: SessionWithCheck, now: number): Promise<boolean> {
  const previous = await previousSessionId(tx, session.checkNum, session.id, session.startedAt);
  if (previous === null) return false;
  return await judgeClearPassAtWrite(
    tx,
    { accountId: session.accountId, checkId: session.checkId, checkSessionId: encodeRunId('session', session.id), previousSessionId: encodeRunId('session', previous) },
    now,
  );
}

async function safeEmit(deps: ServiceDeps, emit: () => Promise<void>): Promise<void> {
  try {
    await emit();
  } catch (error) {
    deps.logger.error({ err: error }, 'an event listener failed');
  }
}

/**
 * A batch whose outcomes could not be stored (recordOutcomes kept throwing): each of its sessions
 * still open is closed, every location without a FINAL result getting one that says Sightline
 * failed to record it. One transaction per session, so one that cannot be closed leaves the others
 * closed. Returns the sessions closed.
 */
export async function closeUnrecordedSessions(deps: ServiceDeps, outcomes: readonly JobOutcome[]): Promise<number[]> {
  const now = deps.clock.now().getTime();
  const ids = new Set<number>();
  for (const outcome of outcomes) {
    const id = decodeRunId('session', outcome.job.sessionId);
    if (id !== null) ids.add(id);
  }
  const closed: number[] = [];
  for (const id of ids) {
    const checkSessionId = encodeRunId('session', id);
    let done: { session: SessionWithCheck; results: ResultRecordedEvent[] } | null;
    try {
      done = await transaction(deps.db, async (tx) => {
        await lockRowsForUpdate(tx, 'check_sessions', 'id', [id]);
        const session = await findSession(tx, id);
        if (!session || isFinished(statusOf(session.status))) return null;
        return { session, results: await closeSession(tx, session, NOT_RECORDED, now) };
      });
    } catch (error) {
      deps.logger.error({ err: error, checkSessionId }, 'a session whose outcomes could not be recorded could not be closed either');
      continue;
    }
    if (!done) continue;
    closed.push(id);
    const { accountId, checkId } = done.session;
    const { events } = deps.runtime;
    for (const event of done.results) await safeEmit(deps, () => events.emit('resultRecorded', event));
    await safeEmit(deps, () => events.emit('sessionUpdated', { accountId, checkId, checkSessionId, status: NOT_RECORDED.status, finished: true }));
  }
  return closed;
}
