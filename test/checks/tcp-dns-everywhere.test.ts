import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { trpcClient } from '../helpers/trpc';
import { closedPort, startHttpReceiver, type HttpReceiver } from '../notify/receivers';
import { createService } from '../status-pages/fixtures';
import { createPage, visit } from '../status-pages/public-fixtures';
import { startDnsServers, type DnsServers } from './dns-server';

/**
 * Issue 34 item 5 for TCP and DNS monitors: what every other type has — groups, a status page, uptime,
 * dependencies, a maintenance window, an alert through a real webhook carrying the evidence — against a
 * real listener, a real closed port and the tests' real DNS server, all on 127.0.0.1.
 */

interface Hook {
  CHECK_ID: string;
  CHECK_NAME: string;
  ALERT_TYPE: string;
  EVIDENCE: string;
  HELD_DOWN_COUNT: string;
  HELD_DOWN: string;
}

interface Targets {
  echo: Server;
  echoPort: number;
  refusedPort: number;
  dns: DnsServers;
  receiver: HttpReceiver;
}

async function startTargets(): Promise<Targets> {
  const echo = createServer((socket) => socket.once('data', (chunk) => socket.end(`ECHO ${chunk.toString().toUpperCase()}`)));
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  return { echo, echoPort: (echo.address() as AddressInfo).port, refusedPort: await closedPort(), dns: await startDnsServers(), receiver: await startHttpReceiver() };
}

async function stopTargets(t: Targets | undefined): Promise<void> {
  t?.echo.close();
  await t?.dns.close();
  await t?.receiver.close();
}

/** The check bodies of the test: a passing and a failing monitor of each type. */
function bodies(t: Targets) {
  return {
    tcpUp: { request: { hostname: '127.0.0.1', port: t.echoPort, data: 'ping\n', assertions: [{ source: 'RESPONSE_DATA', comparison: 'CONTAINS', target: 'ECHO PING' }] } },
    tcpRefused: { request: { hostname: '127.0.0.1', port: t.refusedPort, assertions: [{ source: 'RESPONSE_TIME', comparison: 'LESS_THAN', target: '2000' }] } },
    dnsUp: { request: { query: 'app.test', recordType: 'A', nameServer: '127.0.0.1', port: t.dns.port, assertions: [{ source: 'TEXT_ANSWER', comparison: 'CONTAINS', target: '10.1.2.3' }] } },
    dnsMissing: { request: { query: 'gone.app.test', recordType: 'A', nameServer: '127.0.0.1', port: t.dns.port, assertions: [{ source: 'RESPONSE_CODE', comparison: 'EQUALS', target: 'NOERROR' }] } },
  };
}

function helpers(server: () => TestServer, channel: () => number, receiver: () => HttpReceiver) {
  const create = async (segment: 'tcp' | 'dns', name: string, body: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<string> => {
    const created = await server().api('POST', `/v1/checks/${segment}?autoAssignAlerts=false`, {
      name,
      doubleCheck: false,
      alertChannelSubscriptions: [{ alertChannelId: channel(), activated: true }],
      ...body,
      ...extra,
    });
    expect(created.status, created.text).toBe(201);
    return created.body.id as string;
  };
  const runAll = async (checkIds: string[]): Promise<void> => {
    const triggered = await server().api('POST', '/v1/check-sessions/trigger', { target: { checkId: checkIds } });
    expect(triggered.status, triggered.text).toBe(201);
    for (const session of triggered.body.sessions as { checkSessionId: string }[]) {
      const done = await server().api('GET', `/v1/check-sessions/${session.checkSessionId}/completion?maxWaitSeconds=30`);
      expect(done.status, done.text).toBe(200);
    }
  };
  const delivered = async (): Promise<Hook[]> => {
    await server().backend.alerting.dispatcher.drain();
    return receiver().requests.filter((r) => r.path === '/hook').map((r) => JSON.parse(r.body) as Hook);
  };
  return { create, runAll, delivered };
}

describe('TCP and DNS monitors in groups, on a status page, in uptime, behind a dependency, and alerting with the evidence', () => {
  let server: TestServer;
  let t: Targets;
  let channelId: number;
  const h = helpers(
    () => server,
    () => channelId,
    () => t.receiver,
  );

  beforeAll(async () => {
    t = await startTargets();
    server = await startServer();
    const channel = await server.api('POST', '/v1/alert-channels', { type: 'WEBHOOK', config: { name: 'On call', url: `${t.receiver.url}/hook` } });
    expect(channel.status, channel.text).toBe(201);
    channelId = channel.body.id as number;
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await stopTargets(t);
  });

  it('a group holds them; the failing ones alert through the webhook with the error, the passing ones do not; the status page and uptime say the same', async () => {
    const b = bodies(t);
    const group = await server.api('POST', '/v2/check-groups?autoAssignAlerts=false', { name: 'Edge', tags: ['edge'] });
    expect(group.status, group.text).toBe(201);
    const groupId = group.body.id as number;
    const tcpUp = await h.create('tcp', 'Echo port', b.tcpUp, { groupId });
    const dnsUp = await h.create('dns', 'App name', b.dnsUp, { groupId });
    const tcpDown = await h.create('tcp', 'Closed port', b.tcpRefused);
    const dnsDown = await h.create('dns', 'Gone name', b.dnsMissing);
    await h.runAll([tcpUp, dnsUp, tcpDown, dnsDown]);

    const members = await server.api('GET', `/v1/check-groups/${groupId}/checks`);
    expect(members.status, members.text).toBe(200);
    expect((members.body as { name: string; checkType: string }[]).map((c) => `${c.checkType} ${c.name}`).sort()).toEqual(['DNS App name', 'TCP Echo port']);

    const hooks = await h.delivered();
    expect(hooks.map((hook) => `${hook.CHECK_NAME} ${hook.ALERT_TYPE}`).sort()).toEqual(['Closed port ALERT_FAILURE', 'Gone name ALERT_FAILURE']);
    const closed = hooks.find((hook) => hook.CHECK_ID === tcpDown)!;
    expect(closed.EVIDENCE).toContain(`Connection: 127.0.0.1:${t.refusedPort}: connection refused (ECONNREFUSED)`);
    const gone = hooks.find((hook) => hook.CHECK_ID === dnsDown)!;
    expect(gone.EVIDENCE).toContain('RESPONSE_CODE EQUALS NOERROR: expected equal to NOERROR, actual NXDOMAIN');
    expect(gone.EVIDENCE).toContain(`Query: A gone.app.test at 127.0.0.1:${t.dns.port}: NXDOMAIN`);

    // A status page whose services are these monitors: one port of two refused is a partial outage, the name that resolves is operational.
    const trpc = trpcClient(server.url, server.key);
    const ports = await createService(server, 'Ports');
    const names = await createService(server, 'Names');
    await trpc.statusPages.services.setChecks.mutate({ id: ports.id, checkIds: [tcpUp, tcpDown] });
    await trpc.statusPages.services.setChecks.mutate({ id: names.id, checkIds: [dnsUp] });
    await createPage(server, 'edge', [{ name: 'Edge', services: [ports, names] }], { published: true });
    const summary = JSON.parse((await visit(server, '/status/edge/summary.json')).text) as { cards: { services: { name: string; state: string }[] }[] };
    expect(summary.cards[0]!.services.map((s) => `${s.name} ${s.state}`)).toEqual(['Ports PARTIAL_OUTAGE', 'Names OPERATIONAL']);

    // Uptime: the public analytics paths of both types.
    const availability = async (segment: string, id: string) => {
      const res = await server.api('GET', `/v1/analytics/${segment}/${id}?metrics=availability`);
      expect(res.status, res.text).toBe(200);
      return (res.body as { series: { data: { availability: number | null } }[] }).series[0]!.data.availability;
    };
    expect(await availability('tcp-checks', tcpUp)).toBe(100);
    expect(await availability('tcp-checks', tcpDown)).toBe(0);
    expect(await availability('dns', dnsUp)).toBe(100);
    expect(await availability('dns', dnsDown)).toBe(0);
  });

  it('a DNS monitor behind a failing TCP gateway: one alert, the gateway’s, naming the name held down', async () => {
    const b = bodies(t);
    t.receiver.requests.length = 0;
    const gateway = await h.create('tcp', 'Gateway port', b.tcpRefused);
    const behind = await h.create('dns', 'Name behind the gateway', b.dnsMissing, { dependsOn: [gateway] });
    await h.runAll([gateway]);
    await h.runAll([behind]);
    const hooks = await h.delivered();
    expect(hooks.map((hook) => `${hook.CHECK_NAME} ${hook.ALERT_TYPE}`)).toEqual(['Gateway port ALERT_FAILURE']);
    expect(hooks[0]!.HELD_DOWN_COUNT).toBe('1');
    expect(hooks[0]!.HELD_DOWN).toContain('Name behind the gateway');
    const results = await server.api('GET', `/v1/check-results/${behind}`);
    expect(results.body, 'the held monitor’s failure is recorded as usual').toMatchObject([{ hasFailures: true, dnsCheckResult: { rcode: 'NXDOMAIN' } }]);
  });
});

describe('a maintenance window holds TCP and DNS monitors: no run, no alert (scheduler on)', () => {
  let server: TestServer;
  let t: Targets;
  let channelId: number;
  const h = helpers(
    () => server,
    () => channelId,
    () => t.receiver,
  );

  beforeAll(async () => {
    t = await startTargets();
    server = await startServer({ startScheduler: true });
    const channel = await server.api('POST', '/v1/alert-channels', { type: 'WEBHOOK', config: { name: 'On call', url: `${t.receiver.url}/hook` } });
    expect(channel.status, channel.text).toBe(201);
    channelId = channel.body.id as number;
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await stopTargets(t);
  });

  it('monitors of a group whose tag is under maintenance neither run nor page; the same failing port outside it pages at once', async () => {
    const b = bodies(t);
    const now = Date.now();
    const window = await server.api('POST', '/v1/maintenance-windows', { name: 'Router swap', tags: ['router'], startsAt: new Date(now - 3_600_000).toISOString(), endsAt: new Date(now + 3_600_000).toISOString() });
    expect(window.status, window.text).toBe(201);
    const group = await server.api('POST', '/v2/check-groups?autoAssignAlerts=false', { name: 'Behind the router', tags: ['router'] });
    expect(group.status, group.text).toBe(201);
    const held = [await h.create('tcp', 'Held port', b.tcpRefused, { groupId: group.body.id, frequency: 1 }), await h.create('dns', 'Held name', b.dnsMissing, { groupId: group.body.id, frequency: 1 })];
    // Created last: a new monitor runs at once, so once this one paged, the held ones had their chance too.
    const outside = await h.create('tcp', 'Unheld port', b.tcpRefused, { frequency: 1 });

    const deadline = Date.now() + 30_000;
    let hooks: Hook[] = [];
    while (Date.now() < deadline && !hooks.some((hook) => hook.CHECK_ID === outside)) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      hooks = await h.delivered();
    }
    expect(hooks.map((hook) => `${hook.CHECK_NAME} ${hook.ALERT_TYPE}`)).toEqual(['Unheld port ALERT_FAILURE']);
    expect(hooks[0]!.EVIDENCE).toContain('connection refused');
    for (const id of held) expect((await server.api('GET', `/v1/check-results/${id}`)).body, 'a held monitor has not run').toEqual([]);
  }, 60_000);
});
