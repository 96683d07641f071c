import { randomUUID } from 'node:crypto';
import type { RunJob } from '../../runner/jobs';
import { transaction } from '../../db/connection';
import { stillLeads, updateLocationIndex, updateSchedules, type ScheduleUpdate } from '../../db/repositories/runs';
import { insertSessions } from '../../db/repositories/runs-sessions';
import { LOCAL_LOCATION } from '../../../src-shared/enums';
import { encodeRunId } from '../../../src-shared/rules/run-ids';
import type { RunSource } from '../../../src-shared/schemas/check-session';
import type { ServiceDeps } from '../context';
import type { CheckPlan, RunnablePlan } from './plan';
import type { SessionDispatch } from '../runtime';
import { runSourceCode, statusCode } from './session-state';
import { busyLocations } from './busy-locations';

export interface SessionRequest {
  plan: RunnablePlan;
  runSource: RunSource;
  /**
   * When the run was due (its schedule slot); default now. A SCHEDULER request with one is a planned
   * slot: stored as the session's planned_at, which the database lets only one session of the check have.
   */
  plannedAt?: number;
}

/** The locations one session runs: all in parallel, or the next one in rotation. */
function slotsOf(plan: CheckPlan): { slots: string[]; nextIndex: number | null } {
  if (plan.runParallel || plan.locations.length === 1) return { slots: [...plan.locations], nextIndex: null };
  const nextIndex = (plan.lastLocationIndex + 1) % plan.locations.length;
  return { slots: [plan.locations[nextIndex] ?? LOCAL_LOCATION], nextIndex };
}

export function jobFor(plan: RunnablePlan, session: { id: number; accountId: string }, slot: string, attempt: number, plannedAt: number, firstAttemptAt: number, runLocation = slot): RunJob {
  return {
    jobId: randomUUID(),
    sessionId: encodeRunId('session', session.id),
    accountId: session.accountId,
    attempt,
    execution: { ...plan.execution, runLocation },
    enqueuedAt: plannedAt,
    plannedAt,
    // A run that cannot start before the next one is due is skipped, not queued behind it.
    dropAfter: plannedAt + plan.cadence.periodMs,
    slot,
    candidates: [...plan.locations],
    retry: plan.retry,
    firstAttemptAt,
    periodMs: plan.cadence.periodMs,
  };
}

/**
 * Creates one session per request (and writes the scheduler's next-run times) in one
 * transaction, and returns the first jobs of each session for the run coordinator. A planned slot
 * that already has a session (started by another server) gets none here and is not run.
 */
export async function startSessions(deps: ServiceDeps, requests: readonly SessionRequest[], scheduleUpdates: readonly ScheduleUpdate[] = []): Promise<SessionDispatch[]> {
  const now = deps.clock.now().getTime();
  const planned = requests.map((r) => ({ ...r, ...slotsOf(r.plan) }));
  // The scheduler's writes are fenced by the lease (team mode); runs asked for by hand are not.
  const fence = scheduleUpdates.length > 0 || planned.some((p) => p.runSource === 'SCHEDULER') ? deps.runtime.leaderFence?.() : undefined;
  const ids = await transaction(deps.db, async (tx) => {
    if (fence && !(await stillLeads(tx, fence))) return null;
    // Scheduled runs only: one asked for by hand runs even while another is going.
    const busy = await busyLocations(tx, new Set(planned.filter((p) => p.runSource === 'SCHEDULER').map((p) => p.plan.checkNum)), now);
    const inserted = await insertSessions(
      tx,
      planned.map((p) => ({
        checkNum: p.plan.checkNum,
        status: statusCode('STARTED'),
        runSource: runSourceCode(p.runSource),
        startedAt: now,
        stoppedAt: null,
        runLocations: p.slots.length === 1 && p.slots[0] === LOCAL_LOCATION ? null : JSON.stringify(p.slots),
        plannedAt: p.runSource === 'SCHEDULER' ? (p.plannedAt ?? null) : null,
        nodeId: deps.runtime.sessionNodeId,
      })),
    );
    for (const [i, p] of planned.entries()) {
      // A slot started elsewhere moved the rotation there.
      if (p.nextIndex !== null && inserted[i] !== null) {
        await updateLocationIndex(tx, p.plan.checkNum, p.nextIndex);
        p.plan.lastLocationIndex = p.nextIndex;
      }
    }
    await updateSchedules(tx, scheduleUpdates);
    return inserted.map((id, i) => ({ id, busy: (planned[i]?.runSource === 'SCHEDULER' && busy.get(planned[i]?.plan.checkNum ?? -1)) || null }));
  });
  if (ids === null) {
    deps.logger.warn({ checks: planned.length, nodeId: fence?.nodeId, term: fence?.term }, 'this server no longer holds the lease it scheduled by: its due slots are left to the leader (not started here)');
    return [];
  }
  const { events } = deps.runtime;
  const dispatches: SessionDispatch[] = [];
  const startedElsewhere: string[] = [];
  for (const [i, p] of planned.entries()) {
    const id = ids[i]?.id ?? null;
    if (id === null) {
      startedElsewhere.push(p.plan.checkId);
      continue;
    }
    const busy = ids[i]?.busy ?? null;
    const session = { id, accountId: p.plan.accountId };
    if (events.listenerCount('sessionUpdated') > 0) {
      events.emit('sessionUpdated', { accountId: p.plan.accountId, checkId: p.plan.checkId, checkSessionId: encodeRunId('session', id), status: 'STARTED', finished: false });
    }
    dispatches.push({
      sessionId: id,
      checkId: p.plan.checkId,
      groupId: p.plan.groupId,
      groupConcurrency: p.plan.groupConcurrency,
      jobs: p.slots.filter((slot) => !busy?.has(slot)).map((slot) => jobFor(p.plan, session, slot, 1, Math.min(now, p.plannedAt ?? now), now)),
      previousRunActive: p.slots.flatMap((slot) => {
        const blockedBy = busy?.get(slot);
        return blockedBy ? [{ job: jobFor(p.plan, session, slot, 1, Math.min(now, p.plannedAt ?? now), now), blockedBy: blockedBy.map((id) => encodeRunId('session', id)) }] : [];
      }),
    });
  }
  if (startedElsewhere.length > 0) {
    deps.logger.info({ checks: startedElsewhere.length, checkIds: startedElsewhere.slice(0, 20) }, 'scheduled slots already have a session (started by another server): not run here');
  }
  return dispatches;
}
