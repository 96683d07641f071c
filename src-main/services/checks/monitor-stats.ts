import { AppError } from '../../core/errors';
import type { Db } from '../../db/connection';
import { countResultsIndexed, countsByLocationAndFlags, errorsOfDetails, finalRunsOf, firstFinalAt, sampledRuns, type FinalRun } from '../../db/repositories/check-stats';
import { MAINTENANCE_KEYS, readMaintenanceState } from '../../db/repositories/maintenance-state';
import { findCheckNumOf, listRollups, type RollupRow } from '../../db/repositories/rollups';
import { locationNames } from '../../db/repositories/runs';
import { encodeRunId } from '../../../src-shared/rules/run-ids';
import {
  DEFAULT_STATS_RANGE,
  fittingStatsRange,
  type MonitorStatsQuery,
  STATS_RANGE_MS,
  type LocationStats,
  type MonitorStats,
  type StatsBucket,
  type StatsFailure,
  type StatsRange,
} from '../../../src-shared/schemas/monitor-stats';
import type { ServiceContext } from '../context';
import { classifyRun, floorHour, HOUR_MS, percentile } from '../retention';
import { errorSummary } from './error-summary';
import { checkStats, rawStats } from './stats';
import { uptimeOf } from './uptime';

/** Short ranges read every result; their chart buckets (≤ 300 points). Longer ranges read the hourly rollups. */
const RAW_BUCKET_MS: Partial<Record<StatsRange, number>> = { '1h': 15_000, '6h': 120_000, '24h': 300_000 };
const MAX_POINTS = 300;
const LISTED_FAILURES = 50;
/** Long ranges rank each location's p50 over about this many runs (counts are exact). */
const LOCATION_SAMPLE = 20_000;

const toUs = (ms: number | null) => (ms === null ? null : Math.round(ms * 1000));

/** Response-time figures of a part of a bucket (a rolled-up hour, or raw runs): µs over its `timed` runs. */
interface Part {
  runs: number;
  failed: number;
  degraded: number;
  timed: number;
  minUs: number | null;
  avgUs: number | null;
  maxUs: number | null;
  p50Us: number | null;
  p95Us: number | null;
}

function rawPart(runs: readonly FinalRun[]): Part {
  const times: number[] = [];
  let failed = 0;
  let degraded = 0;
  for (const run of runs) {
    const kind = classifyRun(run.flags);
    if (kind === 'failed') failed += 1;
    if (kind === 'degraded') degraded += 1;
    if (kind !== 'skipped' && run.responseUs !== null) times.push(run.responseUs);
  }
  times.sort((a, b) => a - b);
  const timed = times.length;
  return {
    runs: runs.length,
    failed,
    degraded,
    timed,
    minUs: timed ? times[0] : null,
    avgUs: timed ? Math.round(times.reduce((sum, t) => sum + t, 0) / timed) : null,
    maxUs: timed ? times[timed - 1] : null,
    p50Us: percentile(times, 50),
    p95Us: percentile(times, 95),
  };
}

function rollupPart(hour: RollupRow): Part {
  return {
    runs: hour.runs,
    failed: hour.failed,
    degraded: hour.degraded,
    timed: hour.timedRuns,
    minUs: hour.responseMinUs,
    avgUs: hour.responseAvgUs,
    maxUs: hour.responseMaxUs,
    p50Us: hour.responseP50Us,
    p95Us: hour.responseP95Us,
  };
}

/** A bucket of several parts: counts add up, min/max are exact, avg and percentiles are weighted by timed runs. */
function bucketOf(at: number, parts: readonly Part[]): StatsBucket {
  const timedParts = parts.filter((p) => p.timed > 0);
  const timed = timedParts.reduce((n, p) => n + p.timed, 0);
  const weighted = (pick: (p: Part) => number | null) => {
    let weight = 0;
    let sum = 0;
    for (const part of timedParts) {
      const value = pick(part);
      if (value === null) continue;
      weight += part.timed;
      sum += value * part.timed;
    }
    return weight === 0 ? null : Math.round(sum / weight);
  };
  const extreme = (pick: (p: Part) => number | null, choose: (...values: number[]) => number) => {
    const values = timedParts.map(pick).filter((v): v is number => v !== null);
    return values.length === 0 ? null : choose(...values);
  };
  return {
    at,
    runs: parts.reduce((n, p) => n + p.runs, 0),
    failed: parts.reduce((n, p) => n + p.failed, 0),
    degraded: parts.reduce((n, p) => n + p.degraded, 0),
    timed,
    minUs: extreme((p) => p.minUs, Math.min),
    avgUs: weighted((p) => p.avgUs),
    maxUs: extreme((p) => p.maxUs, Math.max),
    p50Us: weighted((p) => p.p50Us),
    p95Us: weighted((p) => p.p95Us),
  };
}

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

const uptimePercent = (passed: number, degraded: number, failed: number) => {
  const verdicts = passed + degraded + failed;
  return verdicts === 0 ? null : ((passed + degraded) / verdicts) * 100;
};

interface LocationTally {
  runs: number;
  passed: number;
  degraded: number;
  failed: number;
  times: number[];
}

function tallyOf(tallies: Map<number, LocationTally>, location: number): LocationTally {
  let tally = tallies.get(location);
  if (!tally) {
    tally = { runs: 0, passed: 0, degraded: 0, failed: 0, times: [] };
    tallies.set(location, tally);
  }
  return tally;
}

function count(tally: LocationTally, flags: number, n: number): void {
  const kind = classifyRun(flags);
  tally.runs += n;
  if (kind === 'passed' || kind === 'degraded' || kind === 'failed') tally[kind] += n;
}

function addTime(tally: LocationTally, flags: number, responseUs: number | null): void {
  if (responseUs !== null && classifyRun(flags) !== 'skipped') tally.times.push(responseUs);
}

function locationsOf(tallies: Map<number, LocationTally>, names: Map<number, string>): LocationStats[] {
  return [...tallies]
    .map(([code, t]) => ({
      location: names.get(code) ?? 'unknown',
      runs: t.runs,
      failed: t.failed,
      uptimePercent: uptimePercent(t.passed, t.degraded, t.failed),
      p50Us: percentile(t.times.sort((a, b) => a - b), 50),
    }))
    .sort((a, b) => a.location.localeCompare(b.location));
}

/** Exact per-location figures from the raw runs. */
function locationsOfRuns(runs: readonly FinalRun[], names: Map<number, string>): LocationStats[] {
  const tallies = new Map<number, LocationTally>();
  for (const run of runs) {
    const tally = tallyOf(tallies, run.location);
    count(tally, run.flags, 1);
    addTime(tally, run.flags, run.responseUs);
  }
  return locationsOf(tallies, names);
}

/** Per-location counts of every raw run in SQL; the p50 over a sample of about LOCATION_SAMPLE of them. */
async function locationsCounted(db: Db, checkNum: number, from: number, to: number, names: Map<number, string>): Promise<{ locations: LocationStats[]; sampled: boolean }> {
  const tallies = new Map<number, LocationTally>();
  for (const row of await countsByLocationAndFlags(db, checkNum, from, to)) count(tallyOf(tallies, row.location), row.flags, row.n);
  const every = Math.floor(await countResultsIndexed(db, checkNum, from, to) / LOCATION_SAMPLE);
  for (const run of await sampledRuns(db, checkNum, from, to, every)) addTime(tallyOf(tallies, run.location), run.flags, run.responseUs);
  return { locations: locationsOf(tallies, names), sampled: every > 1 };
}

/** The newest failed runs, each with its error and result. */
async function failedRunsOf(db: Db, runs: readonly FinalRun[], bucketMs: number, names: Map<number, string>): Promise<StatsFailure[]> {
  const failed: FinalRun[] = [];
  for (let i = runs.length - 1; i >= 0 && failed.length < LISTED_FAILURES; i--) if (classifyRun(runs[i].flags) === 'failed') failed.push(runs[i]);
  const errors = await errorsOfDetails(db, failed.map((run) => run.detailId).filter((id): id is number => id !== null));
  return failed.map((run) => {
    const error = run.detailId === null ? undefined : errors.get(run.detailId);
    return {
      at: run.startedAt,
      until: run.startedAt + bucketMs,
      failed: 1,
      location: names.get(run.location) ?? null,
      error: errorSummary(error),
      checkResultId: encodeRunId('result', run.id),
    };
  });
}

/** Where a monitor's data starts: its creation, or an older first run in the last 24 h (imported or seeded history). */
async function dataStartOf(db: Db, found: { checkNum: number | null; createdAt: string }, now: number): Promise<number> {
  const created = Date.parse(found.createdAt);
  const createdAt = Number.isFinite(created) ? created : now - STATS_RANGE_MS[DEFAULT_STATS_RANGE];
  const firstRun = found.checkNum === null ? null : await firstFinalAt(db, found.checkNum, now - STATS_RANGE_MS[DEFAULT_STATS_RANGE], now);
  return Math.min(createdAt, firstRun ?? createdAt);
}

/**
 * A monitor's figures over a range: uptime (uptimeOf), p50/p95/p99 response time, a chart of at most
 * 300 buckets, its failures and a per-location breakdown. 1 h and 24 h read every FINAL result; 7 d and
 * longer read the hourly rollups for the closed hours and the raw results of the hours still open.
 */
export async function monitorStats(ctx: ServiceContext, query: MonitorStatsQuery): Promise<MonitorStats> {
  const found = await findCheckNumOf(ctx.db, query.checkId, ctx.accountId);
  if (!found) throw AppError.notFound();
  const now = ctx.clock.now().getTime();
  const dataStart = await dataStartOf(ctx.db, found, now);
  const range = query.range ?? fittingStatsRange(now - dataStart);
  const span = STATS_RANGE_MS[range];
  const rawBucket = RAW_BUCKET_MS[range];
  const to = now;
  // Long ranges start on an hour, so their buckets are whole rolled-up hours.
  const from = rawBucket ? now - span : floorHour(now - span);
  const bucketMs = rawBucket ?? HOUR_MS * Math.ceil((to - from) / HOUR_MS / MAX_POINTS);
  const uptime = await uptimeOf({ db: ctx.db, accountId: ctx.accountId }, query.checkId, from, to);
  const base: MonitorStats = {
    checkId: query.checkId,
    range,
    from,
    to,
    dataFrom: Math.max(from, Math.min(dataStart, to)),
    source: rawBucket ? 'raw' : 'rollups',
    bucketMs,
    uptime: { percent: uptime.uptimePercent, runs: uptime.runs, passed: uptime.passed, degraded: uptime.degraded, failed: uptime.failed, skipped: uptime.skipped, cancelled: uptime.cancelled },
    responseTime: { avgUs: null, p50Us: null, p95Us: null, p99Us: null, approximate: false },
    series: [],
    failures: [],
    failuresTotal: uptime.failed,
    locations: [],
    locationsSince: null,
    locationsApproximate: false,
  };
  const checkNum = found.checkNum;
  if (checkNum === null) return base;
  const names = await locationNames(ctx.db);
  const bucketStart = (t: number) => Math.floor(t / bucketMs) * bucketMs;

  if (rawBucket) {
    const runs = await finalRunsOf(ctx.db, checkNum, from, to);
    const stats = rawStats(runs.map((run) => [run.flags, run.responseUs, null, null]));
    return {
      ...base,
      responseTime: { avgUs: toUs(stats.responseTime.avg), p50Us: toUs(stats.responseTime.p50), p95Us: toUs(stats.responseTime.p95), p99Us: toUs(stats.responseTime.p99), approximate: false },
      series: [...groupBy(runs, (run) => bucketStart(run.startedAt))].map(([at, list]) => bucketOf(at, [rawPart(list)])),
      failures: await failedRunsOf(ctx.db, runs, bucketMs, names),
      locations: locationsOfRuns(runs, names),
      locationsSince: runs[0]?.startedAt ?? null,
    };
  }

  // The same split as uptimeOf and checkStats: hours the rollup worker closed, then raw results.
  const watermark = await readMaintenanceState(ctx.db, MAINTENANCE_KEYS.rollupWatermark) ?? -Infinity;
  const rolledTo = Math.max(from, Math.min(floorHour(to), watermark));
  const hours = await listRollups(ctx.db, checkNum, from, rolledTo);
  const open = await finalRunsOf(ctx.db, checkNum, rolledTo, to);
  const parts = new Map<number, Part[]>();
  const add = (at: number, part: Part) => parts.set(at, [...(parts.get(at) ?? []), part]);
  for (const hour of hours) add(bucketStart(hour.hourStart), rollupPart(hour));
  for (const [at, list] of groupBy(open, (run) => bucketStart(run.startedAt))) add(at, rawPart(list));
  const series = [...parts].sort(([a], [b]) => a - b).map(([at, list]) => bucketOf(at, list));
  const stats = await checkStats(ctx.db, checkNum, from, to);
  const locations = await locationsCounted(ctx.db, checkNum, from, to, names);
  const failures: StatsFailure[] = series
    .filter((bucket) => bucket.failed > 0)
    .reverse()
    .slice(0, LISTED_FAILURES)
    .map((bucket) => ({ at: bucket.at, until: bucket.at + bucketMs, failed: bucket.failed, location: null, error: null, checkResultId: null }));
  return {
    ...base,
    responseTime: {
      avgUs: toUs(stats.responseTime.avg),
      p50Us: toUs(stats.responseTime.p50),
      p95Us: toUs(stats.responseTime.p95),
      p99Us: toUs(stats.responseTime.p99),
      approximate: hours.some((hour) => hour.timedRuns > 0),
    },
    series,
    failures,
    locations: locations.locations,
    locationsSince: await firstFinalAt(ctx.db, checkNum, from, to),
    locationsApproximate: locations.sampled,
  };
}
