import { AppError } from '../../core/errors';
import { analyticsChecks, finalSamplesWithLocation, type AnalyticsCheckRow } from '../../db/repositories/analytics';
import { locationNames } from '../../db/repositories/runs';
import { findDetail } from '../../db/repositories/runs-results';
import { classifyRun } from '../retention';
import { quickRangeWindow } from '../../../src-shared/rules/quick-range';
import {
  ANALYTICS_SEGMENTS,
  type BatchAnalyticsBody,
  type BatchAnalyticsQuery,
  type BatchAnalyticsResult,
  type CheckAnalytics,
  type CheckAnalyticsQuery,
} from '../../../src-shared/schemas/analytics';
import type { ServiceContext } from '../context';
import { checkStats, rawStats, type CheckStats, type RawSample } from './stats';

type Unit = 'percentage' | 'ms' | '';

interface MetricDefinition {
  label: string;
  unit: Unit;
  value(stats: CheckStats): number | null;
}

const RESPONSE = (prefix: string, label: string): Record<string, MetricDefinition> => ({
  [`${prefix}_avg`]: { label: `${label} (avg)`, unit: 'ms', value: (s) => s.responseTime.avg },
  [`${prefix}_p50`]: { label: `${label} (p50)`, unit: 'ms', value: (s) => s.responseTime.p50 },
  [`${prefix}_p95`]: { label: `${label} (p95)`, unit: 'ms', value: (s) => s.responseTime.p95 },
  [`${prefix}_p99`]: { label: `${label} (p99)`, unit: 'ms', value: (s) => s.responseTime.p99 },
});

const AVAILABILITY: Record<string, MetricDefinition> = { availability: { label: 'Availability', unit: 'percentage', value: (s) => s.availability } };

/**
 * The metrics Sightline can compute per check type, named as the public API names them. An ICMP
 * run's response time is its average round trip; a traceroute's is the final hop's average.
 * `totalHops_avg` is known but always null: hop counts are not kept in the hourly rollups.
 */
const METRICS: Record<string, Record<string, MetricDefinition>> = {
  ICMP: {
    ...AVAILABILITY,
    ...RESPONSE('responseTime', 'Response time'),
    ...RESPONSE('latencyAvg', 'Latency'),
    packetLoss_avg: { label: 'Packet loss (avg)', unit: 'percentage', value: (s) => s.packetLoss },
  },
  TRACEROUTE: {
    ...AVAILABILITY,
    ...RESPONSE('responseTime', 'Response time'),
    ...RESPONSE('finalHopLatencyAvg', 'Final hop latency'),
    totalHops_avg: { label: 'Total hops (avg)', unit: '', value: () => null },
  },
  DEFAULT: { ...AVAILABILITY, ...RESPONSE('responseTime', 'Response time') },
};

const DEFAULT_METRICS: Record<string, string[]> = {
  ICMP: ['availability', 'packetLoss_avg', 'latencyAvg_avg', 'latencyAvg_p50', 'latencyAvg_p95', 'latencyAvg_p99'],
  TRACEROUTE: ['availability', 'finalHopLatencyAvg_avg', 'finalHopLatencyAvg_p50', 'finalHopLatencyAvg_p95', 'finalHopLatencyAvg_p99', 'totalHops_avg'],
  DEFAULT: ['availability', 'responseTime_avg', 'responseTime_p50', 'responseTime_p95', 'responseTime_p99'],
};

function round(value: number | null, digits = 3): number | null {
  return value === null ? null : Number(value.toFixed(digits));
}

async function statsOf(ctx: ServiceContext, row: AnalyticsCheckRow, range: { from: number; to: number }): Promise<CheckStats> {
  return await checkStats(ctx.db, row.checkNum, range.from, range.to);
}

/** `POST /v1/analytics/checks`: availability and timing per check for the CLI's `checks stats`; ids of no check of the account are left out. */
export async function batchCheckAnalytics(ctx: ServiceContext, body: BatchAnalyticsBody, query: BatchAnalyticsQuery): Promise<BatchAnalyticsResult[]> {
  const range = quickRangeWindow(query.quickRange, ctx.clock.now().getTime());
  const rows = new Map((await analyticsChecks(ctx.db, ctx.accountId, body.checkIds)).map((row) => [row.id, row]));
  const seen = new Set<string>();
  const results: BatchAnalyticsResult[] = [];
  for (const id of body.checkIds) {
    const row = rows.get(id);
    if (!row || seen.has(id)) continue;
    seen.add(id);
    const stats = await statsOf(ctx, row, range);
    const icmp = row.checkType === 'ICMP';
    results.push({
      checkId: row.id,
      checkType: row.checkType,
      availability: round(stats.availability, 4),
      responseTime_avg: round(stats.responseTime.avg),
      responseTime_p50: round(stats.responseTime.p50),
      responseTime_p95: round(stats.responseTime.p95),
      responseTime_p99: round(stats.responseTime.p99),
      latency_avg: icmp ? round(stats.responseTime.avg) : null,
      latency_p50: icmp ? round(stats.responseTime.p50) : null,
      latency_p95: icmp ? round(stats.responseTime.p95) : null,
      latency_p99: icmp ? round(stats.responseTime.p99) : null,
      packetLoss_avg: icmp ? round(stats.packetLoss, 4) : null,
      // Per-run loss is not kept in the rollups, so only the overall loss is known.
      packetLoss_p95: null,
      packetLoss_p99: null,
      hopCount_avg: null,
    });
  }
  return results;
}

type Series = { data: Record<string, number | null>; runLocation?: string; statusCode?: number | null }[];

/** The types whose runs get an HTTP status, which groupBy=statusCode groups by. */
const STATUS_CODE_TYPES = new Set(['API', 'URL']);

/** The HTTP status a stored API or URL run got (a passing run's summary or a failing run's response); null without a response. */
function statusOfDetail(body: string | null): number | null {
  if (!body) return null;
  try {
    const api = (JSON.parse(body) as { api?: { status?: unknown; response?: { status?: unknown } } }).api;
    const status = api?.status ?? api?.response?.status;
    return typeof status === 'number' ? status : null;
  } catch {
    return null;
  }
}

/**
 * Grouped by run location or limited to passing (success) or failing (failure) runs: the rollups
 * are per check and outcome-blind, so these come from the raw results alone (kept for the raw
 * retention period, 30 days by default).
 */
async function rawSeries(
  ctx: ServiceContext,
  row: AnalyticsCheckRow,
  range: { from: number; to: number },
  query: CheckAnalyticsQuery,
  dataOf: (stats: CheckStats) => Record<string, number | null>,
): Promise<Series> {
  const wanted = (flags: number) => {
    if (!query.filterByStatus) return true;
    const kind = classifyRun(flags);
    return query.filterByStatus === 'failure' ? kind === 'failed' : kind === 'passed' || kind === 'degraded';
  };
  const samples = (row.checkNum === null ? [] : await finalSamplesWithLocation(ctx.db, row.checkNum, range.from, range.to)).filter(([, flags]) => wanted(flags));
  const raw = (list: typeof samples): RawSample[] => list.map(([, flags, time, sent, received]) => [flags, time, sent, received]);
  if (query.groupBy === 'statusCode') {
    // Details are stored once per distinct content (every passing run of a check shares one), so each is read once.
    const statusOf = new Map<number | null, number | null>([[null, null]]);
    const byStatus = new Map<number | null, typeof samples>();
    for (const sample of samples) {
      const detailId = sample[5];
      if (!statusOf.has(detailId)) statusOf.set(detailId, statusOfDetail(detailId === null ? null : await findDetail(ctx.db, detailId)));
      const status = statusOf.get(detailId) ?? null;
      byStatus.set(status, [...(byStatus.get(status) ?? []), sample]);
    }
    // By status code; runs without a response (a network error) last, as statusCode null.
    return [...byStatus.entries()].sort(([a], [b]) => (a ?? Infinity) - (b ?? Infinity)).map(([statusCode, list]) => ({ statusCode, data: dataOf(rawStats(raw(list))) }));
  }
  if (query.groupBy !== 'runLocation') return [{ data: dataOf(rawStats(raw(samples))) }];
  const names = await locationNames(ctx.db);
  const byLocation = new Map<string, typeof samples>();
  for (const sample of samples) {
    const name = names.get(sample[0]) ?? 'unknown';
    byLocation.set(name, [...(byLocation.get(name) ?? []), sample]);
  }
  return [...byLocation.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([runLocation, list]) => ({ runLocation, data: dataOf(rawStats(raw(list))) }));
}

/** `GET /v1/analytics/{segment}/{checkId}`: one check's metrics over a named range, whole or by run location. */
export async function checkAnalytics(ctx: ServiceContext, segment: string, checkId: string, query: CheckAnalyticsQuery): Promise<CheckAnalytics> {
  const checkType = (ANALYTICS_SEGMENTS as Record<string, string>)[segment];
  if (!checkType) throw AppError.notFound();
  const [row] = await analyticsChecks(ctx.db, ctx.accountId, [checkId]);
  if (!row || row.checkType !== checkType) throw AppError.notFound();
  if (query.groupBy === 'statusCode' && !STATUS_CODE_TYPES.has(checkType)) {
    throw new AppError('validation', `groupBy: statusCode applies to API checks and URL monitors (their runs get an HTTP status), not to ${checkType} checks; use runLocation`);
  }
  const known = METRICS[checkType] ?? METRICS.DEFAULT;
  const names = query.metrics ? query.metrics.split(',').map((m) => m.trim()).filter(Boolean) : (DEFAULT_METRICS[checkType] ?? DEFAULT_METRICS.DEFAULT);
  const unknown = names.filter((name) => !known[name]);
  if (unknown.length > 0) throw new AppError('validation', `metrics: ${unknown.join(', ')} not available for ${checkType} checks; available: ${Object.keys(known).join(', ')}`);
  const range = quickRangeWindow(query.quickRange, ctx.clock.now().getTime());
  const metadata: Record<string, { label: string; unit: string }> = {};
  for (const name of names) metadata[name] = { label: known[name].label, unit: known[name].unit };
  const dataOf = (stats: CheckStats): Record<string, number | null> =>
    Object.fromEntries(names.map((name) => [name, round(known[name].value(stats), known[name].unit === 'percentage' ? 4 : 3)]));
  const series = query.groupBy || query.filterByStatus ? await rawSeries(ctx, row, range, query, dataOf) : [{ data: dataOf(await statsOf(ctx, row, range)) }];
  const frequency = row.body.frequency;
  return {
    checkId: row.id,
    name: row.name,
    checkType: row.checkType,
    activated: row.activated,
    muted: row.muted,
    frequency: typeof frequency === 'number' ? frequency : null,
    from: new Date(range.from).toISOString(),
    to: new Date(range.to).toISOString(),
    tags: row.tags,
    series,
    metadata,
  };
}
