import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runSql } from '../../src-main/db/dialect';
import { reportUnreadableRowsTo } from '../../src-main/db/stored-rows';
import { createEmailChannel, icmpBody, startServer, type TestServer } from '../helpers/server';

/**
 * Issue 35: stored check bodies, channel configs and group bodies are parsed by their schemas when
 * the repositories read them. A row that no longer parses (an older version wrote it, someone edited
 * the database) is left out and logged once, naming the member: the lists answer 200 with the other
 * rows, the row itself reads as 404, and it can still be deleted.
 */
describe('a stored row that does not parse', () => {
  let server: TestServer;
  const warn = vi.fn();
  let stopReporting = () => {};
  const written = '2026-01-02T03:04:05.000Z';

  beforeAll(async () => {
    server = await startServer();
    stopReporting = reportUnreadableRowsTo({ warn });
  });
  afterAll(async () => {
    stopReporting();
    await server?.stop();
  });

  const edit = (query: ReturnType<typeof sql>) => runSql(server.backend.deps.db, query);
  const problemsOf = (table: string, id: string | number) => warn.mock.calls.filter(([facts]) => facts.table === table && facts.id === id).map(([facts]) => String(facts.problem));

  it('an alert channel: left out of the list, 404 on its own, logged with config.address, deletable', async () => {
    const good = await createEmailChannel(server, 'good@example.test');
    const bad = await createEmailChannel(server, 'bad@example.test');
    const body = JSON.stringify({ config: { address: 'not an address' }, sendRecovery: true, sendFailure: true, sendDegraded: false, sslExpiry: false, sslExpiryThreshold: 30 });
    await edit(sql`update alert_channels set body = ${body}, updated_at = ${written} where id = ${bad}`);

    const list = await server.api('GET', '/v1/alert-channels');
    expect(list.status, list.text).toBe(200);
    expect(list.body.map((channel: { id: number }) => channel.id)).toEqual([good]);
    expect(list.body[0].config).toEqual({ address: 'good@example.test' });
    expect((await server.api('GET', `/v1/alert-channels/${bad}`)).status).toBe(404);
    expect((await server.api('GET', `/v1/alert-channels/${good}`)).status).toBe(200);
    // Reported once per stored version, however often it is read.
    expect(problemsOf('alert_channels', bad)).toEqual([expect.stringContaining('config.address')]);
    expect((await server.api('DELETE', `/v1/alert-channels/${bad}`)).status).toBe(204);
  });

  it('a check: left out of GET /v1/checks, 404 on its own, logged with request.hostname, deletable', async () => {
    const good = (await server.api('POST', '/v1/checks/icmp', icmpBody({ name: 'good' }))).body.id as string;
    const bad = (await server.api('POST', '/v1/checks/icmp', icmpBody({ name: 'bad' }))).body.id as string;
    const stored = await server.api('GET', `/v1/checks/${bad}`);
    expect(stored.status).toBe(200);
    await edit(sql`update check_rows set body = ${JSON.stringify({ frequency: 10, request: { hostname: 42 } })}, updated_at = ${written} where id = ${bad}`);

    const list = await server.api('GET', '/v1/checks');
    expect(list.status, list.text).toBe(200);
    expect(list.body.map((check: { id: string }) => check.id)).toEqual([good]);
    expect((await server.api('GET', `/v1/checks/${bad}`)).status).toBe(404);
    expect((await server.api('GET', `/v1/checks/${good}`)).status).toBe(200);
    expect(problemsOf('checks', bad)).toEqual([expect.stringContaining('request.hostname')]);
    expect((await server.api('DELETE', `/v1/checks/${bad}`)).status).toBe(204);
  });

  it('a check group: left out of the list, 404 on its own, logged with concurrency, deletable', async () => {
    const good = (await server.api('POST', '/v2/check-groups', { name: 'good' })).body.id as number;
    const bad = (await server.api('POST', '/v2/check-groups', { name: 'bad' })).body.id as number;
    await edit(sql`update check_groups set body = ${JSON.stringify({ concurrency: 'many' })}, updated_at = ${written} where id = ${bad}`);

    const list = await server.api('GET', '/v1/check-groups');
    expect(list.status, list.text).toBe(200);
    expect(list.body.map((group: { id: number }) => group.id)).toEqual([good]);
    expect((await server.api('GET', `/v1/check-groups/${bad}`)).status).toBe(404);
    expect(problemsOf('check_groups', bad)).toEqual([expect.stringContaining('concurrency')]);
    expect((await server.api('DELETE', `/v1/check-groups/${bad}`)).status).toBe(204);
  });
});
