import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import { startServer, type TestServer } from '../helpers/server';
import { trpcClient } from '../helpers/trpc';
import { createService } from '../status-pages/fixtures';
import { createIcmpCheck, createPage, visit } from '../status-pages/public-fixtures';

const NOW = Date.parse('2026-05-20T12:30:00.000Z');

describe('public status pages show current and upcoming maintenance of the services whose checks are in it', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ clock: new ManualClock(NOW) });
    const trpc = trpcClient(server.url, server.key);
    const database = await createService(server, 'Database');
    const website = await createService(server, 'Website');
    const quiet = await createService(server, 'Billing');
    const db = await createIcmpCheck(server, 'primary db', '127.0.0.1');
    const web = await createIcmpCheck(server, 'web front', '127.0.0.2');
    const billing = await createIcmpCheck(server, 'billing', '127.0.0.3');
    await server.api('PUT', `/v1/checks/icmp/${db}`, { tags: ['db'] });
    await trpc.statusPages.services.setChecks.mutate({ id: database.id, checkIds: [db] });
    await trpc.statusPages.services.setChecks.mutate({ id: website.id, checkIds: [web] });
    await trpc.statusPages.services.setChecks.mutate({ id: quiet.id, checkIds: [billing] });
    await createPage(server, 'acme', [{ name: 'Core', services: [database, website, quiet] }], { published: true });

    const windows = [
      // Open now, by tag.
      { name: 'internal: vacuum primary', tags: ['db'], startsAt: '2026-05-20T12:00:00.000Z', endsAt: '2026-05-20T13:00:00.000Z' },
      // Every day 02:00–02:30 for the web check: the next one is tomorrow.
      { name: 'internal: nightly deploy', tags: [], checkIds: [web], startsAt: '2026-05-01T02:00:00.000Z', endsAt: '2026-05-01T02:30:00.000Z', repeatUnit: 'DAY' },
      // Beyond the 7-day lookahead, and already over: neither is shown.
      { name: 'internal: far', tags: ['db'], startsAt: '2026-06-20T00:00:00.000Z', endsAt: '2026-06-20T01:00:00.000Z' },
      { name: 'internal: past', tags: ['db'], startsAt: '2026-05-19T00:00:00.000Z', endsAt: '2026-05-19T01:00:00.000Z' },
    ];
    for (const body of windows) expect((await server.api('POST', '/v1/maintenance-windows', body)).status).toBe(201);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('summary.json lists the open window as current and the next seven days as upcoming, with the services it touches', async () => {
    const res = await visit(server, '/status/acme/summary.json');
    expect(res.status).toBe(200);
    const summary = JSON.parse(res.text);
    expect(summary.maintenance.current).toEqual([{ startsAt: '2026-05-20T12:00:00.000Z', endsAt: '2026-05-20T13:00:00.000Z', services: ['Database'] }]);
    expect(summary.maintenance.upcoming).toHaveLength(7);
    expect(summary.maintenance.upcoming[0]).toEqual({ startsAt: '2026-05-21T02:00:00.000Z', endsAt: '2026-05-21T02:30:00.000Z', services: ['Website'] });
    expect(summary.maintenance.upcoming[6].startsAt).toBe('2026-05-27T02:00:00.000Z');
  });

  it('the HTML page shows the same, and never the operators\' window names', async () => {
    const res = await visit(server, '/status/acme');
    expect(res.status).toBe(200);
    const start = res.text.indexOf('<h2 id="maintenance">');
    expect(start).toBeGreaterThan(0);
    const section = res.text.slice(start, res.text.indexOf('</section>', start));
    expect(section).toContain('Under maintenance now');
    expect(section).toMatch(/In progress<\/span>.*2026-05-20T12:00:00.000Z.*Affects Database/);
    expect(section).toContain('Scheduled in the next 7 days');
    expect(section).toContain('datetime="2026-05-21T02:00:00.000Z"');
    expect(section).not.toContain('Billing');
    expect(section).not.toContain('2026-05-19T00');
    expect(section).not.toContain('2026-06-20');
    expect(res.text).not.toContain('internal:');
  });
});
