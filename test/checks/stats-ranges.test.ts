import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import { assignMissingCheckNums, locationCodes } from '../../src-main/db/repositories/runs';
import { RESULT_FLAGS } from '../../src-main/db/repositories/runs-results';
import type { StatsRange } from '../../src-shared/schemas/monitor-stats';
import { icmpBody } from '../helpers/server';
import { trpcCode } from '../helpers/trpc';
import { useServerWithClients } from '../helpers/trpc-server';

const NOW = Date.parse('2026-03-10T12:30:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const { hasFailures, isDegraded, timedOut, skipped, isCancelled } = RESULT_FLAGS;

interface Seeded {
  at: number;
  location: 'local' | 'eu-west-1';
  kind: 'passed' | 'failed' | 'degraded' | 'skipped';
  /** The ping's average round trip, µs; null when no reply came back. */
  avgUs: number | null;
  error?: string;
}

/**
 * Ten days of a ping monitor: `local` every 10 minutes at 42 µs, `eu-west-1` every 30 minutes for
 * the last two days at 5 ms; one failure 5 days ago and one 20 minutes ago (no reply, so no
 * response time), a degraded run 3 hours ago and a skipped one half an hour ago.
 */
function history(): Seeded[] {
  const rows: Seeded[] = [];
  for (let at = NOW - 10 * DAY; at < NOW; at += 10 * MINUTE) rows.push({ at, location: 'local', kind: 'passed', avgUs: 42 });
  for (let at = NOW - 2 * DAY + 2 * MINUTE; at < NOW; at += 30 * MINUTE) rows.push({ at, location: 'eu-west-1', kind: 'passed', avgUs: 5000 });
  rows.push({ at: NOW - 5 * DAY + 5 * MINUTE, location: 'local', kind: 'failed', avgUs: null });
  rows.push({ at: NOW - 20 * MINUTE + 37_000, location: 'local', kind: 'failed', avgUs: null, error: JSON.stringify({ kind: 'TIMEOUT', message: 'ping did not finish within 3000 ms' }) });
  rows.push({ at: NOW - 3 * HOUR + 1_000, location: 'eu-west-1', kind: 'degraded', avgUs: 9000 });
  rows.push({ at: NOW - 30 * MINUTE + 3_000, location: 'local', kind: 'skipped', avgUs: null });
  return rows;
}

const FLAGS = { passed: 0, failed: hasFailures | timedOut, degraded: isDegraded, skipped: skipped | isCancelled } as const;

function expectedUptime(rows: readonly Seeded[], from: number) {
  const inRange = rows.filter((row) => row.at >= from && row.at < NOW);
  const n = (kind: Seeded['kind']) => inRange.filter((row) => row.kind === kind).length;
  const verdicts = n('passed') + n('degraded') + n('failed');
  return { runs: inRange.length, passed: n('passed'), degraded: n('degraded'), failed: n('failed'), skipped: n('skipped'), cancelled: 0, percent: ((n('passed') + n('degraded')) / verdicts) * 100 };
}

describe('monitorStats.get over seeded history: raw ranges, rollup ranges, failures, locations, µs', { timeout: 60_000 }, () => {
  let checkId: string;
  const rows = history();

  /** Stores the rows as the pipeline would (FINAL results of a ping check); returns the check's number. */
  async function seed(name: string, seeded: readonly Seeded[]): Promise<{ id: string; checkNum: number }> {
    const created = await env.server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name }));
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    const { db, sqlite } = env.server.backend.db;
    await assignMissingCheckNums(db, [id]);
    const { check_num: checkNum } = sqlite.prepare('select check_num from check_schedule where check_id = ?').get(id) as { check_num: number };
    const codes = await locationCodes(db, ['local', 'eu-west-1']);
    // SQL: ten days of results at chosen past times, verdicts and locations, which no run through the API can make.
    const detail = sqlite.prepare('insert into result_details (hash, body, last_used_at) values (randomblob(16), ?, ?)');
    const insert = sqlite.prepare(`insert into check_results (session_id, check_num, location, result_type, flags, attempt, started_at, duration_ms,
      response_time_ms, packets_sent, packets_received, avg_us, detail_id) values (0, ?, ?, 0, ?, 1, ?, 100, ?, ?, ?, ?, ?)`);
    sqlite.transaction(() => {
      for (const row of seeded) {
        const detailId = row.error ? Number(detail.run(JSON.stringify({ error: JSON.parse(row.error) }), NOW).lastInsertRowid) : null;
        const ran = row.kind !== 'skipped';
        const replied = row.avgUs !== null;
        // As the executors record it: responseTime is the rounded average, 0 without a reply.
        insert.run(checkNum, codes.get(row.location), FLAGS[row.kind], row.at, ran ? Math.round((row.avgUs ?? 0) / 1000) : null, ran ? 1 : null, ran ? (replied ? 1 : 0) : null, row.avgUs, detailId);
      }
      const last = seeded.filter((row) => row.kind !== 'skipped').at(-1);
      if (last) sqlite.prepare('insert into check_statuses (check_num, flags, last_location, last_session_id, created_at, updated_at) values (?, ?, ?, 1, ?, ?)').run(checkNum, FLAGS[last.kind], codes.get(last.location), last.at, last.at);
    })();
    return { id, checkNum };
  }

  /** Passing every 10 minutes for 10 days but once, 5 days ago. */
  const steadyRows: Seeded[] = [];
  for (let at = NOW - 10 * DAY; at < NOW; at += 10 * MINUTE) steadyRows.push({ at, location: 'local', kind: at === NOW - 5 * DAY ? 'failed' : 'passed', avgUs: at === NOW - 5 * DAY ? null : 42 });
  let steadyId: string;

  const env = useServerWithClients({ clock: new ManualClock(NOW) });

  beforeAll(async () => {
    checkId = (await seed('Seeded', rows.sort((a, b) => a.at - b.at))).id;
    steadyId = (await seed('Steady', steadyRows)).id;
    // The real rollup worker closes every hour up to 11:00 (12:30 less an hour and its grace period).
    const report = await env.server.backend.retention.runOnce();
    expect(report.errors).toEqual([]);
    expect(report.rollups.watermark).toBe(Date.parse('2026-03-10T12:00:00.000Z'));
  });

  const stats = (range: StatsRange) => env.trpc.monitorStats.get.query({ checkId, range });

  it('1 h reads raw results: exact uptime, sub-millisecond percentiles, the failure as a failure with its error', async () => {
    const s = await stats('1h');
    expect(s).toMatchObject({ source: 'raw', bucketMs: 15_000, from: NOW - HOUR, to: NOW });
    const { percent, ...counts } = expectedUptime(rows, NOW - HOUR);
    expect(s.uptime).toMatchObject(counts);
    expect(s.uptime.percent).toBeCloseTo(percent, 9);
    // 6 local pings at 42 µs, 2 eu-west-1 at 5 ms: the failure measured nothing and does not pull the p50 to 0.
    expect(s.responseTime).toEqual({ avgUs: Math.round((6 * 42 + 2 * 5000) / 8), p50Us: 42, p95Us: 5000, p99Us: 5000, approximate: false });
    expect(s.failuresTotal).toBe(1);
    expect(s.failures).toEqual([
      { at: NOW - 20 * MINUTE + 37_000, until: NOW - 20 * MINUTE + 52_000, failed: 1, location: 'local', error: 'TIMEOUT: ping did not finish within 3000 ms', checkResultId: expect.stringMatching(/^7e5a0000-/) },
    ]);
    const failedBucket = s.series.find((bucket) => bucket.failed > 0);
    expect(failedBucket).toMatchObject({ at: NOW - 20 * MINUTE + 30_000, runs: 1, failed: 1, timed: 0, minUs: null, p50Us: null });
    expect(s.series.every((bucket) => bucket.minUs === null || bucket.minUs >= 42)).toBe(true);
    expect(s.locations).toEqual([
      { location: 'eu-west-1', runs: 2, failed: 0, uptimePercent: 100, p50Us: 5000 },
      { location: 'local', runs: 8, failed: 1, uptimePercent: (6 / 7) * 100, p50Us: 42 },
    ]);
    expect(s.locationsApproximate).toBe(false);
  });

  it('24 h: the degraded run counts as up; at most 300 chart points', async () => {
    const s = await stats('24h');
    const { percent, ...counts } = expectedUptime(rows, NOW - DAY);
    expect(s.uptime).toMatchObject({ ...counts, degraded: 1 });
    expect(s.uptime.percent).toBeCloseTo(percent, 9);
    expect(s).toMatchObject({ source: 'raw', bucketMs: 300_000 });
    expect(s.series.length).toBeLessThanOrEqual(300);
    expect(s.series.find((bucket) => bucket.degraded > 0)).toMatchObject({ maxUs: 9000 });
  });

  it.each([
    ['7d', 7, HOUR],
    ['30d', 30, 3 * HOUR],
    ['90d', 90, 8 * HOUR],
  ] as const)('%s reads the hourly rollups for closed hours and raw results after them', async (range, days, bucketMs) => {
    const s = await stats(range);
    const from = Math.floor((NOW - days * DAY) / HOUR) * HOUR;
    expect(s).toMatchObject({ source: 'rollups', bucketMs, from, to: NOW });
    const { percent, ...counts } = expectedUptime(rows, from);
    expect(s.uptime).toMatchObject(counts);
    expect(s.uptime.percent).toBeCloseTo(percent, 9);
    expect(s.series.length).toBeLessThanOrEqual(300);
    expect(s.series.reduce((n, bucket) => n + bucket.runs, 0)).toBe(counts.runs);
    // Hourly percentiles weighted by their timed runs: every hour's p50 is 42 µs. The p99 (5 ms over
    // every run) becomes a mean of hours at 42 µs and hours at 5 ms: an approximation, and flagged so.
    expect(s.responseTime).toMatchObject({ p50Us: 42, approximate: true });
    expect(s.responseTime.p99Us).toBeGreaterThan(42);
    expect(s.responseTime.p99Us).toBeLessThan(5000);
    // The failure of 5 days ago is a failure in its period, never a 0 ms point.
    const old = Math.floor((NOW - 5 * DAY + 5 * MINUTE) / bucketMs) * bucketMs;
    expect(s.series.find((bucket) => bucket.at === old)).toMatchObject({ failed: 1, minUs: 42 });
    expect(s.series.every((bucket) => bucket.minUs === null || bucket.minUs >= 42)).toBe(true);
    expect(s.failures.map((failure) => [failure.at, failure.until, failure.failed])).toEqual([
      [Math.floor((NOW - 20 * MINUTE) / bucketMs) * bucketMs, Math.floor((NOW - 20 * MINUTE) / bucketMs) * bucketMs + bucketMs, 1],
      [old, old + bucketMs, 1],
    ]);
    expect(s.failuresTotal).toBe(2);
    expect(s.locations).toEqual([
      expect.objectContaining({ location: 'eu-west-1', failed: 0, uptimePercent: 100, p50Us: 5000 }),
      expect.objectContaining({ location: 'local', failed: 2, p50Us: 42 }),
    ]);
    expect(s.locationsSince).toBe(rows.filter((row) => row.at >= from).reduce((min, row) => Math.min(min, row.at), Infinity));
  });

  it('state: passing since the first pass after the last failure, found through the rollups when it is older than the raw window', async () => {
    expect(await env.trpc.monitorStats.state.query({ checkId: steadyId })).toEqual({ health: 'passing', since: NOW - 5 * DAY + 10 * MINUTE, lastRunAt: NOW - 10 * MINUTE, flapping: false });
    // The seeded monitor failed 20 minutes ago: passing again since its next run.
    expect(await env.trpc.monitorStats.state.query({ checkId })).toMatchObject({ health: 'passing', since: NOW - 10 * MINUTE });
  });

  it('without a range, picks the quick range that fits the data: 1 h for 10 minutes of runs, 6 h for 3 hours, 24 h for older', async () => {
    const young = await seed('Ten minutes old', [NOW - 10 * MINUTE, NOW - 5 * MINUTE].map((at) => ({ at, location: 'local' as const, kind: 'passed' as const, avgUs: 42 })));
    const fitted = await env.trpc.monitorStats.get.query({ checkId: young.id });
    // The chart starts where the data does, so two runs are not a sliver at the right of an empty hour.
    expect(fitted).toMatchObject({ range: '1h', from: NOW - HOUR, dataFrom: NOW - 10 * MINUTE, bucketMs: 15_000, uptime: { runs: 2 } });

    const hours = await seed('Three hours of runs', [{ at: NOW - 3 * HOUR, location: 'local', kind: 'passed', avgUs: 42 }]);
    expect(await env.trpc.monitorStats.get.query({ checkId: hours.id })).toMatchObject({ range: '6h', from: NOW - 6 * HOUR, dataFrom: NOW - 3 * HOUR, bucketMs: 120_000, source: 'raw' });

    expect(await env.trpc.monitorStats.get.query({ checkId })).toMatchObject({ range: '24h', from: NOW - DAY, dataFrom: NOW - DAY });
    // A range asked for is kept, and the data start never falls before it.
    expect(await env.trpc.monitorStats.get.query({ checkId: young.id, range: '7d' })).toMatchObject({ range: '7d', dataFrom: NOW - 10 * MINUTE });
    expect(await env.trpc.monitorStats.get.query({ checkId, range: '1h' })).toMatchObject({ range: '1h', dataFrom: NOW - HOUR });
  });

  it('a bad range is a 400 naming the field; an unknown monitor is NOT_FOUND', async () => {
    const input = encodeURIComponent(JSON.stringify({ checkId, range: '2d' }));
    const res = await fetch(`${env.server.url}/trpc/monitorStats.get?input=${input}`, { headers: { authorization: `Bearer ${env.server.key}` } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(/^range: must be one of 1h, 6h, 24h, 7d, 30d, 90d/);
    expect(await trpcCode(env.trpc.monitorStats.get.query({ checkId: '00000000-0000-4000-8000-000000000000', range: '1h' }))).toBe('NOT_FOUND');
  });
});

describe('monitorStats over real runs: a loopback ping in µs, a failing run, the state and since when', { timeout: 120_000 }, () => {
  const env = useServerWithClients();

  async function create(name: string, request: Record<string, unknown>): Promise<string> {
    const res = await env.server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name, request, activated: false }));
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  }

  async function run(checkId: string): Promise<void> {
    const session = await env.trpc.checkSessions.runNow.mutate({ checkId });
    await env.trpc.checkSessions.completion.query({ checkSessionId: session.checkSessionId, maxWaitSeconds: 30 });
  }

  it('keeps a loopback ping below a millisecond in µs, and a monitor that never ran has no figures', async () => {
    const id = await create('Loopback', { hostname: '127.0.0.1', pingCount: 2 });
    const empty = await env.trpc.monitorStats.get.query({ checkId: id, range: '1h' });
    expect(empty).toMatchObject({ uptime: { percent: null, runs: 0 }, responseTime: { p50Us: null }, series: [], failures: [], locations: [] });
    expect(await env.trpc.monitorStats.state.query({ checkId: id })).toEqual({ health: 'paused', since: null, lastRunAt: null, flapping: false });

    await run(id);
    await run(id);
    const s = await env.trpc.monitorStats.get.query({ checkId: id, range: '1h' });
    expect(s.uptime).toMatchObject({ percent: 100, runs: 2 });
    expect(s.responseTime.p50Us).toBeGreaterThan(0);
    expect(s.responseTime.p50Us).toBeLessThan(1000);
    expect(s.locations).toEqual([{ location: 'local', runs: 2, failed: 0, uptimePercent: 100, p50Us: expect.any(Number) }]);
  });

  it('lists a failing run as a failure with its error; its state is failing since the first failed run', async () => {
    const id = await create('Impossible', { hostname: '127.0.0.1', pingCount: 1, assertions: [{ source: 'LATENCY', comparison: 'LESS_THAN', property: 'avg', target: '0' }] });
    const activate = await env.server.api('PUT', `/v1/checks/icmp/${id}`, { activated: true });
    expect(activate.status, activate.text).toBe(200);
    await run(id);
    const first = await env.trpc.monitorStats.get.query({ checkId: id, range: '24h' });
    expect(first.failuresTotal).toBe(1);
    expect(first.failures[0]).toMatchObject({ failed: 1, location: 'local', error: expect.stringMatching(/^ASSERTION_FAILED: /) });
    expect(first.uptime.percent).toBe(0);
    await run(id);
    const state = await env.trpc.monitorStats.state.query({ checkId: id });
    expect(state).toMatchObject({ health: 'failing', since: first.failures[0].at });
    expect(state.lastRunAt).toBeGreaterThanOrEqual(state.since as number);
  });
});
