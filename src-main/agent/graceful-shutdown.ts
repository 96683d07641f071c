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

/** Why a process stops. */
export type StopReason = NodeJS.Signals;

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
}
