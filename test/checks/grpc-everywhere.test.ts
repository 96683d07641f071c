import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { trpcClient } from '../helpers/trpc';
import { closedPort, startHttpReceiver, type HttpReceiver } from '../notify/receivers';
import { createService } from '../status-pages/fixtures';
import { createPage, visit } from '../status-pages/public-fixtures';
import { GREETER_PROTO, startGrpcTargets, type GrpcTargets } from './grpc-server';

/**
 * Issue 34 item 5 for gRPC monitors: what every other type has — groups, a status page, uptime, a
 * dependency, a maintenance window, an alert through a real webhook carrying the status code and
 * message — against the tests' real gRPC server and a real closed port, all on 127.0.0.1.
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
  grpc: GrpcTargets;
  refusedPort: number;
  receiver: HttpReceiver;
}

async function startTargets(): Promise<Targets> {
  const grpc = await startGrpcTargets();
  // The Greeter's own health says NOT_SERVING; the server as a whole ('') stays SERVING.
  grpc.setHealth('demo.v1.Greeter', 'NOT_SERVING');
  return { grpc, refusedPort: await closedPort(), receiver: await startHttpReceiver() };
}

async function stopTargets(t: Targets | undefined): Promise<void> {
  await t?.grpc.close();
  await t?.receiver.close();
}

function bodies(t: Targets) {
  return {
    up: { request: { url: '127.0.0.1', port: t.grpc.plain, grpcConfig: { tls: false } } },
    notServing: { request: { url: '127.0.0.1', port: t.grpc.plain, grpcConfig: { tls: false, service: 'demo.v1.Greeter' } } },
    failing: { request: { url: '127.0.0.1', port: t.grpc.plain, grpcConfig: { tls: false, method: 'demo.v1.Greeter/Fail', protoContent: GREETER_PROTO } } },
    refused: { request: { url: '127.0.0.1', port: t.refusedPort, timeout: 5, grpcConfig: { tls: false } } },
  };
}

function helpers(server: () => TestServer, channel: () => number, receiver: () => HttpReceiver) {
  const create = async (name: string, body: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<string> => {
    const created = await server().api('POST', '/v1/checks/grpc?autoAssignAlerts=false', {
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

async function webhookChannel(server: TestServer, receiver: HttpReceiver): Promise<number> {
  const channel = await server.api('POST', '/v1/alert-channels', { type: 'WEBHOOK', config: { name: 'On call', url: `${receiver.url}/hook` } });
  expect(channel.status, channel.text).toBe(201);
  return channel.body.id as number;
}

describe('gRPC monitors in groups, on a status page, in uptime, behind a dependency, and alerting with the evidence', () => {
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
    channelId = await webhookChannel(server, t.receiver);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await stopTargets(t);
  });

  it('a group holds them; the failing ones alert through the webhook with the status, the passing one does not; the status page and uptime say the same', async () => {
    const b = bodies(t);
    const group = await server.api('POST', '/v2/check-groups?autoAssignAlerts=false', { name: 'Services', tags: ['services'] });
    expect(group.status, group.text).toBe(201);
    const groupId = group.body.id as number;
    const up = await h.create('Server health', b.up, { groupId });
    const notServing = await h.create('Greeter health', b.notServing, { groupId });
    const failing = await h.create('Greeter call', b.failing);
    await h.runAll([up, notServing, failing]);

    const members = await server.api('GET', `/v1/check-groups/${groupId}/checks`);
    expect(members.status, members.text).toBe(200);
    expect((members.body as { name: string; checkType: string }[]).map((c) => `${c.checkType} ${c.name}`).sort()).toEqual(['GRPC Greeter health', 'GRPC Server health']);

    const hooks = await h.delivered();
    expect(hooks.map((hook) => `${hook.CHECK_NAME} ${hook.ALERT_TYPE}`).sort()).toEqual(['Greeter call ALERT_FAILURE', 'Greeter health ALERT_FAILURE']);
    const health = hooks.find((hook) => hook.CHECK_ID === notServing)!;
    expect(health.EVIDENCE).toContain(`Call: 127.0.0.1:${t.grpc.plain} grpc.health.v1.Health/Check: status 0`);
    expect(health.EVIDENCE).toContain('Health: NOT_SERVING');
    const call = hooks.find((hook) => hook.CHECK_ID === failing)!;
    expect(call.EVIDENCE).toContain(`Call: 127.0.0.1:${t.grpc.plain} demo.v1.Greeter/Fail: status 9`);
    expect(call.EVIDENCE).toContain('the greeter is closed for the night');

    // A status page whose service is the group's two monitors: one of two failing is a partial outage.
    const trpc = trpcClient(server.url, server.key);
    const services = await createService(server, 'Backends');
    const healthy = await createService(server, 'Server');
    await trpc.statusPages.services.setChecks.mutate({ id: services.id, checkIds: [up, notServing] });
    await trpc.statusPages.services.setChecks.mutate({ id: healthy.id, checkIds: [up] });
    await createPage(server, 'backends', [{ name: 'Backends', services: [services, healthy] }], { published: true });
    const summary = JSON.parse((await visit(server, '/status/backends/summary.json')).text) as { cards: { services: { name: string; state: string }[] }[] };
    expect(summary.cards[0]!.services.map((s) => `${s.name} ${s.state}`)).toEqual(['Backends PARTIAL_OUTAGE', 'Server OPERATIONAL']);

    // Uptime through the public analytics path of the type.
    const availability = async (id: string) => {
      const res = await server.api('GET', `/v1/analytics/grpc-checks/${id}?metrics=availability`);
      expect(res.status, res.text).toBe(200);
      return (res.body as { series: { data: { availability: number | null } }[] }).series[0]!.data.availability;
    };
    expect(await availability(up)).toBe(100);
    expect(await availability(notServing)).toBe(0);
  });

  it('a gRPC method behind an unreachable gRPC gateway: one alert, the gateway’s, naming the monitor held down', async () => {
    const b = bodies(t);
    t.receiver.requests.length = 0;
    const gateway = await h.create('Gateway', b.refused);
    const behind = await h.create('Call behind the gateway', b.failing, { dependsOn: [gateway] });
    await h.runAll([gateway]);
    await h.runAll([behind]);
    const hooks = await h.delivered();
    expect(hooks.map((hook) => `${hook.CHECK_NAME} ${hook.ALERT_TYPE}`)).toEqual(['Gateway ALERT_FAILURE']);
    expect(hooks[0]!.EVIDENCE).toContain(`Call: 127.0.0.1:${t.refusedPort} grpc.health.v1.Health/Check: status 14 UNAVAILABLE`);
    expect(hooks[0]!.EVIDENCE).toContain(`no connection: No connection established. Last error: Error: connect ECONNREFUSED 127.0.0.1:${t.refusedPort}`);
    expect(hooks[0]!.HELD_DOWN_COUNT).toBe('1');
    expect(hooks[0]!.HELD_DOWN).toContain('Call behind the gateway');
    const results = await server.api('GET', `/v1/check-results/${behind}`);
    expect(results.body, 'the held monitor’s failure is recorded as usual').toMatchObject([{ hasFailures: true, grpcCheckResult: { grpcStatusCode: 9 } }]);
  });
});

describe('a maintenance window holds gRPC monitors: no run, no alert (scheduler on)', () => {
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
    channelId = await webhookChannel(server, t.receiver);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await stopTargets(t);
  });

  it('a monitor of a group whose tag is under maintenance neither runs nor pages; the same one outside it pages at once', async () => {
    const b = bodies(t);
    const now = Date.now();
    const window = await server.api('POST', '/v1/maintenance-windows', { name: 'Deploy', tags: ['deploy'], startsAt: new Date(now - 3_600_000).toISOString(), endsAt: new Date(now + 3_600_000).toISOString() });
    expect(window.status, window.text).toBe(201);
    const group = await server.api('POST', '/v2/check-groups?autoAssignAlerts=false', { name: 'Being deployed', tags: ['deploy'] });
    expect(group.status, group.text).toBe(201);
    const held = await h.create('Held call', b.failing, { groupId: group.body.id, frequency: 1 });
    // Created last: a new monitor runs at once, so once this one paged, the held one had its chance too.
    const outside = await h.create('Unheld call', b.failing, { frequency: 1 });

    const deadline = Date.now() + 30_000;
    let hooks: Hook[] = [];
    while (Date.now() < deadline && !hooks.some((hook) => hook.CHECK_ID === outside)) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      hooks = await h.delivered();
    }
    expect(hooks.map((hook) => `${hook.CHECK_NAME} ${hook.ALERT_TYPE}`)).toEqual(['Unheld call ALERT_FAILURE']);
    expect(hooks[0]!.EVIDENCE).toContain('status 9');
    expect((await server.api('GET', `/v1/check-results/${held}`)).body, 'a held monitor has not run').toEqual([]);
  }, 60_000);
});
