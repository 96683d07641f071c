import { rollupHours, type RollupHour } from '../../db/repositories/analytics';
import { MAINTENANCE_KEYS, readMaintenanceState } from '../../db/repositories/maintenance-state';
import { finalSamples } from '../../db/repositories/rollups';
import type { Db } from '../../db/connection';
import { ceilHour, classifyRun, floorHour, percentile } from '../retention';

export interface ResponseStats {
  avg: number | null;
  p50: number | null;
  p95: number | null;
  p99: number | null;
}

/** What a check did in a window: verdict counts, availability %, response times (ms) and ICMP packet loss (%). */
export interface CheckStats {
  runs: number;
  passed: number;
  degraded: number;
  failed: number;
  /** (passed + degraded) / verdicts × 100, as uptime; null without a verdict. */
  availability: number | null;
  responseTime: ResponseStats;
  /** Lost packets over sent packets × 100; null when no packets were sent (not an ICMP check, or no runs). */
  packetLoss: number | null;
}

const EMPTY: CheckStats = { runs: 0, passed: 0, degraded: 0, failed: 0, availability: null, responseTime: { avg: null, p50: null, p95: null, p99: null }, packetLoss: null };

/** A part of the window: its timed runs and their statistics in µs. */
interface Part {
  timed: number;
  avgUs: number | null;
  p50Us: number | null;
  p95Us: number | null;
  p99Us: number | null;
}

function weighted(parts: readonly Part[], pick: (part: Part) => number | null): number | null {
  let weight = 0;
  let sum = 0;
  for (const part of parts) {
    const value = pick(part);
    if (value === null || part.timed === 0) continue;
    weight += part.timed;
    sum += value * part.timed;
  }
  return weight === 0 ? null : sum / weight / 1000;
}

function hourPart(hour: RollupHour): Part {
  return { timed: hour.timedRuns, avgUs: hour.responseAvgUs, p50Us: hour.responseP50Us, p95Us: hour.responseP95Us, p99Us: hour.responseP99Us };
}

/** A raw FINAL result: [flags, responseUs (measuredResponseUs), packetsSent, packetsReceived]. */
export type RawSample = [number, number | null, number | null, number | null];

interface Tally {
  runs: number;
  passed: number;
  degraded: number;
  failed: number;
  sent: number;
  received: number;
  part: Part | null;
}

/** Counts raw results as the rollups do: skipped runs never ran, so they have no time and no packets. */
function tallySamples(samples: readonly RawSample[]): Tally {
  const tally: Tally = { runs: 0, passed: 0, degraded: 0, failed: 0, sent: 0, received: 0, part: null };
  const times: number[] = [];
  for (const [flags, responseUs, packetsSent, packetsReceived] of samples) {
    tally.runs += 1;
    const kind = classifyRun(flags);
    if (kind === 'passed' || kind === 'degraded' || kind === 'failed') tally[kind] += 1;
    if (kind === 'skipped') continue;
    if (responseUs !== null) times.push(responseUs);
    tally.sent += packetsSent ?? 0;
    tally.received += packetsReceived ?? 0;
  }
  if (times.length > 0) {
    times.sort((a, b) => a - b);
    tally.part = { timed: times.length, avgUs: times.reduce((t, v) => t + v, 0) / times.length, p50Us: percentile(times, 50), p95Us: percentile(times, 95), p99Us: percentile(times, 99) };
  }
  return tally;
}

function summarise(t: Omit<Tally, 'part'>, parts: readonly Part[]): CheckStats {
  const verdicts = t.passed + t.degraded + t.failed;
  return {
    runs: t.runs,
    passed: t.passed,
    degraded: t.degraded,
    failed: t.failed,
    availability: verdicts === 0 ? null : ((t.passed + t.degraded) / verdicts) * 100,
    responseTime: { avg: weighted(parts, (p) => p.avgUs), p50: weighted(parts, (p) => p.p50Us), p95: weighted(parts, (p) => p.p95Us), p99: weighted(parts, (p) => p.p99Us) },
    packetLoss: t.sent === 0 ? null : ((t.sent - t.received) / t.sent) * 100,
  };
}

/** Exact statistics of raw results alone (grouped or filtered reads, which the per-check rollups cannot answer). */
export function rawStats(samples: readonly RawSample[]): CheckStats {
  const tally = tallySamples(samples);
  return summarise(tally, tally.part ? [tally.part] : []);
}

/**
 * A check's statistics in [fromMs, toMs), split as uptime is (services/checks/uptime.ts): hours the
 * rollup worker closed come from check_rollups, the rest from the raw FINAL results. The average is
 * exact; a percentile is exact over raw results and, where closed hours are involved, the mean of
 * the parts' percentiles weighted by their timed runs.
 */
export async function checkStats(db: Db, checkNum: number | null, fromMs: number, toMs: number): Promise<CheckStats> {
  if (checkNum === null || fromMs >= toMs) return EMPTY;
  const watermark = await readMaintenanceState(db, MAINTENANCE_KEYS.rollupWatermark) ?? -Infinity;
  const rolledFrom = ceilHour(fromMs);
  const rolledTo = Math.min(floorHour(toMs), watermark);
  const rawRanges: [number, number][] = rolledFrom < rolledTo ? [[fromMs, rolledFrom], [rolledTo, toMs]] : [[fromMs, toMs]];
  const counts = { runs: 0, passed: 0, degraded: 0, failed: 0 };
  let sent = 0;
  let received = 0;
  const parts: Part[] = [];
  if (rolledFrom < rolledTo) {
    for (const hour of await rollupHours(db, checkNum, rolledFrom, rolledTo)) {
      counts.runs += hour.runs;
      counts.passed += hour.passed;
      counts.degraded += hour.degraded;
      counts.failed += hour.failed;
      sent += hour.packetsSent;
      received += hour.packetsReceived;
      parts.push(hourPart(hour));
    }
  }
  const raw: Awaited<ReturnType<typeof finalSamples>> = [];
  for (const [from, to] of rawRanges) if (from < to) raw.push(...(await finalSamples(db, [checkNum], from, to)));
  const tally = tallySamples(raw.map(([, flags, responseUs, packetsSent, packetsReceived]) => [flags, responseUs, packetsSent, packetsReceived]));
  counts.runs += tally.runs;
  counts.passed += tally.passed;
  counts.degraded += tally.degraded;
  counts.failed += tally.failed;
  sent += tally.sent;
  received += tally.received;
  if (tally.part) parts.push(tally.part);
  return summarise({ ...counts, sent, received }, parts);
}
