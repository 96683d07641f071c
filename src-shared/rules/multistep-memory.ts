/**
 * The memory limit of each process of a multi-step run, in MB: here rather than in the runner so
 * that config (which reads --multistep-memory-mb) and the runner (which applies it) share one value.
 */
export const DEFAULT_MULTISTEP_MEMORY_MB = 512;
/** Below this Playwright itself cannot start (its worker maps about 200 MB before the script runs). */
export const MIN_MULTISTEP_MEMORY_MB = 256;
