import { beforeAll, describe, expect, it } from 'vitest';
import { seedScale } from './overview-fixtures';
import { useServerWithClients } from '../helpers/trpc-server';

const CHECKS = 2_000;
const RESULTS_PER_CHECK = 40;

/**
 * The list at a few thousand monitors: health first, counts, paging, search across scripts. How
 * fast it is at 10,000 monitors and 1,000,000 results is measured by the console benchmark
 * (`BENCH_ONLY=console npm run bench`), not here.
 */
describe(`checks.overview at ${CHECKS} monitors and ${CHECKS * RESULTS_PER_CHECK} results`, () => {

  const env = useServerWithClients();

  beforeAll(async () => {
    seedScale(env.server.backend.db.sqlite, env.server.backend.accountId, CHECKS, RESULTS_PER_CHECK, Date.now());
  }, 120_000);

  it('answers the first page health first, with counts for every monitor, and a later page', async () => {
    const first = await env.trpc.checks.overview.query({});
    expect(first.total).toBe(CHECKS);
    expect(first.items).toHaveLength(25);
    expect(first.items[0].health).toBe('failing');
    expect(first.items[0].recent).toHaveLength(30);
    expect(first.healthCounts).toEqual({ failing: CHECKS * 0.02, degraded: CHECKS * 0.05, passing: CHECKS * 0.92, 'not-run': 0, paused: CHECKS * 0.01 });
    const later = await env.trpc.checks.overview.query({ page: 30, limit: 50 });
    expect(later.items).toHaveLength(50);
    expect(later.items.every((item) => item.health === 'passing')).toBe(true);
  }, 60_000);

  it('filters by search, health, tag and sorts by name', async () => {
    for (const input of [{ search: 'e' }, { search: 'edge r' }, { search: 'zür' }, { health: ['failing' as const] }, { tags: ['rack-7'] }, { sort: 'name' as const, order: 'desc' as const }]) {
      const page = await env.trpc.checks.overview.query(input);
      expect(page.items.length, JSON.stringify(input)).toBeGreaterThan(0);
    }
    const found = await env.trpc.checks.overview.query({ search: 'ZÜRICH ROUTER 0004' });
    expect(found.items.map((i) => i.name)).toEqual(['Zürich router 00042', 'Zürich router 00045', 'Zürich router 00048']);
  }, 60_000);
});
