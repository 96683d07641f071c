/**
 * Fault injection for the crash tests, in one place. Every hook is inert unless the process was
 * started with SIGHTLINE_TEST_HOOKS=1, so a stray variable in production changes nothing.
 *
 * - SIGHTLINE_TEST_CRASH_AFTER_RESULT_COMMIT=1: the process kills itself (SIGKILL, no cleanup) the
 *   first time alerting is handed a FINAL result, i.e. right after the result batch committed and
 *   before the run is judged (test/alerts/catch-up-crash.test.ts).
 */
const enabled = (name: string) => process.env.SIGHTLINE_TEST_HOOKS === '1' && process.env[name] === '1';

export function crashAfterResultCommitIfAsked(): void {
  if (enabled('SIGHTLINE_TEST_CRASH_AFTER_RESULT_COMMIT')) process.kill(process.pid, 'SIGKILL');
}

/**
 * SIGHTLINE_TEST_CRASH_AFTER_DESTROY_SLICE=1: the process kills itself (SIGKILL) right after the
 * first slice of a destroy's checks committed, half-way through (test/projects/destroy-crash.test.ts).
 */
export function crashAfterDestroySliceIfAsked(): void {
  if (enabled('SIGHTLINE_TEST_CRASH_AFTER_DESTROY_SLICE')) process.kill(process.pid, 'SIGKILL');
}

/**
 * SIGHTLINE_TEST_CRASH_IN_DEPLOY_COMMIT=1: the process kills itself (SIGKILL) inside a deploy's
 * commit, after its checks and bindings were written and before the transaction commits
 * (test/projects/deploy-atomic.test.ts).
 */
export function crashInDeployCommitIfAsked(): void {
  if (enabled('SIGHTLINE_TEST_CRASH_IN_DEPLOY_COMMIT')) process.kill(process.pid, 'SIGKILL');
}

/**
 * SIGHTLINE_TEST_DEPLOY_PAUSE_MS=n: a deploy waits n ms between its plan and its commit, so a test
 * can write a check the plan read before the commit re-checks it (test/projects/deploy-atomic.test.ts).
 */
export function deployPauseMs(): number {
  if (process.env.SIGHTLINE_TEST_HOOKS !== '1') return 0;
  const ms = Number(process.env.SIGHTLINE_TEST_DEPLOY_PAUSE_MS ?? 0);
  return Number.isFinite(ms) && ms > 0 ? ms : 0;
}
