import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src-main/core/config';
import { IMPOSSIBLE } from '../alerts/harness';
import { startHoldServer } from '../helpers/hold-server';
import { icmpBody, makeApi, makeDataDir, TEST_KEY } from '../helpers/server';
import { descendantsOf, isRunning, killLeftovers, spawnSightline, waitFor } from './helpers';
import { LISTENING, MARGIN_MS, serveArgs, terminate } from './shutdown-clients';

describe('the bound on stopping `sightline serve`', () => {
  afterAll(() => killLeftovers());

  it('whatever still hangs past the drain timeout + 5 s (a webhook that never answers) does not keep the process: it exits 1 and says what it waited for', async () => {
    const dataDir = await makeDataDir();
    const hold = await startHoldServer(() => false, () => 0);
    const cli = spawnSightline(serveArgs(dataDir, 0));
    try {
      const api = makeApi(await cli.line(LISTENING, 30_000), TEST_KEY);
      const channel = await api('POST', '/v1/alert-channels', { type: 'WEBHOOK', config: { name: 'Never answers', url: `${hold.base}/hold/alert` } });
      expect(channel.status).toBe(201);
      const check = await api(
        'POST',
        '/v1/checks/icmp?autoAssignAlerts=false',
        icmpBody({ name: 'Fails once', frequency: 1440, request: IMPOSSIBLE, alertChannelSubscriptions: [{ alertChannelId: channel.body.id, activated: true }] }),
      );
      expect(check.status).toBe(201);
      expect((await api('POST', '/v1/check-sessions/trigger', { target: { checkId: [check.body.id] } })).status).toBe(201);
      await waitFor('the alert to reach the webhook', () => (hold.held.length === 1 ? true : undefined), 30_000);

      // Delivery waits up to 10 s for a webhook; the drain timeout is 0.
      const stopped = await terminate(cli, MARGIN_MS + 2_000);
      expect({ code: stopped.code, exitedInTime: stopped.exitedAfterMs !== null }).toEqual({ code: 1, exitedInTime: true });
      expect(cli.stderr).toContain('Shutdown did not finish within 5 s (the drain timeout + 5 s) while stopping alerting: exiting anyway');
    } finally {
      await cli.stop('SIGKILL');
      await hold.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('`npm run serve`: SIGTERM to npm\'s own PID stops the server too (npm passes it to its sh, which dies without passing it on)', async () => {
    const dataDir = await makeDataDir();
    const drainSeconds = 2;
    const npm = spawn('npm', ['run', '--silent', 'serve', '--', ...serveArgs(dataDir, drainSeconds).slice(1), '--no-scheduler'], { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const npmExited = once(npm, 'exit');
    let server: number | undefined;
    try {
      await new Promise<void>((resolve) => createInterface({ input: npm.stdout }).on('line', (line) => LISTENING.test(line) && resolve()));
      server = descendantsOf(npm.pid ?? 0).find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('sightline.mjs\0serve'));
      expect(server).toBeDefined();
      npm.kill('SIGTERM');
      await npmExited;
      const serverPid = server ?? 0;
      await waitFor('the server to stop', () => (isRunning(serverPid) ? undefined : true), drainSeconds * 1000 + MARGIN_MS + 2_000);
    } finally {
      npm.kill('SIGKILL');
      if (server !== undefined && isRunning(server)) process.kill(server, 'SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
