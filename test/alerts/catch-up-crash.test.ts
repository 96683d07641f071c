import { rm } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { killLeftovers, startCli, type CliServer } from '../helpers/cli';
import { icmpBody, makeApi, makeDataDir } from '../helpers/server';
import { startHttpReceiver, type HttpReceiver } from '../notify/receivers';
import { IMPOSSIBLE } from './harness';

const KEY = 'sl_catch_up_crash_key_0123456789';

/** `sightline serve` with the crash hook of src-main/core/test-hooks.ts switched on. */
const serveWithCrashHook = (args: string[]) => startCli(args, { env: { SIGHTLINE_TEST_HOOKS: '1', SIGHTLINE_TEST_CRASH_AFTER_RESULT_COMMIT: '1' } });

describe('a real crash after a result is committed and before it is judged', () => {
  let dataDir: string;
  let receiver: HttpReceiver;
  let doomed: CliServer | null = null;
  let server: CliServer | null = null;

  beforeAll(async () => {
    dataDir = await makeDataDir();
    receiver = await startHttpReceiver();
  });
  afterEach(async () => {
    await doomed?.stop('SIGKILL');
    doomed = null;
    await server?.stop();
    server = null;
  });
  afterAll(async () => {
    killLeftovers();
    await receiver.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const args = () => ['--host', '127.0.0.1', '--port', '0', '--data-dir', dataDir, '--api-key', KEY, '--agent-health-port', '0'];
  const alertsFor = (checkId: string) => receiver.requests.filter((r) => r.body.includes(checkId)).map((r) => JSON.parse(r.body).ALERT_TYPE as string);

  it('the restarted process judges the session at start: exactly one ALERT_FAILURE, delivered and logged SUCCESS', async () => {
    doomed = await serveWithCrashHook(args());
    const first = makeApi(doomed.url, KEY);
    const channel = await first('POST', '/v1/alert-channels', { type: 'WEBHOOK', config: { name: 'Crash hook', url: `${receiver.url}/crash` } });
    expect(channel.status, channel.text).toBe(201);
    // Daily, so the scheduler leaves it alone: the trigger below is its only run.
    const created = await first(
      'POST',
      '/v1/checks/icmp?autoAssignAlerts=false',
      icmpBody({ name: 'Crash ping', frequency: 1440, request: IMPOSSIBLE, alertChannelSubscriptions: [{ alertChannelId: channel.body.id, activated: true }] }),
    );
    expect(created.status, created.text).toBe(201);
    const checkId = created.body.id as string;
    const triggered = await first('POST', '/v1/check-sessions/trigger', { target: { checkId: [checkId] } });
    expect(triggered.status, triggered.text).toBe(201);
    const sessionId = triggered.body.sessions[0].checkSessionId as string;

    // The FINAL result commits, then the hook kills the process before alerting judges it.
    expect(await doomed.exited).toEqual([null, 'SIGKILL']);
    expect(receiver.requests).toEqual([]);

    server = await startCli(args());
    const api = makeApi(server.url, KEY);
    const session = await api('GET', `/v1/check-sessions/${sessionId}`);
    expect(session.body.status).toBe('FAILED');
    const finals = (session.body.results as { resultType: string; hasFailures: boolean; checkResultId: string }[]).filter((r) => r.resultType === 'FINAL');
    expect(finals).toEqual([expect.objectContaining({ hasFailures: true })]);
    await expect.poll(async () => (await api('GET', '/v1/alert-notifications')).body, { timeout: 20_000 }).toEqual([
      expect.objectContaining({ type: 'WEBHOOK', status: 'SUCCESS', checkId, checkResultId: finals[0]?.checkResultId }),
    ]);
    expect(alertsFor(checkId)).toEqual(['ALERT_FAILURE']);

    // Another start judges nothing again: still the one notification, nothing more sent.
    expect(await server.stop()).toBe(0);
    server = await startCli(args());
    const again = makeApi(server.url, KEY);
    expect((await again('GET', '/v1/alert-notifications')).body).toHaveLength(1);
    expect(alertsFor(checkId)).toEqual(['ALERT_FAILURE']);
    // Three process starts under tsx: generous on a loaded 2-core machine.
  }, 60_000);
});
