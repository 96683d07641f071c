import { cp, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { CLI_TEST_TIMEOUT, cliCacheDir, ensureCli, runCli } from './harness';

const FIXTURE = join(import.meta.dirname, 'fixtures', 'test-project');

/** The multi-step checks' target: /health passes their assertion, /version ("1") fails it (they expect "2"). */
async function startTarget(): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    if (request.url === '/health') return response.end('ok');
    if (request.url === '/version') return response.end('1');
    response.statusCode = 404;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** `checkly test` with the real CLI against a real server: the project's checks run once and no check is stored. */
describe('checkly test', { timeout: CLI_TEST_TIMEOUT * 3 }, () => {
  let server: TestServer;
  let target: { server: Server; url: string };
  let project: string;

  beforeAll(async () => {
    await ensureCli();
    server = await startServer();
    target = await startTarget();
    // The CLI writes where it runs: a copy of the project per run, never the checkout.
    project = await mkdtemp(join(tmpdir(), 'sightline-test-project-'));
    await cp(FIXTURE, project, { recursive: true });
    await symlink(join(cliCacheDir(), 'node_modules'), join(project, 'node_modules'));
  }, CLI_TEST_TIMEOUT);

  afterAll(async () => {
    await server?.stop();
    target?.server.close();
    if (project) await rm(project, { recursive: true, force: true });
  });

  const checklyTest = (...args: string[]) =>
    runCli(server, ['test', '-e', `TARGET_URL=${target.url}`, ...args], { CHECKLY_MQTT_URL: `${server.url.replace('http://', 'ws://')}/mqtt` }, { cwd: project, timeoutMs: 110_000 });

  it('prints each check\'s live result, exits 1 for the failing assertion, and stores neither a check nor (with --no-record) a session', async () => {
    const run = await checklyTest('--no-record');
    expect(run.stderr).not.toMatch(/Error|error/);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/✔ Loopback ping \(\d+m?s\)/);
    expect(run.stdout).toMatch(/✔ Loopback trace \(\d+m?s\)/);
    // Passes only with its helper file (a shared `dependencies` file) and the -e variable.
    expect(run.stdout).toMatch(/✔ API health \(\d+m?s\)/);
    expect(run.stdout).toMatch(/✖ API version \(\d+m?s\)/);
    expect(run.stdout).toContain('the version the target reports');
    expect(run.stdout).toContain('1 failed, 3 passed, 4 total');
    expect(run.stdout).not.toContain('Reached timeout');
    expect((await server.api('GET', '/v1/checks')).body).toEqual([]);
    expect((await server.api('GET', '/v1/test-sessions')).body.entries).toEqual([]);
  });

  it('refuses a project with a construct Sightline does not run, naming it, and runs nothing', async () => {
    const extra = join(project, '__checks__', 'homepage.check.ts');
    await writeFile(extra, "import { BrowserCheck } from 'checkly/constructs'\nnew BrowserCheck('homepage', { name: 'Homepage', code: { content: 'export {}' } })\n");
    try {
      const run = await checklyTest('--no-record');
      expect(run.code).toBe(1);
      expect(run.stdout + run.stderr, run.stdout + run.stderr).toContain('Sightline does not run homepage (BROWSER)');
      expect(run.stdout).not.toMatch(/✔|✖/);
      // Left out with --grep (as the message suggests), the rest runs.
      const filtered = await checklyTest('--no-record', '--grep', 'Loopback');
      expect(filtered.code, filtered.stdout + filtered.stderr).toBe(0);
      expect(filtered.stdout).toContain('2 passed, 2 total');
    } finally {
      await rm(extra);
    }
  });

  it('--record keeps a test session that the test-session reads show, still with no check stored', async () => {
    const run = await checklyTest('--record', '--test-session-name', 'Before release');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('1 failed, 3 passed, 4 total');
    const list = await server.api('GET', '/v1/test-sessions');
    expect(list.body.entries).toHaveLength(1);
    const [entry] = list.body.entries;
    expect(entry).toMatchObject({ name: 'Before release', provider: 'CLI', status: 'FAILED', failed: ['api-version'] });
    expect(new Set(entry.passed)).toEqual(new Set(['loopback-ping', 'loopback-trace', 'api-health']));
    // The CLI prints the web app's address; it lands on the console's test-session page.
    const link = `${server.url}/accounts/${server.backend.accountId}/test-sessions/${entry.id}`;
    expect(run.stdout).toContain(`Detailed session summary at: ${link}`);
    const redirect = await fetch(link, { redirect: 'manual' });
    expect(new URL(redirect.headers.get('location') ?? '', link).href).toBe(`${server.url}/#/test-sessions/${entry.id}`);
    const session = await server.api('GET', `/v1/test-sessions/${entry.id}`);
    expect(session.body.results.map((r: { name: string; status: string }) => `${r.name}: ${r.status}`).sort()).toEqual([
      'API health: PASSED',
      'API version: FAILED',
      'Loopback ping: PASSED',
      'Loopback trace: PASSED',
    ]);
    expect((await server.api('GET', '/v1/checks')).body).toEqual([]);
  });
});
