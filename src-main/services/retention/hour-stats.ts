import { RESULT_FLAGS } from '../../db/repositories/runs-results';
import type { RollupRow, RollupSample } from '../../db/repositories/rollups';

export type RunClass = 'passed' | 'degraded' | 'failed' | 'skipped' | 'cancelled';

const FAILED = RESULT_FLAGS.hasFailures | RESULT_FLAGS.hasErrors | RESULT_FLAGS.timedOut;

/**
 * One FINAL result's class. A skipped run (the lane could not start it in time) is never a failure
 * of the target; a cancelled one (user cancel, shutdown, lost agent) is no verdict either.
 */
export function classifyRun(flags: number): RunClass {
  if (flags & RESULT_FLAGS.skipped) return 'skipped';
  if (flags & FAILED) return 'failed';
  if (flags & RESULT_FLAGS.isDegraded) return 'degraded';
  if (flags & RESULT_FLAGS.isCancelled) return 'cancelled';
  return 'passed';
}

/** Nearest-rank percentile of ascending values. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1];
}

export type HourStats = Omit<RollupRow, 'checkNum' | 'hourStart'>;

/** Counts, response-time statistics (µs, over non-skipped runs that measured one: measuredResponseUs) and packets of one check's hour. */
export function hourStats(samples: readonly RollupSample[]): HourStats {
  const counts = { passed: 0, degraded: 0, failed: 0, skipped: 0, cancelled: 0 };
  const times: number[] = [];
  let packetsSent = 0;
  let packetsReceived = 0;
  for (const [, flags, responseUs, sent, received] of samples) {
    const kind = classifyRun(flags);
    counts[kind] += 1;
    if (kind === 'skipped') continue;
    if (responseUs !== null) times.push(Math.round(responseUs));
    packetsSent += sent ?? 0;
    packetsReceived += received ?? 0;
  }
  times.sort((a, b) => a - b);
  const sum = times.reduce((total, t) => total + t, 0);
  return {
    runs: samples.length,
    passed: counts.passed,
    degraded: counts.degraded,
    failed: counts.failed,
    skipped: counts.skipped,
    timedRuns: times.length,
    responseMinUs: times.length ? times[0] : null,
    responseAvgUs: times.length ? Math.round(sum / times.length) : null,
    responseMaxUs: times.length ? times[times.length - 1] : null,
    responseP50Us: percentile(times, 50),
    responseP95Us: percentile(times, 95),
    responseP99Us: percentile(times, 99),
    packetsSent,
    packetsReceived,
  };
}
