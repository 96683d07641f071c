import { EventBus } from '../../core/events';
import type { RunJob } from '../../agent/jobs';
import type { ServiceDeps } from '../context';

/** What a new session needs to be run: its first jobs, and its group for group concurrency. */
export interface SessionDispatch {
  sessionId: number;
  checkId: string;
  groupId: number | null;
  /** How many of the group's checks may run at once when several are triggered together. */
  groupConcurrency: number | null;
  jobs: RunJob[];
}

/** Implemented by the scheduler's run coordinator; services only know this interface. */
export interface RunControl {
  dispatch(sessions: readonly SessionDispatch[]): void;
  cancelSession(sessionId: number): void;
}

export interface RunRuntime {
  events: EventBus;
  control: RunControl | null;
  /** Where links in session and result bodies point (the server's own URL). */
  baseUrl: string;
}

// Keyed by the database handle every ServiceContext carries, so services reach the runtime of
// their own backend without widening ServiceDeps (several backends may live in one test process).
const runtimes = new WeakMap<object, RunRuntime>();

export function attachRunRuntime(deps: ServiceDeps, runtime: RunRuntime): void {
  runtimes.set(deps.db, runtime);
}

export function runRuntimeOf(deps: ServiceDeps): RunRuntime {
  let runtime = runtimes.get(deps.db);
  if (!runtime) {
    runtime = { events: new EventBus(), control: null, baseUrl: '' };
    runtimes.set(deps.db, runtime);
  }
  return runtime;
}
