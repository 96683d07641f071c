import type { HealthServer } from './health-server';

export const DEFAULT_DRAIN_TIMEOUT_MS = 30_000;

/** "30" (seconds, ≥ 0) → 30000 ms; anything else → an error message naming the setting. */
export function parseDrainTimeout(value: string, name: string): number | string {
  const seconds = Number(value.trim());
  if (!/^\d+(\.\d+)?$/.test(value.trim()) || !Number.isFinite(seconds)) return `${name} must be a number of seconds (0 or more), got "${value}"`;
  return Math.round(seconds * 1000);
}

export interface ShutdownPlan {
  health: HealthServer | null;
  /** Stops taking jobs, lets running ones finish (bounded), saves their results. */
  drain(): Promise<void>;
}

/**
 * The order matters: readiness turns 503 first, so an orchestrator stops routing to this process
 * while the running checks still finish; the probes go away last.
 */
export async function shutDownGracefully(plan: ShutdownPlan): Promise<void> {
  plan.health?.markShuttingDown();
  try {
    await plan.drain();
  } finally {
    await plan.health?.close();
  }
}

/** However a shutdown goes, the process is gone this long after its drain timeout. */
export const SHUTDOWN_MARGIN_MS = 5_000;

/** Why a process stops: a signal, or the npm that started it went away (see stopWhenNpmExits). */
export type StopReason = NodeJS.Signals | 'npm exited';

export interface ExitOptions {
  /** Past this many ms after the first signal the process exits 1, whatever still hangs. */
  deadlineMs?: number;
  /** Says what was still running when the deadline passed (written before the exit). */
  onOverdue?: () => void;
}

/**
 * Runs `stop` once on the first SIGTERM or SIGINT; exits 0 when it succeeds, 1 when it fails or
 * outlasts the deadline: a process that lingers would keep running checks nobody asked for.
 */
export function exitGracefullyOnSignals(stop: (reason: StopReason) => Promise<void>, onFailure: (error: Error) => void, options: ExitOptions = {}): void {
  let stopping = false;
  const handle = (reason: StopReason) => {
    if (stopping) return;
    stopping = true;
    if (options.deadlineMs !== undefined) {
      setTimeout(() => {
        options.onOverdue?.();
        process.exit(1);
      }, options.deadlineMs).unref();
    }
    stop(reason)
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        onFailure(error as Error);
        process.exit(1);
      });
  };
  process.on('SIGTERM', handle);
  process.on('SIGINT', handle);
  stopWhenNpmExits(() => handle('npm exited'));
}

/** How often a process started by an npm script looks whether its parent is still there. */
const PARENT_CHECK_MS = 1_000;
/** Read at start: the parent may already be gone when the signal handlers are installed. */
const STARTED_BY = process.ppid;

/**
 * `npm run serve` starts `sh -c "node bin/sightline.mjs serve"`; SIGTERM to npm reaches that sh,
 * which dies without passing it on, and the server would run on alone (reparented). Started from an
 * npm script, the process therefore stops like on SIGTERM once its parent is gone. Only then: a
 * server started by hand under nohup outlives its shell on purpose.
 */
function stopWhenNpmExits(stop: () => void): void {
  if (!process.env.npm_lifecycle_event || process.platform === 'win32') return;
  if (process.ppid !== STARTED_BY) return stop();
  const timer = setInterval(() => {
    if (process.ppid === STARTED_BY) return;
    clearInterval(timer);
    stop();
  }, PARENT_CHECK_MS);
  timer.unref();
}
