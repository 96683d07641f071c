import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import { startHttpReceiver, type HttpReceiver } from '../notify/receivers';
import { makeDataDir, startServer, type TestServer } from '../helpers/server';
import { createChannel } from '../alerts/harness';
import { validationCases, type Accepted, type Body, type Rejected } from './harness';

const PATH = '/v1/checks/heartbeat';
/** A manual clock's jumps would read as suspensions: these tests move time without them, one test asks for them. */
const NO_SUSPENSIONS = { suspendThresholdMs: 1e12, stepThresholdMs: 1e12 };
const PUBLIC_URL = 'https://pings.example.test';

const hb = (extra: Body = {}) => ({ heartbeat: { period: 5, periodUnit: 'minutes', grace: 1, graceUnit: 'minutes', ...extra } });
const valid = (members: Body = {}): Body => ({ name: 'Nightly backup', ...hb(), ...members });

const REJECTED: Rejected[] = [
  ['heartbeat missing', () => ({ name: 'no heartbeat' }), 'heartbeat'],
  ['period under 30 s', hb({ period: 29, periodUnit: 'seconds' }), 'heartbeat.period'],
  ['period over 365 days', hb({ period: 366, periodUnit: 'days' }), 'heartbeat.period'],
  ['period not a number', hb({ period: '5' }), 'heartbeat.period'],
  ['periodUnit unknown', hb({ periodUnit: 'weeks' }), 'heartbeat.periodUnit'],
  ['grace over 365 days', hb({ grace: 9000, graceUnit: 'hours' }), 'heartbeat.grace'],
  ['grace negative', hb({ grace: -1 }), 'heartbeat.grace'],
  ['graceUnit missing', { heartbeat: { period: 5, periodUnit: 'minutes', grace: 1 } }, 'heartbeat.graceUnit'],
  ['checkType TCP', { checkType: 'TCP' }, 'checkType'],
];

const ACCEPTED: Accepted[] = [
  ['30 seconds, no grace', hb({ period: 30, periodUnit: 'seconds', grace: 0 }), { checkType: 'HEARTBEAT', heartbeat: { period: 30, periodUnit: 'seconds', grace: 0, graceUnit: 'minutes' } }],
  ['365 days', hb({ period: 365, periodUnit: 'days' }), { heartbeat: { period: 365, periodUnit: 'days' } }],
];

/** What the public CLI 8.23.2's HeartbeatMonitor.synthesize() sends (dist/constructs/heartbeat-monitor.js). */
const CLI_PAYLOAD = {
  name: 'Backup from the CLI',
  activated: true,
  muted: false,
  shouldFail: false,
  locations: [],
  tags: ['cli'],
  alertChannelSubscriptions: [],
  checkType: 'HEARTBEAT',
  heartbeat: { period: 1, periodUnit: 'hours', grace: 10, graceUnit: 'minutes' },
};

interface HbResult {
  hasFailures: boolean;
  responseTime: number | null;
  heartbeatCheckResult: {
    event: string;
    state: string;
    method: string | null;
    sourceAddress: string | null;
    userAgent: string | null;
    body: string | null;
    bodyBytes: number;
    bodyTruncated: boolean;
    runDurationMs: number | null;
    note: string | null;
    requestError: string | null;
  };
}

async function results(server: TestServer, checkId: string): Promise<HbResult[]> {
  const res = await server.api('GET', `/v1/check-results/${checkId}?limit=100`);
  expect(res.status, res.text).toBe(200);
  return res.body as HbResult[];
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('heartbeat monitors over REST: validation, the ping URL and the paths every type has', () => {
  let server: TestServer;
  const logged: string[] = [];
  beforeAll(async () => {
    // The request log at info, as `serve` writes it: a token must never reach it.
    const sink = new Writable({
      write(chunk: Buffer, _encoding, next) {
        logged.push(chunk.toString());
        next();
      },
    });
    server = await startServer({ config: { publicUrl: PUBLIC_URL, publicHosts: [] }, logger: pino({ level: 'info' }, sink), heartbeats: { pingsPerTokenPerMinute: 5, unknownPerAddressPerMinute: 4, pollMs: 200 } });
  });
  afterAll(() => server.stop());

  validationCases(() => server, PATH, valid, REJECTED, ACCEPTED);

  it('a period under 30 s is a 400 that names the field and says the bound', async () => {
    const res = await server.api('POST', PATH, valid(hb({ period: 10, periodUnit: 'seconds' })));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('heartbeat.period: must be at least 30 seconds');
  });

  it('the CLI payload is accepted on both paths; the server issues the token (≥ 128 bits) and the ping URL is on --public-url', async () => {
    const tokens = new Set<string>();
    for (const path of [PATH, '/v1/checks']) {
      const res = await server.api('POST', path, { ...CLI_PAYLOAD, heartbeat: { ...CLI_PAYLOAD.heartbeat, pingToken: 'chosen-by-the-client' } });
      expect(res.status, res.text).toBe(201);
      const { pingToken, pingUrl } = res.body.heartbeat as { pingToken: string; pingUrl: string };
      expect(pingToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(pingUrl).toBe(`${PUBLIC_URL}/ping/${pingToken}`);
      tokens.add(pingToken);
    }
    expect(tokens.size).toBe(2);
  });

  it('PUT merges into the stored heartbeat and keeps its token; v1, v2, v3 read it; a deleted one answers pings 404', async () => {
    const created = await server.api('POST', PATH, valid());
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    const token = created.body.heartbeat.pingToken as string;
    const put = await server.api('PUT', `${PATH}/${id}`, { name: 'renamed', heartbeat: { period: 2, pingToken: 'ignored' } });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ name: 'renamed', heartbeat: { period: 2, periodUnit: 'minutes', grace: 1, pingToken: token } });
    const generic = await server.api('PUT', `/v1/checks/${id}`, { checkType: 'HEARTBEAT', heartbeat: { period: 1, periodUnit: 'seconds' } });
    expect(generic.status).toBe(400);
    expect(generic.body.message).toContain('heartbeat.period: must be at least 30 seconds');
    for (const version of ['v1', 'v2', 'v3']) {
      const read = await server.api('GET', `/${version}/checks/${id}`);
      expect(read.status, `${version}: ${read.text}`).toBe(200);
      expect(read.body).toMatchObject({ checkType: 'HEARTBEAT', heartbeat: { period: 2, pingUrl: `${PUBLIC_URL}/ping/${token}` } });
    }
    expect((await fetch(`${server.url}/ping/${token}`)).status).toBe(200);
    expect((await server.api('DELETE', `/v1/checks/${id}`)).status).toBe(204);
    // The judge sees the deletion at its next look for changes (each second; here asked for at once).
    await server.backend.heartbeats.refresh();
    expect((await fetch(`${server.url}/ping/${token}`)).status).toBe(404);
  });

  it('GET, POST and HEAD answer 200 without a key; each ping is a result with its source, method, user agent and body; a body over 10 KiB is cut', async () => {
    const created = await server.api('POST', PATH, valid({ name: 'Pinged' }));
    const id = created.body.id as string;
    const url = `${server.url}/ping/${created.body.heartbeat.pingToken as string}`;
    expect((await fetch(url, { headers: { 'user-agent': 'cron-job/1.0' } })).status).toBe(200);
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const log = `backup done\n${'x'.repeat(20_000)}`;
    const post = await fetch(url, { method: 'POST', body: log, headers: { 'content-type': 'application/json' } });
    expect(post.status).toBe(200);
    expect(await post.text()).toBe('OK\n');
    const stored = await results(server, id);
    expect(stored).toHaveLength(3);
    const byMethod = Object.fromEntries(stored.map((r) => [r.heartbeatCheckResult.method, r]));
    expect(byMethod.GET?.heartbeatCheckResult).toMatchObject({ event: 'PING', state: 'RECEIVED', sourceAddress: '127.0.0.1', userAgent: 'cron-job/1.0', body: null });
    expect(byMethod.HEAD?.hasFailures).toBe(false);
    const posted = byMethod.POST?.heartbeatCheckResult;
    expect(posted?.bodyBytes).toBe(Buffer.byteLength(log));
    expect(posted?.bodyTruncated).toBe(true);
    expect(posted?.body).toBe(log.slice(0, 10_240));
    // Pings soon after each other are early: more often than half the period.
    expect(posted?.state).toBe('EARLY');
  });

  it('an unknown token is 404; a flood of unknown tokens from one address is 429 for that address only, while a real ping still goes through', async () => {
    const created = await server.api('POST', PATH, valid({ name: 'Flooded' }));
    const url = `${server.url}/ping/${created.body.heartbeat.pingToken as string}`;
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) statuses.push((await fetch(`${server.url}/ping/made-up-token-${i}-0123456789abcdef0123`)).status);
    // Four misses a minute (earlier tests of this server may have spent one): 404s, then only 429s.
    const firstLimited = statuses.indexOf(429);
    expect(firstLimited).toBeGreaterThanOrEqual(3);
    expect(statuses.slice(0, firstLimited).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(firstLimited).every((s) => s === 429)).toBe(true);
    expect((await fetch(url)).status).toBe(200);
  });

  it('pings beyond the per-token limit are 429 with retry-after', async () => {
    const created = await server.api('POST', PATH, valid({ name: 'Busy' }));
    const url = `${server.url}/ping/${created.body.heartbeat.pingToken as string}`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await fetch(url)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await fetch(url);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('no token is ever written to the log, though requests are logged', async () => {
    const listed = await server.api('GET', '/v1/checks?limit=100');
    const tokens = (listed.body as { checkType: string; heartbeat?: { pingToken: string } }[]).filter((c) => c.checkType === 'HEARTBEAT').map((c) => c.heartbeat?.pingToken ?? '');
    expect(tokens.length).toBeGreaterThan(3);
    const text = logged.join('');
    expect(text).toContain('incoming request');
    for (const token of tokens) expect(text).not.toContain(token);
    expect(text).not.toContain('made-up-token');
  });
});

describe('heartbeats are judged by the server: a missed ping fails and alerts, the next recovers', () => {
  let server: TestServer;
  let receiver: HttpReceiver;
  let clock: ManualClock;
  let channelId: number;

  beforeAll(async () => {
    receiver = await startHttpReceiver();
  });
  afterAll(() => receiver.close());
  beforeEach(async () => {
    clock = new ManualClock(Date.now());
    server = await startServer({ clock, clockWatch: NO_SUSPENSIONS });
    receiver.requests.length = 0;
    channelId = await createChannel(server, { type: 'WEBHOOK', config: { name: 'On call', url: `${receiver.url}/hook`, webhookSecret: 's' } });
  });
  afterEach(() => server.stop());

  async function createHeartbeat(name: string): Promise<{ id: string; url: string }> {
    const created = await server.api('POST', `${PATH}?autoAssignAlerts=false`, valid({ name, ...hb({ period: 1, periodUnit: 'minutes', grace: 30, graceUnit: 'seconds' }), alertChannelSubscriptions: [{ alertChannelId: channelId, activated: true }] }));
    expect(created.status, created.text).toBe(201);
    return { id: created.body.id as string, url: `${server.url}/ping/${created.body.heartbeat.pingToken as string}` };
  }

  async function advance(ms: number): Promise<void> {
    clock.advance(ms);
    await server.backend.heartbeats.wake();
  }

  const alertsFor = (name: string) => receiver.requests.filter((r) => r.body.includes(name));

  it('no ping by period + grace: a failing result (MISSED) and a webhook alert with the evidence; the next ping is LATE and recovers', async () => {
    const { id, url } = await createHeartbeat('Cron job A');
    await server.backend.heartbeats.refresh();
    expect((await fetch(url)).status).toBe(200);
    await advance(89_000);
    expect((await results(server, id)).filter((r) => r.hasFailures)).toHaveLength(0);
    await advance(2_000);
    const failed = await until(() => results(server, id), (list) => list.some((r) => r.hasFailures), 'the failing result');
    const miss = failed.find((r) => r.hasFailures);
    expect(miss?.heartbeatCheckResult).toMatchObject({ event: 'MISSED', state: 'FAILING', sourceAddress: null });
    expect(miss?.heartbeatCheckResult.requestError).toContain('No ping within the period plus grace');
    await until(async () => alertsFor('Cron job A'), (list) => list.length >= 1, 'the failure alert');
    expect((await fetch(url)).status).toBe(200);
    const after = await until(() => results(server, id), (list) => list.length >= 3, 'the recovering ping');
    expect(after.find((r) => r.heartbeatCheckResult.state === 'LATE')?.hasFailures).toBe(false);
    await until(async () => alertsFor('Cron job A'), (list) => list.length >= 2, 'the recovery alert');
    const status = await server.api('GET', `/v1/check-statuses/${id}`);
    expect(status.body.hasFailures).toBe(false);
  });

  it('a run started with /start that never finishes fails; /fail fails at once; a plain ping after a run measures it', async () => {
    const { id, url } = await createHeartbeat('Cron job B');
    await server.backend.heartbeats.refresh();
    expect((await fetch(`${url}/start`)).status).toBe(200);
    await advance(12_000);
    expect((await fetch(url, { method: 'POST', body: 'ok' })).status).toBe(200);
    let list = await results(server, id);
    expect(list.find((r) => r.heartbeatCheckResult.event === 'PING')?.heartbeatCheckResult.runDurationMs).toBe(12_000);
    expect((await fetch(`${url}/fail`, { method: 'POST', body: 'disk full' })).status).toBe(200);
    list = await results(server, id);
    expect(list.find((r) => r.heartbeatCheckResult.event === 'FAIL')).toMatchObject({ hasFailures: true, heartbeatCheckResult: { state: 'FAILING', body: 'disk full' } });
    expect((await fetch(`${url}/start`)).status).toBe(200);
    await advance(91_000);
    list = await until(() => results(server, id), (l) => l.some((r) => r.heartbeatCheckResult.event === 'RUN_NEVER_FINISHED'), 'the never-finished run');
    expect(list.find((r) => r.heartbeatCheckResult.event === 'RUN_NEVER_FINISHED')?.heartbeatCheckResult.requestError).toContain('never finished');
  });

  it('a deadline inside a maintenance window of the heartbeat is not a failure: it is due again a period after the window', async () => {
    const created = await server.api('POST', `${PATH}?autoAssignAlerts=false`, valid({ name: 'Cron job D', tags: ['nightly'], ...hb({ period: 1, periodUnit: 'minutes', grace: 30, graceUnit: 'seconds' }) }));
    const id = created.body.id as string;
    const now = clock.now().getTime();
    const window = await server.api('POST', '/v1/maintenance-windows', { name: 'DB upgrade', tags: ['nightly'], startsAt: new Date(now - 60_000).toISOString(), endsAt: new Date(now + 5 * 60_000).toISOString() });
    expect(window.status, window.text).toBe(201);
    await server.backend.heartbeats.refresh();
    expect((await fetch(`${server.url}/ping/${created.body.heartbeat.pingToken as string}`)).status).toBe(200);
    await advance(91_000);
    expect((await results(server, id)).filter((r) => r.hasFailures)).toHaveLength(0);
    const view = server.backend.heartbeats.view(id);
    expect(view?.note).toContain('maintenance window "DB upgrade"');
    expect(view?.deadlineAt).toBe(now + 5 * 60_000 + 90_000);
  });

  it("Sightline's own downtime is not the job's: a deadline that passed while the server was down gets one new period, and says so", async () => {
    const { id, url } = await createHeartbeat('Cron job C');
    await server.backend.heartbeats.refresh();
    expect((await fetch(url)).status).toBe(200);
    await server.close();
    clock.advance(10 * 60_000);
    server = await startServer({ clock, clockWatch: NO_SUSPENSIONS, dataDir: server.dataDir });
    const status = await server.api('GET', `/v1/checks/${id}`);
    expect(status.status).toBe(200);
    const view = server.backend.heartbeats.view(id);
    expect(view?.note).toContain('Sightline was not running');
    expect(view?.deadlineAt).toBe(clock.now().getTime() + 90_000);
    await advance(60_000);
    expect((await results(server, id)).filter((r) => r.hasFailures)).toHaveLength(0);
    await advance(31_000);
    const list = await until(() => results(server, id), (l) => l.some((r) => r.hasFailures), 'the failure after the new period');
    expect(list.find((r) => r.hasFailures)?.heartbeatCheckResult.note).toContain('Sightline was not running');
  });
});

describe('a suspension of Sightline (the machine slept) is not the job\'s downtime either', () => {
  it('a deadline inside the suspension gets one new period from its end, and the console says so', async () => {
    const clock = new ManualClock(Date.now());
    const server = await startServer({ clock });
    try {
      const created = await server.api('POST', PATH, valid(hb({ period: 1, periodUnit: 'minutes', grace: 0 })));
      const id = created.body.id as string;
      await server.backend.heartbeats.refresh();
      expect((await fetch(`${server.url}/ping/${created.body.heartbeat.pingToken as string}`)).status).toBe(200);
      // Asleep for 5 minutes: the server's clock watch sees the gap before the judge looks at deadlines.
      clock.advance(5 * 60_000);
      await server.backend.heartbeats.wake();
      expect(server.backend.heartbeats.view(id)?.note).toContain('Sightline was suspended');
      expect((await results(server, id)).filter((r) => r.hasFailures)).toHaveLength(0);
      const status = await server.api('GET', `/v1/checks/${id}`);
      expect(status.status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

describe('the ping route costs nothing without a judge', () => {
  it('answers 503 with retry-after while the judge is not running, never 500', async () => {
    const server = await startServer({ dataDir: await makeDataDir() });
    try {
      const created = await server.api('POST', PATH, valid());
      const url = `${server.url}/ping/${created.body.heartbeat.pingToken as string}`;
      await server.backend.heartbeats.stop();
      const res = await fetch(url);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
    } finally {
      await server.stop();
    }
  });
});
