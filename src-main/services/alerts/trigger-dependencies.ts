import { afterCommit } from '../../db/connection';
import { findAlertState } from '../../db/repositories/alerts';
import { activeDependentsOf, dependencyStatuses, type DependencyStatusRow } from '../../db/repositories/dependencies';
import type { AlertState } from '../../../src-shared/rules/alerting';
import { runCheckNow } from '../check-sessions';
import type { ServiceDeps } from '../context';
import { inBackground } from '../../core/background';

/**
 * Own runs start one request at a time per runtime: each reads whether a dependency has a run in
 * flight, then starts one, and the next must see what the previous started (twenty dependents
 * asking together give one run).
 */
const ownRunQueues = new WeakMap<object, Promise<void>>();

function runOwn(deps: ServiceDeps, accountId: string, checkIds: readonly string[], why: string, stillAwaited: (s: DependencyStatusRow) => boolean = () => true): Promise<void> {
  const next = (ownRunQueues.get(deps.runtime) ?? Promise.resolve()).then(() => runOwnNow(deps, accountId, checkIds, why, stillAwaited));
  ownRunQueues.set(deps.runtime, next);
  return next;
}

async function runOwnNow(deps: ServiceDeps, accountId: string, checkIds: readonly string[], why: string, stillAwaited: (s: DependencyStatusRow) => boolean): Promise<void> {
  // Asked just before a shutdown: nothing may start (the database may already be closed).
  if (deps.runtime.shutdown.signal.aborted) return;
  try {
    for (const status of await dependencyStatuses(deps.db, accountId, checkIds)) {
      // A heartbeat's last verdict is as fresh as it gets: nothing runs it (its pings judge it).
      // A run that finished since the hold was decided already gave the verdict awaited (it released the hold).
      if (status.inFlight !== 1 && status.checkType !== 'HEARTBEAT' && stillAwaited(status)) await runCheckNow({ ...deps, accountId }, status.id, 'DEPENDENCY_CHECK');
    }
  } catch (error) {
    deps.logger.warn({ err: error, checkIds }, why);
  }
}

/**
 * Runs now the dependencies a held alert waits for, once the judging transaction has committed
 * (afterCommit), as Sightline's own runs (runSource DEPENDENCY_CHECK). A dependency that has a run
 * in flight by then (another dependent asked first), or whose verdict is no longer awaited by then
 * (`stillAwaited`: a run finished meanwhile), is not run again, so twenty dependents give one run.
 */
export function triggerDependencies(deps: ServiceDeps, accountId: string, checkIds: readonly string[], stillAwaited: (s: DependencyStatusRow) => boolean): void {
  if (checkIds.length === 0) return;
  const why = 'could not run a dependency that a held alert waits for';
  afterCommit(deps.db, () => inBackground(deps.logger, why, () => runOwn(deps, accountId, checkIds, why, stillAwaited)));
}

/** A dependent whose failure was held down: failing, nothing sent, nothing held. */
function heldDown(state: (AlertState & { held?: unknown }) | undefined): boolean {
  return state !== undefined && (state.failedRuns > 0 || state.degradedRuns > 0) && state.alerted === 'NONE' && state.held === undefined;
}

/**
 * A dependency stopped failing: its dependents whose failure it held down are run now (after the
 * commit), so those still failing alert at once, on a verdict taken after the recovery, and those
 * that recovered meanwhile send nothing.
 */
export function rerunHeldDownDependents(deps: ServiceDeps, accountId: string, checkId: string): void {
  afterCommit(deps.db, () => void (async () => {
    if (deps.runtime.shutdown.signal.aborted) return;
    try {
      const ids: string[] = [];
      for (const { id } of await activeDependentsOf(deps.db, accountId, checkId)) {
        if (heldDown((await findAlertState(deps.db, id))?.state as (AlertState & { held?: unknown }) | undefined)) ids.push(id);
      }
      await runOwn(deps, accountId, ids, 'could not run a dependent once its dependency recovered');
    } catch (error) {
      deps.logger.warn({ err: error, checkId }, 'could not look up the dependents of a recovered dependency');
    }
  })());
}
