import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killLeftovers, spawnSightline, type CliProcess } from '../agent/helpers';
import { startServer, type TestServer } from '../helpers/server';

const icmpJob = (logicalId: string, suite: string, extra: Record<string, unknown> = {}) => ({
  logicalId,
  name: `Ping ${logicalId}`,
  checkType: 'ICMP',
  request: { hostname: '127.0.0.1', pingCount: 1 },
  sourceInfo: { checkRunSuiteId: suite, checkRunId: randomUUID() },
  ...extra,
});

/** `checkly test`'s REST side: POST /v1/test-sessions/run, the scheduling poll and the code bundle upload. */
describe('test runs (POST /v1/test-sessions/run) and code bundles', { timeout: 60_000 }, () => {
  let server: TestServer;
  let client: MqttClient;

  beforeAll(async () => {
    server = await startServer();
    client = await mqtt.connectAsync(`${server.url.replace('http://', 'ws://')}/mqtt?authenticationScheme=userApiKey`, {
      username: server.backend.accountId,
      password: server.key,
      reconnectPeriod: 0,
    });
  });

  afterAll(async () => {
    await client?.endAsync(true);
    await server?.stop();
  });

  /** Every message of a suite until each of `finals` sequence ids got its FINAL result (or an error). */
  const follow = async (suite: string) => {
    const messages: { sequenceId: string; kind: string; body: any }[] = [];
    const waiters: (() => void)[] = [];
    client.on('message', (topic, payload) => {
      const parts = topic.split('/');
      if (parts[3] !== suite) return;
      messages.push({ sequenceId: parts[4], kind: parts[6], body: JSON.parse(payload.toString()) });
      for (const wake of waiters.splice(0)) wake();
    });
    await client.subscribeAsync(`account/${server.backend.accountId}/ad-hoc-check-results/${suite}/+/+/+`);
    const finished = (ids: string[]) => ids.every((id) => messages.some((m) => m.sequenceId === id && (m.kind === 'error' || m.body.resultType === 'FINAL')));
    return {
      messages,
      async until(ids: string[]) {
        while (!finished(ids)) await new Promise<void>((resolve) => waiters.push(resolve));
      },
    };
  };

  it('runs ICMP jobs once, publishes run-start and a FINAL result, and stores no check', async () => {
    const suite = randomUUID();
    const feed = await follow(suite);
    const run = await server.api('POST', '/v1/test-sessions/run', { name: 'smoke', shouldRecord: false, runLocation: { type: 'PUBLIC', region: 'eu-central-1' }, checkRunJobs: [icmpJob('ping-a', suite)] });
    expect(run.status, run.text).toBe(202);
    expect(run.body.testSessionId).toBeNull();
    const sequenceId = run.body.sequenceIds['ping-a'];
    expect(sequenceId).toMatch(/^[0-9a-f-]{36}$/);
    await feed.until([sequenceId]);
    expect(feed.messages.map((m) => m.kind)).toEqual(['run-start', 'result']);
    const final = feed.messages[1].body;
    expect(final.resultType).toBe('FINAL');
    expect(final.result).toMatchObject({ name: 'Ping ping-a', checkType: 'ICMP', hasFailures: false, runLocation: 'eu-central-1' });
    const scheduling = await server.api('GET', `/v1/test-sessions/scheduling/${run.body.schedulingId}/completion?maxWaitSeconds=1`);
    expect(scheduling.body).toEqual({ id: run.body.schedulingId, status: 'SUCCEEDED', error: null });
    expect((await server.api('GET', '/v1/checks')).body).toEqual([]);
    expect((await server.api('GET', '/v1/test-sessions')).body.entries).toEqual([]);
  });

  it('records a test session the test-session reads show, when asked', async () => {
    const suite = randomUUID();
    const feed = await follow(suite);
    const run = await server.api('POST', '/v1/test-sessions/run', { name: 'Recorded project', shouldRecord: true, project: { logicalId: 'proj' }, checkRunJobs: [icmpJob('ping-b', suite)] });
    expect(run.status, run.text).toBe(202);
    await feed.until([run.body.sequenceIds['ping-b']]);
    const session = await server.api('GET', `/v1/test-sessions/${run.body.testSessionId}`);
    expect(session.status, session.text).toBe(200);
    expect(session.body).toMatchObject({ name: 'Recorded project', provider: 'CLI', status: 'PASSED', metadata: { projectLogicalId: 'proj' } });
    expect(session.body.results).toMatchObject([{ logicalId: 'ping-b', name: 'Ping ping-b', status: 'PASSED', checkSessionStatus: 'PASSED', resultType: 'FINAL', runLocation: 'local', testSessionResultId: run.body.testResultIds['ping-b'] }]);
    const list = await server.api('GET', '/v1/test-sessions');
    expect(list.body.entries).toMatchObject([{ id: run.body.testSessionId, name: 'Recorded project', provider: 'CLI', status: 'PASSED', passed: ['ping-b'] }]);
    expect((await server.api('GET', '/v1/checks')).body).toEqual([]);
  });

  it('retries a failing job as the CLI asks: each failed attempt as ATTEMPT, the last as FINAL', async () => {
    const suite = randomUUID();
    const feed = await follow(suite);
    const failing = icmpJob('too-strict', suite, {
      request: { hostname: '127.0.0.1', pingCount: 1, assertions: [{ source: 'LATENCY', property: 'avg', comparison: 'LESS_THAN', target: '0' }] },
      testRetryStrategy: { type: 'FIXED', maxRetries: 2, baseBackoffSeconds: 0 },
    });
    const run = await server.api('POST', '/v1/test-sessions/run', { shouldRecord: false, checkRunJobs: [failing] });
    expect(run.status, run.text).toBe(202);
    await feed.until([run.body.sequenceIds['too-strict']]);
    expect(feed.messages.map((m) => (m.kind === 'result' ? `${m.body.resultType}:${m.body.result.hasFailures}` : m.kind))).toEqual(['run-start', 'ATTEMPT:true', 'ATTEMPT:true', 'FINAL:true']);
  });

  it('cancels a recorded run\'s unfinished checks (Ctrl-C in the CLI), reported as cancelled, not as failing', async () => {
    const suite = randomUUID();
    const feed = await follow(suite);
    const slow = {
      ...icmpJob('slow-script', suite),
      checkType: 'MULTI_STEP',
      maxResponseTime: 30_000,
      script: "import { test } from '@playwright/test';\ntest('waits', async () => { await new Promise((resolve) => setTimeout(resolve, 25_000)); });",
    };
    const run = await server.api('POST', '/v1/test-sessions/run', { name: 'To cancel', shouldRecord: true, checkRunJobs: [slow] });
    expect(run.status, run.text).toBe(202);
    const sequenceId = run.body.sequenceIds['slow-script'];
    const cancel = await server.api('POST', `/v1/test-sessions/${run.body.testSessionId}/cancel`);
    expect(cancel.status, cancel.text).toBe(204);
    await feed.until([sequenceId]);
    expect(feed.messages.find((m) => m.kind === 'error')?.body).toBe('Cancelled before it finished.');
    const session = await server.api('GET', `/v1/test-sessions/${run.body.testSessionId}`);
    expect(session.body).toMatchObject({ status: 'CANCELLED', results: [{ status: 'CANCELLED', checkSessionStatus: 'CANCELLED' }] });
    expect((await server.api('POST', '/v1/test-sessions/5f0e8a3c-0000-4000-8000-000000000000/cancel')).status).toBe(404);
  });

  it('refuses constructs Sightline does not run, naming each, and runs nothing', async () => {
    const suite = randomUUID();
    const sessionsBefore = (await server.api('GET', '/v1/test-sessions')).body.entries.length;
    const run = await server.api('POST', '/v1/test-sessions/run', {
      checkRunJobs: [icmpJob('fine', suite), { ...icmpJob('homepage', suite), checkType: 'AGENTIC' }, { ...icmpJob('login-flow', suite), checkType: 'BROWSER' }],
    });
    expect(run.status).toBe(400);
    expect(run.body.message).toContain('homepage (AGENTIC)');
    expect(run.body.message).toContain('login-flow (BROWSER)');
    expect(run.body.message).not.toContain('fine');
    expect((await server.api('GET', '/v1/test-sessions')).body.entries).toHaveLength(sessionsBefore);
  });

  it('answers bad input with a 400 naming the field', async () => {
    const suite = randomUUID();
    const cases: [unknown, RegExp][] = [
      [{}, /checkRunJobs/],
      [{ checkRunJobs: [] }, /checkRunJobs must hold at least one check/],
      [{ checkRunJobs: [{ ...icmpJob('x', suite), sourceInfo: { checkRunSuiteId: 'nope' } }] }, /checkRunSuiteId must be a uuid/],
      [{ checkRunJobs: [icmpJob('x', suite, { request: { pingCount: 1 } })] }, /checkRunJobs\[0\] \(x\).*hostname/],
      [{ checkRunJobs: [icmpJob('x', suite, { checkType: 'MULTI_STEP', script: 'x', dependencies: [3] })], sharedFiles: [] }, /checkRunJobs\[0\]\.dependencies\[0\]: no shared file at index 3/],
      [{ checkRunJobs: [icmpJob('x', suite), icmpJob('x', suite)] }, /logicalId "x" appears twice/],
      [{ checkRunJobs: [icmpJob('x', suite)], runLocation: { type: 'PRIVATE', slugName: 'nowhere' } }, /runLocation: no private location "nowhere"/],
      [{ checkRunJobs: Array.from({ length: 101 }, (_, i) => icmpJob(`c${i}`, suite)) }, /at most 100 checks/],
    ];
    for (const [body, message] of cases) {
      const response = await server.api('POST', '/v1/test-sessions/run', body);
      expect(response.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(response.body.message).toMatch(message);
    }
    expect((await server.api('GET', '/v1/test-sessions/scheduling/not-issued/completion')).status).toBe(404);
  });

  it('keeps an uploaded code bundle and refuses one that is not gzip or too large', async () => {
    const upload = (body: Buffer, headers: Record<string, string> = {}) =>
      fetch(`${server.url}/next/checkly-storage/upload-code-bundle`, { method: 'POST', headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/octet-stream', ...headers }, body: new Uint8Array(body) });
    const ok = await upload(gzipSync(Buffer.from('a tar would be here')));
    expect(ok.status).toBe(200);
    expect((await ok.json()).key).toMatch(/^code-bundles\//);
    const notGzip = await upload(Buffer.from('plain text'));
    expect(notGzip.status).toBe(400);
    expect((await notGzip.json()).message).toMatch(/not gzip/);
    const huge = await upload(Buffer.alloc(21 * 1024 * 1024));
    expect(huge.status).toBe(413);
    expect((await huge.json()).message).toMatch(/maximum allowed: 20971520/);
  });
});

describe('a test run Sightline cannot carry out', { timeout: 60_000 }, () => {
  let server: TestServer;
  let client: MqttClient;

  beforeAll(async () => {
    // The executor itself breaking: Sightline's failure, which must not read as the check's.
    server = await startServer({ run: () => Promise.reject(new Error('executor broke')) });
    client = await mqtt.connectAsync(`${server.url.replace('http://', 'ws://')}/mqtt?authenticationScheme=userApiKey`, { username: server.backend.accountId, password: server.key, reconnectPeriod: 0 });
  });

  afterAll(async () => {
    await client?.endAsync(true);
    await server?.stop();
  });

  it('publishes an error that says Sightline could not run it, and records it as not run', async () => {
    const suite = randomUUID();
    const received = new Promise<{ kind: string; body: unknown }>((resolve) => {
      client.on('message', (topic, payload) => {
        const kind = topic.split('/')[6];
        if (kind !== 'run-start') resolve({ kind, body: JSON.parse(payload.toString()) });
      });
    });
    await client.subscribeAsync(`account/${server.backend.accountId}/ad-hoc-check-results/${suite}/+/+/+`);
    const run = await server.api('POST', '/v1/test-sessions/run', { shouldRecord: true, checkRunJobs: [icmpJob('ping', suite)] });
    expect(run.status, run.text).toBe(202);
    const message = await received;
    expect(message.kind).toBe('error');
    expect(message.body).toMatch(/^Sightline could not run this check: an internal error .*The check itself was not tried\.$/);
    const session = await server.api('GET', `/v1/test-sessions/${run.body.testSessionId}`);
    expect(session.body.status).toBe('CANCELLED');
    expect(session.body.results[0]).toMatchObject({ status: 'CANCELLED', resultType: null, notRunReason: message.body });
  });
});

describe('a test run on a private location', { timeout: 90_000 }, () => {
  let server: TestServer;
  let client: MqttClient;
  let agent: CliProcess | null = null;

  beforeAll(async () => {
    server = await startServer({ remoteAgents: { leaseMs: 1500, heartbeatIntervalMs: 300, sweepIntervalMs: 100 } });
    client = await mqtt.connectAsync(`${server.url.replace('http://', 'ws://')}/mqtt?authenticationScheme=userApiKey`, { username: server.backend.accountId, password: server.key, reconnectPeriod: 0 });
  });

  afterAll(async () => {
    await agent?.stop('SIGKILL');
    killLeftovers();
    await client?.endAsync(true);
    await server?.stop();
  });

  it("runs on that location's remote agent and reports the location", async () => {
    const created = await server.api('POST', '/v1/private-locations', { name: 'Office', slugName: 'office' });
    expect(created.status, created.text).toBe(201);
    agent = spawnSightline(['agent', '--server', server.url, '--key', created.body.keys[0].rawKey, '--agent-health-port', '0', '--concurrency', '1']);
    await agent.line(/^Sightline agent \S+ registered for private location office/);
    const suite = randomUUID();
    const final = new Promise<any>((resolve) => {
      client.on('message', (topic, payload) => {
        if (topic.endsWith('/result') || topic.endsWith('/error')) resolve(JSON.parse(payload.toString()));
      });
    });
    await client.subscribeAsync(`account/${server.backend.accountId}/ad-hoc-check-results/${suite}/+/+/+`);
    const run = await server.api('POST', '/v1/test-sessions/run', { shouldRecord: false, runLocation: { type: 'PRIVATE', id: created.body.id, slugName: 'office' }, checkRunJobs: [icmpJob('office-ping', suite)] });
    expect(run.status, run.text).toBe(202);
    expect(await final).toMatchObject({ resultType: 'FINAL', result: { name: 'Ping office-ping', hasFailures: false, runLocation: 'office' } });
    // The remote agent ran it, not this machine's embedded agent under the location's name.
    expect(server.backend.runs.agent.laneStats().find((lane) => lane.lane === 'ICMP')?.startedTotal).toBe(0);
    expect((await server.api('GET', '/v1/checks')).body).toEqual([]);
  });
});
