import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { icmpBody, startServer, type TestServer } from '../helpers/server';
import { rawRequest } from './raw';

const UPGRADE = { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' };

interface Received {
  topic: string;
  message: Record<string, any>;
}

/** The MQTT-over-WebSocket endpoint the public CLI's `trigger` follows: auth, topic rules, the run feed, Host check, shutdown. */
describe('the MQTT endpoint (/mqtt)', { timeout: 60_000 }, () => {
  let server: TestServer;
  let wsUrl: string;
  const clients: MqttClient[] = [];

  const connect = async (password: string, options: { username?: string; localAddress?: string } = {}): Promise<MqttClient> => {
    const client = await mqtt.connectAsync(`${wsUrl}?authenticationScheme=userApiKey`, {
      username: options.username ?? server.backend.accountId,
      password,
      reconnectPeriod: 0,
      connectTimeout: 5000,
      wsOptions: options.localAddress ? { localAddress: options.localAddress } : undefined,
    });
    clients.push(client);
    return client;
  };

  /** Why a connection attempt failed: the CONNACK's refusal, or the WebSocket upgrade's. */
  const refusal = (password: string, options: { username?: string; localAddress?: string } = {}): Promise<string> =>
    new Promise((resolve, reject) => {
      const client = mqtt.connect(`${wsUrl}?authenticationScheme=userApiKey`, {
        username: options.username ?? server.backend.accountId,
        password,
        reconnectPeriod: 0,
        connectTimeout: 5000,
        wsOptions: options.localAddress ? { localAddress: options.localAddress } : undefined,
      });
      clients.push(client);
      client.once('connect', () => reject(new Error('the connection was accepted')));
      client.once('error', (error) => resolve(error.message));
      client.once('close', () => resolve('closed before CONNACK'));
    });

  beforeAll(async () => {
    server = await startServer({ config: { authFailuresPerMinute: 3 } });
    wsUrl = `${server.url.replace('http://', 'ws://')}/mqtt`;
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
    await server?.stop();
  });

  it('refuses CONNECT with a wrong key, and with an account that is not the key\'s', async () => {
    expect(await refusal('sl_not_a_key_at_all_000000000000')).toMatch(/Bad username or password/i);
    expect(await refusal(server.key, { username: randomUUID() })).toMatch(/Not authorized/i);
  });

  it('counts failed CONNECTs like failed REST authentications: past the limit the address gets 429s everywhere', async () => {
    const from = '127.0.0.7';
    for (let i = 0; i < 3; i++) expect(await refusal('sl_wrong_key_0000000000000000', { localAddress: from })).toMatch(/Bad username or password/i);
    const rest = await rawRequest(server.url, { path: '/v1/checks', headers: { authorization: `Bearer ${server.key}` }, localAddress: from });
    expect(rest.status).toBe(429);
    // Even with the right key, the WebSocket upgrade is refused while the address is blocked.
    const upgrade = await rawRequest(server.url, { path: '/mqtt', headers: UPGRADE, localAddress: from });
    expect(upgrade.status).toBe(429);
    expect(await refusal(server.key, { localAddress: from })).toBe('closed before CONNACK');
    // Other addresses are not affected.
    await connect(server.key);
  });

  it('lets a client subscribe to its own account\'s topics only, and never publish', async () => {
    const client = await connect(server.key);
    const own = await client.subscribeAsync(`account/${server.backend.accountId}/ad-hoc-check-results/${randomUUID()}/+/+/+`);
    expect(own.map((g) => g.qos)).toEqual([0]);
    for (const topic of [`account/${randomUUID()}/ad-hoc-check-results/#`, '#', 'account/+/ad-hoc-check-results/#']) {
      const granted = await client.subscribeAsync(topic).catch((error: Error) => [{ qos: 128, error }]);
      expect(granted[0]?.qos, topic).toBe(128);
    }
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(`account/${server.backend.accountId}/ad-hoc-check-results/x/y/z/result`, JSON.stringify({ result: { hasFailures: false } }));
    await closed;
  });

  it('publishes run-start and the FINAL result of each check of a triggered run on the run\'s topic', async () => {
    const created = await server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name: 'Loopback ping', pingCount: 1 }));
    expect(created.status, created.text).toBe(201);
    const client = await connect(server.key);
    const suite = randomUUID();
    const received: Received[] = [];
    const gotResult = new Promise<void>((resolve) =>
      client.on('message', (topic, payload) => {
        received.push({ topic, message: JSON.parse(payload.toString('utf8')) });
        if (topic.endsWith('/result')) resolve();
      }),
    );
    await client.subscribeAsync(`account/${server.backend.accountId}/ad-hoc-check-results/${suite}/+/+/+`);
    const triggered = await server.api('POST', '/next/test-sessions/trigger', { checkRunSuiteId: suite, checkId: [created.body.id] });
    expect(triggered.status, triggered.text).toBe(201);
    const sequenceId = triggered.body.sequenceIds[created.body.id] as string;
    await gotResult;
    const base = `account/${server.backend.accountId}/ad-hoc-check-results/${suite}/${sequenceId}/${sequenceId}`;
    expect(received.map((r) => r.topic)).toEqual([`${base}/run-start`, `${base}/result`]);
    const final = received[1].message;
    expect(final.resultType).toBe('FINAL');
    expect(final.result).toMatchObject({ name: 'Loopback ping', checkType: 'ICMP', hasFailures: false, isDegraded: false, runLocation: 'local' });
    expect(Date.parse(final.result.stoppedAt)).toBeGreaterThanOrEqual(Date.parse(final.result.startedAt));
    // The result id it names is the stored FINAL result.
    const stored = await server.api('GET', `/v1/check-results/${created.body.id}/${final.testResultId}`);
    expect(stored.status).toBe(200);
    expect(stored.body.resultType).toBe('FINAL');
  });

  it('a cancelled test session (Ctrl-C in `checkly trigger`) publishes each running check as cancelled', async () => {
    const slow = `import { test } from '@playwright/test';\ntest('waits', async () => { await new Promise((r) => setTimeout(r, 20_000)); });`;
    const created = await server.api('POST', '/v1/checks/multistep?autoAssignAlerts=false', { name: 'Slow script', script: slow, retryStrategy: null, doubleCheck: false });
    expect(created.status, created.text).toBe(201);
    const client = await connect(server.key);
    const suite = randomUUID();
    const result = new Promise<Received>((resolve) =>
      client.on('message', (topic, payload) => {
        if (topic.endsWith('/result')) resolve({ topic, message: JSON.parse(payload.toString('utf8')) });
      }),
    );
    await client.subscribeAsync(`account/${server.backend.accountId}/ad-hoc-check-results/${suite}/+/+/+`);
    const triggered = await server.api('POST', '/next/test-sessions/trigger', { checkRunSuiteId: suite, checkId: [created.body.id] });
    expect(triggered.status, triggered.text).toBe(201);
    const cancelled = await server.api('POST', `/v1/test-sessions/${triggered.body.testSessionId}/cancel`);
    expect(cancelled.status, cancelled.text).toBe(204);
    const { message } = await result;
    expect(message.result).toMatchObject({ name: 'Slow script', isCancelled: true, hasFailures: false });
    const read = await server.api('GET', `/v1/test-sessions/${triggered.body.testSessionId}`);
    expect(read.body.status).toBe('CANCELLED');
    expect((await server.api('POST', `/v1/test-sessions/${randomUUID()}/cancel`)).status).toBe(404);
  });

  it('answers an upgrade for a foreign Host with 421 and one to another path with 404', async () => {
    const foreign = await rawRequest(server.url, { path: '/mqtt', headers: { ...UPGRADE, host: 'rebind.example:80' } });
    expect(foreign.status).toBe(421);
    const elsewhere = await rawRequest(server.url, { path: '/elsewhere', headers: UPGRADE });
    expect(elsewhere.status).toBe(404);
  });

  it('closes connected clients when the server stops, without waiting for them', async () => {
    const own = await startServer();
    const client = await mqtt.connectAsync(`${own.url.replace('http://', 'ws://')}/mqtt`, { username: own.backend.accountId, password: own.key, reconnectPeriod: 0 });
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    const started = Date.now();
    await own.stop();
    await closed;
    expect(Date.now() - started).toBeLessThan(5000);
    await client.endAsync(true);
  });
});
