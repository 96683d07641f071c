/**
 * Test hook, inert unless the process was started with SIGHTLINE_TEST_HOOKS=1 (the rule of
 * core/test-hooks.ts, which the runner may not import): with SIGHTLINE_TEST_RAW_FS=1 too, a warm
 * multi-step run's `fs` is node's own rather than the run's confined one, so a test can make a
 * runtime write to its raw descriptors and check the server's own bounds on them
 * (test/runner/warm-runtime-limits.test.ts). A runtime gets both variables only from a server that
 * has them (rawFsHookEnv).
 */
export function rawFsForTests(): boolean {
  return process.env.SIGHTLINE_TEST_HOOKS === '1' && process.env.SIGHTLINE_TEST_RAW_FS === '1';
}

/** The variables that carry the hook into a warm runtime process, when this process has it. */
export function rawFsHookEnv(): Record<string, string> {
  return rawFsForTests() ? { SIGHTLINE_TEST_HOOKS: '1', SIGHTLINE_TEST_RAW_FS: '1' } : {};
}
