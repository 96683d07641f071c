import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import { MAINTENANCE_KEYS } from '../../src-main/db/repositories/maintenance-state';
import { uptimeOf } from '../../src-main/services/checks/uptime';
import { encodeRunId } from '../../src-shared/rules/run-ids';
import { icmpBody, type TestServer } from '../helpers/server';
import { trpcError, type TrpcClient } from '../helpers/trpc';
import { createChecks, DAY, FLAGS, HOUR, insertResults } from './overview-fixtures';
import { useServerWithClients } from '../helpers/trpc-server';

/** A ping request that always fails its assertion (average latency below 0 ms). */
const IMPOSSIBLE = { hostname: '127.0.0.1', pingCount: 1, assertions: [{ source: 'LATENCY', comparison: 'LESS_THAN', property: 'avg', target: '0' }] };

async function runToCompletion(server: TestServer, checkId: string): Promise<void> {
  const triggered = await server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: [checkId] } });
  expect(triggered.status, triggered.text).toBe(201);
  const done = await server.api('GET', `/v1/check-sessions/${triggered.body.sessions[0].checkSessionId}/completion?maxWaitSeconds=30`);
  expect(done.status, done.text).toBe(200);
}

async function create(server: TestServer, body: Record<string, unknown>): Promise<string> {
  const res = await server.api('POST', '/v1/checks/icmp', icmpBody(body));
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

describe('checks.overview with real runs (fping on loopback)', () => {
  const env = useServerWithClients();

  it('lists the failing monitor first, then passing, not run yet and paused, with last run, µs response, uptime and strip', async () => {
    const passing = await create(env.server, { name: 'Loopback', request: { hostname: '127.0.0.1', pingCount: 1 } });
    const failing = await create(env.server, { name: 'Impossible latency', request: IMPOSSIBLE });
    const fresh = await create(env.server, { name: 'Never ran' });
    const paused = await create(env.server, { name: 'A paused one', activated: false, request: { hostname: '127.0.0.1', pingCount: 1 } });
    await runToCompletion(env.server, passing);
    await runToCompletion(env.server, failing);
    await runToCompletion(env.server, paused);

    const page = await env.trpc.checks.overview.query({});
    expect(page.items.map((item) => [item.name, item.health])).toEqual([
      ['Impossible latency', 'failing'],
      ['Loopback', 'passing'],
      ['Never ran', 'not-run'],
      ['A paused one', 'paused'],
    ]);
    expect(page).toMatchObject({ total: 4, page: 1, limit: 25, healthCounts: { failing: 1, degraded: 0, passing: 1, 'not-run': 1, paused: 1 } });

    const [bad, good, none] = page.items;
    expect(bad).toMatchObject({ id: failing, checkType: 'ICMP', target: '127.0.0.1', uptime24h: 0, lastResponsePrecise: true });
    expect(bad.recent).toHaveLength(1);
    expect(bad.recent[0]).toMatchObject({ verdict: 'FAILED', id: expect.stringMatching(/^7e5a0000-/) });
    expect(good).toMatchObject({ id: passing, uptime24h: 100, lastResponsePrecise: true });
    // A loopback ping answers in microseconds: the list keeps them.
    expect(good.lastResponseUs).toBeGreaterThan(0);
    expect(good.lastResponseUs).toBeLessThan(50_000);
    expect(good.recent.map((r) => r.verdict)).toEqual(['PASSED']);
    expect(Date.parse(good.lastRunAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    const status = await env.server.api('GET', `/v1/check-statuses/${passing}`);
    expect(good.lastRunAt).toBe(status.body.updated_at);
    expect(none).toMatchObject({ id: fresh, lastRunAt: null, lastResponseUs: null, uptime24h: null, recent: [] });
    // The result each bar names is the one the API serves.
    const result = await env.server.api('GET', `/v1/check-results/${failing}/${bad.recent[0].id}`);
    expect(result.status, result.text).toBe(200);
    expect(result.body.hasFailures).toBe(true);
  });
});

const NOW = Date.parse('2026-03-10T12:30:00.000Z');

describe('checks.overview with recorded results', () => {
  const clock = new ManualClock(NOW);

  const env = useServerWithClients({ clock });

  it('shows sub-millisecond latency, the last 30 FINAL results oldest first, and 24 h uptime from rollups and raw results', async () => {
    const sqlite = env.server.backend.db.sqlite;
    const [check] = await createChecks(env.server, [{ name: 'Recorded' }]);
    // 35 FINAL results a minute apart (the strip keeps the newest 30), an ATTEMPT among them (never shown).
    const verdicts = [FLAGS.pass, FLAGS.degraded, FLAGS.fail, FLAGS.timedOut, FLAGS.cancelled, FLAGS.skipped, FLAGS.pass];
    const seeds = Array.from({ length: 35 }, (_, i) => ({ startedAt: NOW - (35 - i) * 60_000, flags: verdicts[i % verdicts.length], avgUs: 1_000 + i }));
    seeds.push({ startedAt: NOW - 90_000, flags: FLAGS.fail, avgUs: 5, resultType: 1 } as (typeof seeds)[number]);
    // The newest: a pass with a 42 µs average.
    seeds.push({ startedAt: NOW - 10_000, flags: FLAGS.pass, avgUs: 42 });
    const ids = insertResults(sqlite, check.checkNum, seeds);
    // Closed hours rolled up earlier (their raw rows pruned): 10 passed, 1 failed, 2 skipped.
    // SQL: rollups of past hours at chosen times; only the rollup worker writes them, from history.
    sqlite
      .prepare(`insert into check_rollups (check_num, hour_start, runs, passed, degraded, failed, skipped, timed_runs, packets_sent, packets_received)
        values (?, ?, 13, 10, 0, 1, 2, 11, 33, 30)`)
      .run(check.checkNum, NOW - 12 * HOUR - (NOW % HOUR));
    // An hour older than 24 h does not count.
    sqlite
      .prepare(`insert into check_rollups (check_num, hour_start, runs, passed, degraded, failed, skipped, timed_runs, packets_sent, packets_received)
        values (?, ?, 5, 0, 0, 5, 0, 5, 15, 0)`)
      .run(check.checkNum, NOW - 2 * DAY - (NOW % HOUR));
    // SQL: the rollup worker's watermark, set to match the hours rolled up above; no API moves it.
    sqlite.prepare('insert into maintenance_state (key, value, updated_at) values (?, ?, ?)').run(MAINTENANCE_KEYS.rollupWatermark, NOW - (NOW % HOUR) - 2 * HOUR, NOW);

    const page = await env.trpc.checks.overview.query({ search: 'Recorded' });
    const [item] = page.items;
    expect(item).toMatchObject({ name: 'Recorded', health: 'passing', lastResponseUs: 42, lastResponsePrecise: true, lastRunAt: new Date(NOW - 10_000 + 100).toISOString() });
    expect(item.recent).toHaveLength(30);
    expect(item.recent.at(-1)).toEqual({ id: encodeRunId('result', ids.at(-1) ?? 0), startedAt: new Date(NOW - 10_000).toISOString(), verdict: 'PASSED', responseUs: 42 });
    expect(item.recent.map((r) => r.verdict)).not.toContain(undefined);
    // Oldest first; the ATTEMPT is not among them; a skipped run has no response time.
    const times = item.recent.map((r) => Date.parse(r.startedAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(item.recent.some((r) => r.responseUs === 5)).toBe(false);
    expect(new Set(item.recent.map((r) => r.verdict))).toEqual(new Set(['PASSED', 'DEGRADED', 'FAILED', 'TIMED_OUT', 'CANCELLED', 'SKIPPED']));
    for (const r of item.recent.filter((r) => r.verdict === 'SKIPPED')) expect(r.responseUs).toBeNull();

    const expected = (await uptimeOf({ db: env.server.backend.db.db }, check.id, NOW - DAY, NOW)).uptimePercent;
    expect(item.uptime24h).toBe(expected);
    // Raw: 36 FINAL results; passed 11 (10 + the newest), degraded 5, failed 10 (5 failed + 5 timed out), 5 cancelled, 5 skipped. Rolled: 10 passed, 1 failed.
    expect(item.uptime24h).toBeCloseTo(((11 + 5 + 10) / (11 + 5 + 10 + 10 + 1)) * 100, 6);
  });

  it('filters by search (any script and case), health, type, tags and group; counts per health ignore the health filter', async () => {
    const sqlite = env.server.backend.db.sqlite;
    const group = await env.server.api('POST', '/v1/check-groups', { name: 'Routers', locations: [], concurrency: 1 });
    expect(group.status, group.text).toBe(201);
    const seeded = await createChecks(env.server, [
      { name: 'Zürich core', tags: ['core', 'ch'], groupId: group.body.id },
      { name: 'zurich edge', tags: ['edge'] },
      { name: 'Basel core', tags: ['core'], groupId: group.body.id },
      { name: 'Bern paused', tags: ['edge'], activated: false },
    ]);
    insertResults(sqlite, seeded[0].checkNum, [{ startedAt: NOW - 60_000, flags: FLAGS.fail }]);
    insertResults(sqlite, seeded[1].checkNum, [{ startedAt: NOW - 60_000, flags: FLAGS.degraded }]);
    insertResults(sqlite, seeded[2].checkNum, [{ startedAt: NOW - 60_000, flags: FLAGS.pass }]);
    const names = async (input: Parameters<TrpcClient['checks']['overview']['query']>[0]) => (await env.trpc.checks.overview.query(input)).items.map((i) => i.name);

    expect(await names({ search: 'ZÜRICH' })).toEqual(['Zürich core']);
    expect(await names({ search: 'zurich' })).toEqual(['zurich edge']);
    expect(await names({ search: 'CORE' })).toEqual(['Zürich core', 'Basel core']);
    expect(await names({ tags: ['edge'] })).toEqual(['zurich edge', 'Bern paused']);
    expect(await names({ tags: ['ch', 'edge'] })).toEqual(['Zürich core', 'zurich edge', 'Bern paused']);
    expect(await names({ groupId: group.body.id })).toEqual(['Zürich core', 'Basel core']);
    expect(await names({ groupId: null, search: 'r' })).toEqual(['zurich edge', 'Recorded', 'Bern paused']);
    expect(await names({ checkType: 'TRACEROUTE' })).toEqual([]);

    const failingOrDegraded = await env.trpc.checks.overview.query({ health: ['degraded', 'failing'], tags: ['core', 'edge'] });
    expect(failingOrDegraded.items.map((i) => [i.name, i.health])).toEqual([
      ['Zürich core', 'failing'],
      ['zurich edge', 'degraded'],
    ]);
    expect(failingOrDegraded.total).toBe(2);
    expect(failingOrDegraded.healthCounts).toEqual({ failing: 1, degraded: 1, passing: 1, 'not-run': 0, paused: 1 });
    const grouped = (await env.trpc.checks.overview.query({ groupId: group.body.id })).items[0];
    expect(grouped).toMatchObject({ groupId: group.body.id, groupName: 'Routers', tags: ['core', 'ch'] });
  });

  it('sorts and pages on the server', async () => {
    const all = await env.trpc.checks.overview.query({ limit: 100 });
    const byName = (await env.trpc.checks.overview.query({ sort: 'name', limit: 100 })).items.map((i) => i.name);
    // Case and accents do not split names apart: "Zürich core" sorts with "zurich edge".
    expect(byName).toEqual(['Basel core', 'Bern paused', 'Recorded', 'Zürich core', 'zurich edge']);
    const byNameDesc = (await env.trpc.checks.overview.query({ sort: 'name', order: 'desc', limit: 100 })).items.map((i) => i.name);
    expect(byNameDesc).toEqual([...byName].reverse());
    const byLastRun = (await env.trpc.checks.overview.query({ sort: 'lastRun', order: 'desc', limit: 100 })).items;
    const runs = byLastRun.map((i) => i.lastRunAt);
    // Newest first; never run last.
    expect(runs.filter((r) => r !== null)).toEqual(
      runs.filter((r) => r !== null).sort((a, b) => Date.parse(b ?? '') - Date.parse(a ?? '')),
    );
    expect(runs.indexOf(null)).toBe(runs.filter((r) => r !== null).length);
    // Health order holds across pages.
    const pages = [];
    for (let page = 1; page <= Math.ceil(all.total / 2); page += 1) pages.push(...(await env.trpc.checks.overview.query({ limit: 2, page })).items.map((i) => i.id));
    expect(pages).toEqual(all.items.map((i) => i.id));
    const rank = ['failing', 'degraded', 'passing', 'not-run', 'paused'];
    const ranks = all.items.map((i) => rank.indexOf(i.health));
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
    expect(new Set(ranks).size, 'the pages cross from one health to the next').toBeGreaterThan(2);
    // Pages that start inside one health and end in the next, either way round and under a health filter,
    // show what one page of everything shows (a page is worked out from the counts of each health).
    const paged = async (query: { order?: 'asc' | 'desc'; health?: ('failing' | 'degraded' | 'passing' | 'not-run' | 'paused')[] }, limit: number) => {
      const whole = await env.trpc.checks.overview.query({ ...query, limit: 100 });
      const ids: string[] = [];
      for (let page = 1; page <= Math.ceil(whole.total / limit) + 1; page += 1) ids.push(...(await env.trpc.checks.overview.query({ ...query, limit, page })).items.map((i) => i.id));
      return { ids, whole: whole.items.map((i) => i.id) };
    };
    const cases: [Parameters<typeof paged>[0], number][] = [
      [{ order: 'desc' }, 2],
      [{}, 3],
      [{ order: 'desc' }, 3],
      [{ health: ['paused', 'failing', 'passing'] }, 2],
    ];
    for (const [query, limit] of cases) {
      const { ids, whole } = await paged(query, limit);
      expect(ids, JSON.stringify(query)).toEqual(whole);
      expect(whole.length, JSON.stringify(query)).toBeGreaterThan(limit);
    }
    const descending = (await env.trpc.checks.overview.query({ order: 'desc', limit: 100 })).items.map((i) => rank.indexOf(i.health));
    expect(descending).toEqual([...ranks].sort((a, b) => b - a));
    const past = await env.trpc.checks.overview.query({ limit: 50, page: 9 });
    expect(past).toMatchObject({ items: [], total: all.total, page: 9 });
  });

  it('answers 400 naming the field for bad input', async () => {
    const cases: [unknown, string][] = [
      [{ limit: 0 }, 'limit'],
      [{ limit: 101 }, 'limit'],
      [{ page: 0 }, 'page'],
      [{ health: ['broken'] }, 'health[0]'],
      [{ sort: 'uptime' }, 'sort'],
      [{ groupId: -1 }, 'groupId'],
      [{ checkType: 'FTP' }, 'checkType'],
    ];
    for (const [input, field] of cases) {
      const error = await trpcError(env.trpc.checks.overview.query(input as never));
      expect(error.data?.httpStatus, JSON.stringify(input)).toBe(400);
      expect(error.message).toContain(`${field}: `);
    }
  });

  it('lists the tags of the account for the tag filter', async () => {
    expect(await env.trpc.checks.tags.query()).toEqual(expect.arrayContaining(['ch', 'core', 'edge']));
  });
});
