import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApi, makeDataDir, TEST_KEY, type Api } from '../helpers/server';
import { descendantsOf, killLeftovers, probe, spawnSightline, type CliProcess } from '../agent/helpers';
import { startHttpReceiver, type HttpReceiver } from '../notify/receivers';

/**
 * A real `sightline serve` frozen with SIGSTOP (what a laptop lid does to it) while its ping run is
 * in flight, for longer than the run's time limit (3 pings: 13 s; frozen 16 s — the 60 s is
 * not needed: what matters is a freeze past the limit and past the 5 s detection threshold). fping
 * itself is not frozen and finishes; the run must be judged on what it reported, nothing alerts,
 * and the gap is shown in /health and the log, once.
 */

const FREEZE_MS = 16_000;

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

describe('a server suspended (SIGSTOP) during a ping run', () => {
  let serve: CliProcess;
  let receiver: HttpReceiver;
  let dataDir: string;
  let api: Api;
  let healthUrl: string;

  beforeAll(async () => {
    dataDir = await makeDataDir();
    receiver = await startHttpReceiver();
    serve = spawnSightline(['serve', '--no-console-build', '--no-scheduler', '--port', '0', '--data-dir', dataDir, '--api-key', TEST_KEY, '--agent-health-port', '0'], { SIGHTLINE_LOG_LEVEL: 'warn' });
    const url = await serve.line(/^Sightline API listening on (\S+)/, 60_000);
    healthUrl = await serve.line(/^Agent health probes on (\S+)/, 10_000);
    api = makeApi(url, TEST_KEY);
  }, 90_000);

  afterAll(async () => {
    if (serve?.child.pid) process.kill(serve.child.pid, 'SIGCONT');
    await serve?.stop('SIGTERM');
    killLeftovers();
    await receiver?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('judges the run on the replies fping reported: PASSED, no alert, and the gap is reported once', async () => {
    const channel = await api('POST', '/v1/alert-channels', {
      type: 'WEBHOOK',
      config: { name: 'ops', url: `${receiver.url}/hook`, method: 'POST', template: '{"type":"{{ALERT_TYPE}}","error":"{{CHECK_ERROR_MESSAGE}}"}' },
    });
    expect(channel.status, channel.text).toBe(201);
    const check = await api('POST', '/v1/checks/icmp?autoAssignAlerts=false', {
      name: 'loopback',
      frequency: 10,
      retryStrategy: null,
      doubleCheck: false,
      request: { hostname: '127.0.0.1', pingCount: 3 },
      alertChannelSubscriptions: [{ alertChannelId: channel.body.id, activated: true }],
    });
    expect(check.status, check.text).toBe(201);

    const pid = serve.child.pid!;
    const triggered = await api('POST', '/v1/check-sessions/trigger', { target: { checkId: [check.body.id] } });
    expect(triggered.status, triggered.text).toBe(201);
    // Freeze the server as soon as its ping tool runs.
    const deadline = Date.now() + 10_000;
    while (!descendantsOf(pid).some((child) => ['fping', 'ping'].includes(commandOf(child)))) {
      if (Date.now() > deadline) throw new Error('no ping tool started');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    process.kill(pid, 'SIGSTOP');
    await new Promise((resolve) => setTimeout(resolve, FREEZE_MS));
    process.kill(pid, 'SIGCONT');

    const done = await api('GET', `/v1/check-sessions/${triggered.body.sessions[0].checkSessionId}/completion?maxWaitSeconds=30`);
    expect(done.status, done.text).toBe(200);
    const results = await api('GET', `/v1/check-results/${check.body.id}?limit=10`);
    expect(results.body).toHaveLength(1);
    expect(results.body[0].error).toBeNull();
    expect(done.body.status).toBe('PASSED');

    const health = (await probe(`${healthUrl}/health`)).body as { status: string; message: string; clockEvents: { kind: string; durationMs: number }[] };
    expect(health.clockEvents).toHaveLength(1);
    expect(health.clockEvents[0]?.kind).toBe('suspended');
    expect(health.clockEvents[0]!.durationMs).toBeGreaterThan(FREEZE_MS - 2000);
    expect(health.message).toMatch(/Sightline was suspended for \d+ s until /);
    expect(serve.stdout.concat(serve.stderr).filter((line) => line.includes('was suspended for'))).toHaveLength(1);
    // Time for a wrongly raised alert to be delivered: none is.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(receiver.requests.map((r) => JSON.parse(r.body).type)).toEqual([]);
  }, 90_000);
});
