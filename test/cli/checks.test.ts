import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPOSSIBLE, runToCompletion } from '../alerts/harness';
import { icmpBody, startServer, type TestServer } from '../helpers/server';
import { CLI_TEST_TIMEOUT, ensureCli, runCli } from './harness';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The check rows of `checks list` (table or markdown): each check's name as the user reads it. */
const namesIn = (out: string, names: string[]) => names.filter((name) => out.includes(name));

describe('the public CLI (checkly 8.23.2): checks and alert channels', { timeout: CLI_TEST_TIMEOUT }, () => {
  let server: TestServer;
  let api: string;
  let db: string;
  let staging: string;
  let route: string;
  let channel: number;
  const ALL = ['Prod API ping', 'Prod DB ping', 'Staging ping', 'Route to edge'];

  beforeAll(async () => {
    await ensureCli();
    server = await startServer();
    const create = async (path: string, body: Record<string, unknown>) => {
      const res = await server.api('POST', `${path}?autoAssignAlerts=false`, body);
      expect(res.status, res.text).toBe(201);
      return res.body.id as string;
    };
    api = await create('/v1/checks/icmp', icmpBody({ name: 'Prod API ping', tags: ['prod'], request: { hostname: '127.0.0.1', pingCount: 2 } }));
    db = await create('/v1/checks/icmp', icmpBody({ name: 'Prod DB ping', tags: ['prod'], request: IMPOSSIBLE }));
    staging = await create('/v1/checks/icmp', icmpBody({ name: 'Staging ping', tags: ['staging'] }));
    route = await create('/v1/checks/traceroute', { name: 'Route to edge', tags: ['network'], request: { url: 'http://127.0.0.1:9' } });
    await runToCompletion(server.api, api);
    await runToCompletion(server.api, db);

    const created = await server.api('POST', '/v1/alert-channels', { type: 'WEBHOOK', config: { name: 'Dead hook', url: `http://127.0.0.1:${await closedPort()}/hook` } });
    expect(created.status, created.text).toBe(201);
    channel = created.body.id;
    expect((await server.api('POST', `/v1/alert-channels/${channel}/test`)).status).toBe(201);
    await server.backend.alerting.dispatcher.drain();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('checks list --tag prod shows only the prod checks (the CLI sends tag[]=prod)', async () => {
    const res = await runCli(server, ['checks', 'list', '--tag', 'prod']);
    expect(res.code, res.stderr).toBe(0);
    expect(namesIn(res.stdout, ALL)).toEqual(['Prod API ping', 'Prod DB ping']);
    expect(res.stdout).toContain('Showing 1-2 of 2 checks');
  });

  it('checks list --search, --type', async () => {
    const search = await runCli(server, ['checks', 'list', '--search', 'staging']);
    expect(search.code, search.stderr).toBe(0);
    expect(namesIn(search.stdout, ALL)).toEqual(['Staging ping']);
    const type = await runCli(server, ['checks', 'list', '--type', 'TRACEROUTE']);
    expect(type.code, type.stderr).toBe(0);
    expect(namesIn(type.stdout, ALL)).toEqual(['Route to edge']);
  });

  it('checks list --status failing / passing, as JSON', async () => {
    const failing = await runCli(server, ['checks', 'list', '--status', 'failing', '-o', 'json']);
    expect(failing.code, failing.stderr).toBe(0);
    const parsed = JSON.parse(failing.stdout);
    expect(parsed.data.map((c: { id: string }) => c.id)).toEqual([db]);
    expect(parsed.data[0].status).toMatchObject({ checkId: db, hasFailures: true });
    expect(parsed.pagination).toMatchObject({ total: 1, totalPages: 1 });
    const passing = await runCli(server, ['checks', 'list', '--status', 'passing', '-o', 'json']);
    expect(JSON.parse(passing.stdout).data.map((c: { id: string }) => c.id)).toEqual([api]);
  });

  it('checks list -o md prints a markdown table of every check', async () => {
    const res = await runCli(server, ['checks', 'list', '-o', 'md']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^\| Name \|.*\| Type \|/m);
    expect(res.stdout).toContain('| Prod DB ping |');
    expect(namesIn(res.stdout, ALL)).toEqual(ALL);
    expect(res.stdout).toContain('(4 total checks)');
  });

  it('checks get shows the check, its status and its stats over the last 24 hours', async () => {
    const res = await runCli(server, ['checks', 'get', api]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain('Prod API ping');
    expect(res.stdout).toMatch(/Type:\s+ICMP/);
    expect(res.stdout).toMatch(/Status:\s+passing/);
    expect(res.stdout).toContain('STATS (last 24 hours)');
    expect(res.stdout).toMatch(/Availability:\s+100\.00%/);
    expect(res.stdout).toMatch(/Packet Loss \(avg\):\s+0\.00%/);

    const byLocation = await runCli(server, ['checks', 'get', api, '--group-by', 'location', '-o', 'md']);
    expect(byLocation.code, byLocation.stderr).toBe(0);
    expect(byLocation.stdout).toContain('## Stats (last 24 hours)');
    expect(byLocation.stdout).toContain('### local');
    expect(byLocation.stdout).toContain('| Availability | 100.00% |');

    const json = await runCli(server, ['checks', 'get', db, '-o', 'json']);
    expect(json.code, json.stderr).toBe(0);
    const body = JSON.parse(json.stdout);
    expect(body.check).toMatchObject({ id: db, name: 'Prod DB ping' });
    expect(body.status).toMatchObject({ hasFailures: true });
    expect(body.analytics.series[0].data).toMatchObject({ availability: 0 });

    const missing = await runCli(server, ['checks', 'get', '00000000-0000-4000-8000-000000000000']);
    expect(missing.code).toBe(1);
  });

  it('checks stats shows availability per check; -o json carries the numbers', async () => {
    const table = await runCli(server, ['checks', 'stats', '--tag', 'prod']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toContain('STATS (last 24 hours)');
    expect(table.stdout).toMatch(/Prod API ping\s+ICMP\s+passing\s+100\.00%/);
    expect(table.stdout).toMatch(/Prod DB ping\s+ICMP\s+failing\s+0\.00%/);

    const md = await runCli(server, ['checks', 'stats', '-o', 'md']);
    expect(md.code, md.stderr).toBe(0);
    expect(md.stdout).toMatch(/^\| Name \| Type \| Status \| Availability \|/m);
    expect(md.stdout).toMatch(/\| Prod API ping \| ICMP \| passing \| 100\.00% \|/);
    expect(md.stdout).toMatch(/\| Staging ping \| ICMP \| [^|]+ \| — \|/);

    const json = await runCli(server, ['checks', 'stats', api, staging, '--range', 'last7Days', '-o', 'json']);
    expect(json.code, json.stderr).toBe(0);
    const rows = new Map(JSON.parse(json.stdout).data.map((r: { checkId: string }) => [r.checkId, r]));
    expect(rows.get(api)).toMatchObject({ availability: 100, packetLoss_avg: 0, status: 'passing' });
    expect(rows.get(staging)).toMatchObject({ availability: null, latency_avg: null });
  });

  it('checks delete asks for confirmation (exit 2, nothing deleted) and deletes with --force', async () => {
    const unconfirmed = await runCli(server, ['checks', 'delete', route]);
    expect(unconfirmed.code).toBe(2);
    expect(JSON.parse(unconfirmed.stdout)).toMatchObject({ status: 'confirmation_required' });
    expect((await server.api('GET', `/v1/checks/${route}`)).status).toBe(200);

    const forced = await runCli(server, ['checks', 'delete', route, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout + forced.stderr).toContain('Check "Route to edge" deleted.');
    expect((await server.api('GET', `/v1/checks/${route}`)).status).toBe(404);

    const again = await runCli(server, ['checks', 'delete', route, '--force']);
    expect(again.code).toBe(1);
    expect(again.stdout + again.stderr).toContain('not found');
  });

  it('alert-channels list and get show the channel', async () => {
    const list = await runCli(server, ['alert-channels', 'list']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain('Dead hook');
    expect(list.stdout).toContain(String(channel));

    const get = await runCli(server, ['alert-channels', 'get', String(channel)]);
    expect(get.code, get.stderr).toBe(0);
    expect(get.stdout).toContain('Dead hook');
    expect(get.stdout).toMatch(/ID:\s+\d+/);
    const json = JSON.parse((await runCli(server, ['alert-channels', 'get', String(channel), '-o', 'json'])).stdout);
    expect(json).toMatchObject({ id: channel, type: 'WEBHOOK' });
  });

  it('alert-channels logs lists the delivery; --status failed shows it while it is still being retried', async () => {
    const all = await runCli(server, ['alert-channels', 'logs', String(channel), '-o', 'json']);
    expect(all.code, all.stderr).toBe(0);
    const logs = JSON.parse(all.stdout);
    expect(logs.data).toHaveLength(1);
    expect(logs.data[0]).toMatchObject({ alertChannelId: channel, status: 'IN_PROGRESS', type: 'WEBHOOK' });

    const failed = await runCli(server, ['alert-channels', 'logs', String(channel), '--status', 'failed']);
    expect(failed.code, failed.stderr).toBe(0);
    expect(failed.stdout).not.toContain('No alert channel logs found.');
    expect(failed.stdout).toContain('Showing 1 of 1 logs');
  });
});
