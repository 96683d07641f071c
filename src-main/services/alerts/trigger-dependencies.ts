import { dependencyStatuses } from '../../db/repositories/dependencies';
import { runCheckNow } from '../check-sessions';
import type { ServiceDeps } from '../context';

/**
 * Runs now the dependencies a held alert waits for, once the judging transaction has committed
 * (setImmediate). A dependency that has a run in flight by then (another dependent asked first) is
 * not run again, so twenty dependents give one run.
 */
export function triggerDependencies(deps: ServiceDeps, accountId: string, checkIds: readonly string[]): void {
  if (checkIds.length === 0) return;
  setImmediate(() => {
    for (const status of dependencyStatuses(deps.db, accountId, checkIds)) {
      if (status.inFlight === 1) continue;
      try {
        runCheckNow({ ...deps, accountId }, status.id);
      } catch (error) {
        deps.logger.warn({ err: error, checkId: status.id }, 'could not run a dependency that a held alert waits for');
      }
    }
  });
}
