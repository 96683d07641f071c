import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHttpReceiver, type HttpReceiver } from '../notify/receivers';
import { icmpBody, startServer, type TestServer } from '../helpers/server';
import { ManualClock } from '../../src-main/core/clock';
import { HOLD_TIMEOUT_MS, releaseHeldAlerts } from '../../src-main/services/alerts/held-alerts';
import { createChannel, IMPOSSIBLE } from './harness';

const DEPENDENTS = 20;
/** 127.0.0.1 answers, but no latency is below 0 ms: a check that fails in well under a second. */
const FAILING = IMPOSSIBLE;
/** The same, with 25 pings 200 ms apart: a failing gateway whose run lasts about five seconds. */
const SLOW_FAILING = { ...IMPOSSIBLE, pingCount: 25 };
const PASSING = { hostname: '127.0.0.1', pingCount: 1, assertions: [] };

describe('dependencies: a failing gateway holds its dependents’ alerts down (real runs, real webhook)', () => {
  let server: TestServer;
  let receiver: HttpReceiver;
  let channelId: number;

  beforeAll(async () => {
    receiver = await startHttpReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });
  beforeEach(async () => {
    server = await startServer();
    receiver.requests.length = 0;
    channelId = await createChannel(server, { type: 'WEBHOOK', config: { name: 'On call', url: `${receiver.url}/hook`, webhookSecret: 's' } });
  });
  afterEach(async () => {
    await server.stop();
  });

  async function createCheck(name: string, request: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<string> {
    const created = await server.api(
      'POST',
      '/v1/checks/icmp?autoAssignAlerts=false',
      icmpBody({ name, request, alertChannelSubscriptions: [{ alertChannelId: channelId, activated: true }], ...extra }),
    );
    expect(created.status, created.text).toBe(201);
    return created.body.id as string;
  }

  async function createDependents(gatewayId: string, request = FAILING): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 1; i <= DEPENDENTS; i += 1) ids.push(await createCheck(`Service ${String(i).padStart(2, '0')}`, request, { dependsOn: [gatewayId] }));
    return ids;
  }

  async function trigger(checkIds: string[]): Promise<string[]> {
    const triggered = await server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: checkIds } });
    expect(triggered.status, triggered.text).toBe(201);
    return (triggered.body.sessions as { checkSessionId: string }[]).map((s) => s.checkSessionId);
  }

  async function finished(sessionIds: string[]): Promise<void> {
    for (const id of sessionIds) {
      const done = await server.api('GET', `/v1/check-sessions/${id}/completion?maxWaitSeconds=30`);
      expect(done.status, done.text).toBe(200);
    }
  }

  /** What the on-call webhook got, once everything due is delivered. */
  async function delivered(): Promise<Record<string, string>[]> {
    await server.backend.alerting.dispatcher.drain();
    return receiver.requests.map((r) => JSON.parse(r.body) as Record<string, string>);
  }

  function expectOnlyGatewayAlert(got: Record<string, string>[], gatewayId: string): void {
    expect(got.map((b) => [b.CHECK_ID, b.ALERT_TYPE])).toEqual([[gatewayId, 'ALERT_FAILURE']]);
    expect(got[0]?.HELD_DOWN_COUNT).toBe(String(DEPENDENTS));
    expect(got[0]?.HELD_DOWN).toMatch(/^20 dependent checks held down: Service 01, Service 02, .*, …$/);
  }

  it('gives 1 alert, not 21, when the gateway’s failure is judged first', async () => {
    const gatewayId = await createCheck('Gateway', FAILING);
    const dependents = await createDependents(gatewayId);
    await finished(await trigger([gatewayId]));
    await finished(await trigger(dependents));

    expectOnlyGatewayAlert(await delivered(), gatewayId);
    const results = await server.api('GET', `/v1/check-results/${dependents[0]}?hasFailures=true`);
    expect(results.body, 'the dependents’ failures are recorded as usual').toHaveLength(1);
  });

  it('gives 1 alert when the dependents’ runs finish while the gateway’s run is still in flight', async () => {
    const gatewayId = await createCheck('Gateway', SLOW_FAILING);
    const dependents = await createDependents(gatewayId);
    const [gatewaySession] = await trigger([gatewayId]);
    await finished(await trigger(dependents));
    const gatewayNow = await server.api('GET', `/v1/check-sessions/${gatewaySession}`);
    expect(gatewayNow.body.stoppedAt, 'the order this test is about: dependents finished first').toBeNull();
    expect(await delivered(), 'nothing may page while the gateway’s verdict is awaited').toEqual([]);

    await finished([gatewaySession as string]);
    expectOnlyGatewayAlert(await delivered(), gatewayId);
  });

  it('runs a gateway that has no fresh verdict, and judges the held dependents by it', async () => {
    const gatewayId = await createCheck('Gateway', FAILING);
    const dependents = await createDependents(gatewayId);
    const gatewayDone = new Promise<void>((resolve) => {
      const off = server.backend.events.on('sessionUpdated', (event) => {
        if (event.checkId === gatewayId && event.finished) {
          off();
          resolve();
        }
      });
    });
    await finished(await trigger(dependents));
    await gatewayDone;

    expectOnlyGatewayAlert(await delivered(), gatewayId);
    const gatewaySessions = await server.api('GET', `/v1/check-results/${gatewayId}`);
    expect(gatewaySessions.body, 'twenty held dependents start one run of the gateway').toHaveLength(1);
  });

  it('raises the held alerts when the awaited gateway run passes: the dependents are down on their own', async () => {
    const gatewayId = await createCheck('Gateway', { ...SLOW_FAILING, assertions: [] });
    const dependents = [await createCheck('API', FAILING, { dependsOn: [gatewayId] }), await createCheck('Web', FAILING, { dependsOn: [gatewayId] })];
    const [gatewaySession] = await trigger([gatewayId]);
    await finished(await trigger(dependents));
    expect((await server.api('GET', `/v1/check-sessions/${gatewaySession}`)).body.stoppedAt).toBeNull();
    expect(await delivered()).toEqual([]);

    await finished([gatewaySession as string]);
    expect((await delivered()).map((b) => [b.CHECK_NAME, b.ALERT_TYPE]).sort()).toEqual([
      ['API', 'ALERT_FAILURE'],
      ['Web', 'ALERT_FAILURE'],
    ]);
  });

  it('applies a group’s dependsOn to its checks: the gateway’s alert is the only one and names them', async () => {
    const gatewayId = await createCheck('Gateway', FAILING);
    const group = await server.api('POST', '/v2/check-groups?autoAssignAlerts=false', { name: 'Behind the gateway', dependsOn: [gatewayId] });
    expect(group.status, group.text).toBe(201);
    const members = [await createCheck('Member A', FAILING, { groupId: group.body.id }), await createCheck('Member B', FAILING, { groupId: group.body.id })];
    await finished(await trigger([gatewayId]));
    await finished(await trigger(members));
    expect((await delivered()).map((b) => [b.CHECK_NAME, b.ALERT_TYPE, b.HELD_DOWN])).toEqual([['Gateway', 'ALERT_FAILURE', '2 dependent checks held down: Member A, Member B']]);
  });

  it('judges dependents on their own once the gateway recovers: the one still failing alerts, the recovered one sends no recovery', async () => {
    const gatewayId = await createCheck('Gateway', FAILING);
    const stillFailing = await createCheck('Still failing', FAILING, { dependsOn: [gatewayId] });
    const recovered = await createCheck('Recovered', FAILING, { dependsOn: [gatewayId] });
    await finished(await trigger([gatewayId]));
    await finished(await trigger([stillFailing, recovered]));
    expect((await delivered()).map((b) => [b.CHECK_NAME, b.ALERT_TYPE, b.HELD_DOWN_COUNT])).toEqual([['Gateway', 'ALERT_FAILURE', '2']]);

    for (const id of [gatewayId, recovered]) {
      const updated = await server.api('PUT', `/v1/checks/icmp/${id}`, { request: PASSING });
      expect(updated.status, updated.text).toBe(200);
    }
    await finished(await trigger([gatewayId]));
    await finished(await trigger([stillFailing, recovered]));
    expect((await delivered()).map((b) => [b.CHECK_NAME, b.ALERT_TYPE])).toEqual([
      ['Gateway', 'ALERT_FAILURE'],
      ['Gateway', 'ALERT_RECOVERY'],
      ['Still failing', 'ALERT_FAILURE'],
    ]);
  });
});

describe('dependencies: a held alert does not wait forever', () => {
  let server: TestServer;
  let receiver: HttpReceiver;
  let clock: ManualClock;

  beforeAll(async () => {
    receiver = await startHttpReceiver();
    clock = new ManualClock(new Date().toISOString());
    server = await startServer({ clock });
  });
  afterAll(async () => {
    await server.stop();
    await receiver.close();
  });

  it('raises the dependent’s alert on its own when the gateway gives no verdict within 3 minutes', async () => {
    const channelId = await createChannel(server, { type: 'WEBHOOK', config: { name: 'On call', url: `${receiver.url}/hook`, webhookSecret: 's' } });
    // This location's agent is connected but leases nothing: the gateway's run stays in flight.
    const unserved = await server.api('POST', '/v1/private-locations', { name: 'Unserved', slugName: 'unserved' });
    expect(unserved.status).toBe(201);
    const agentKey = { authorization: `Bearer ${unserved.body.keys[0].rawKey as string}` };
    expect((await server.api('POST', '/v1/agent/register', { hostname: 'idle-host', version: '1.0.0', concurrency: 1 }, agentKey)).status).toBe(201);
    const subscribed = { alertChannelSubscriptions: [{ alertChannelId: channelId, activated: true }] };
    const gateway = await server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name: 'Gateway', request: FAILING, privateLocations: ['unserved'], ...subscribed }));
    const dependent = await server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name: 'API', request: FAILING, dependsOn: [gateway.body.id], ...subscribed }));
    expect(dependent.status, dependent.text).toBe(201);
    const gatewayRun = await server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: [gateway.body.id] } });
    expect(gatewayRun.status, gatewayRun.text).toBe(201);
    const run = await server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: [dependent.body.id] } });
    const done = await server.api('GET', `/v1/check-sessions/${run.body.sessions[0].checkSessionId}/completion?maxWaitSeconds=30`);
    expect(done.status, done.text).toBe(200);
    const deliveredNow = async () => {
      await releaseHeldAlerts(server.backend.deps);
      await server.backend.alerting.dispatcher.drain();
      return receiver.requests.map((r) => JSON.parse(r.body) as Record<string, string>).map((b) => [b.CHECK_NAME, b.ALERT_TYPE]);
    };

    clock.advance(HOLD_TIMEOUT_MS - 1_000);
    expect(await deliveredNow(), 'still waiting for the gateway').toEqual([]);
    clock.advance(1_000);
    expect(await deliveredNow()).toEqual([['API', 'ALERT_FAILURE']]);
  });
});
