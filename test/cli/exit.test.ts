import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { CLI_TEST_TIMEOUT, cliCacheDir, ensureCli, runCli } from './harness';

const FIXTURE = join(import.meta.dirname, 'fixtures', 'test-project');
// As the issue asks: 20 (about 3 s each on the two-core machine). The CLI holds a socket only now
// and then (about 1 run in 10), so the held-socket runs below check what the server does about it
// every time.
const RUNS = 20;
const HOLD_IDLE_SOCKETS = join(import.meta.dirname, 'fixtures', 'preload', 'hold-idle-sockets.cjs');

/**
 * The CLI exits when nothing holds its event loop: a keep-alive socket to Sightline left idle must be
 * closed by the server soon, or `checkly test` lingers after its result until Fastify's default 72 s.
 */
describe('checkly test exits as soon as it has printed its result', { timeout: CLI_TEST_TIMEOUT * 3 }, () => {
  let server: TestServer;
  let target: Server;
  let targetUrl: string;
  let project: string;

  beforeAll(async () => {
    await ensureCli();
    server = await startServer();
    target = createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
    project = await mkdtemp(join(tmpdir(), 'sightline-exit-project-'));
    await cp(FIXTURE, project, { recursive: true });
    await symlink(join(cliCacheDir(), 'node_modules'), join(project, 'node_modules'));
  }, CLI_TEST_TIMEOUT);

  afterAll(async () => {
    await server?.stop();
    target?.close();
    if (project) await rm(project, { recursive: true, force: true });
  });

  const checklyTest = (extraEnv: Record<string, string> = {}) =>
    runCli(
      server,
      ['test', '--no-record', '-e', `TARGET_URL=${targetUrl}`, '--grep', 'API health|Loopback ping'],
      { CHECKLY_MQTT_URL: `${server.url.replace('http://', 'ws://')}/mqtt`, ...extraEnv },
      { cwd: project, timeoutMs: 100_000 },
    );

  it(`${RUNS} runs in a row (code bundle uploaded, multi-step and ping checks) each exit within 5 s of their summary`, async () => {
    const lingers: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await checklyTest();
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toContain('2 passed, 2 total');
      lingers.push(run.lingerMs);
      expect(run.lingerMs, `run ${i + 1} exited ${run.lingerMs} ms after its summary (earlier runs: ${lingers.join(', ')} ms)`).toBeLessThan(5_000);
    }
  });

  it('a CLI whose HTTP agent holds idle sockets still exits within 5 s: the server closes them', async () => {
    for (let i = 0; i < 3; i++) {
      const run = await checklyTest({ NODE_OPTIONS: `--require ${HOLD_IDLE_SOCKETS}` });
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toContain('2 passed, 2 total');
      expect(run.lingerMs, `run ${i + 1} exited ${run.lingerMs} ms after its summary`).toBeLessThan(5_000);
    }
  });
});
