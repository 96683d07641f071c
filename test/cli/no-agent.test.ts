import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHealthServer } from '../../src-main/agent/health-server';
import { icmpBody, startServer, type TestServer } from '../helpers/server';
import { CLI_TEST_TIMEOUT, cliCacheDir, ensureCli, runCli } from './harness';

const FIXTURE = join(import.meta.dirname, 'fixtures', 'test-project');
const NOT_RUN = 'Not run — no agent connected to edge-lab';

/**
 * A private location with no agent connected: Sightline cannot run its checks, which says nothing
 * about the checks. The CLI shows them as not run (cancelled), names the cause, and does not fail.
 */
describe('runs on a private location with no agent connected', { timeout: CLI_TEST_TIMEOUT * 2 }, () => {
  let server: TestServer;
  let project: string;
  let checkId: string;
  const env = () => ({ CHECKLY_MQTT_URL: `${server.url.replace('http://', 'ws://')}/mqtt` });

  beforeAll(async () => {
    await ensureCli();
    server = await startServer();
    const location = await server.api('POST', '/v1/private-locations', { name: 'Edge lab', slugName: 'edge-lab' });
    expect(location.status, location.text).toBe(201);
    const check = await server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name: 'Edge ping', locations: [], privateLocations: ['edge-lab'], tags: ['edge'] }));
    expect(check.status, check.text).toBe(201);
    checkId = check.body.id;
    project = await mkdtemp(join(tmpdir(), 'sightline-no-agent-'));
    await cp(FIXTURE, project, { recursive: true });
    await symlink(join(cliCacheDir(), 'node_modules'), join(project, 'node_modules'));
  }, CLI_TEST_TIMEOUT);
  afterAll(async () => {
    await server?.stop();
    if (project) await rm(project, { recursive: true, force: true });
  });

  it('checkly test --private-location shows the check as not run, with the cause, and exits 0 at once', async () => {
    const started = Date.now();
    const run = await runCli(server, ['test', '--no-record', '--grep', 'Loopback ping', '--private-location', 'edge-lab'], env(), { cwd: project, timeoutMs: 100_000 });
    const output = run.stdout + run.stderr;
    expect(run.code, output).toBe(0);
    expect(output).toContain(`⊘ Loopback ping (${NOT_RUN})`);
    expect(output).toContain('1 cancelled, 1 total');
    expect(output).not.toContain('✖');
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('checkly trigger shows the deployed check as not run, with the cause, and exits 0; the result never alerts', async () => {
    const run = await runCli(server, ['trigger', '--tags', 'edge'], env(), { timeoutMs: 100_000 });
    const output = run.stdout + run.stderr;
    expect(run.code, output).toBe(0);
    expect(output).toContain(`Edge ping (${NOT_RUN})`);
    expect(output).not.toContain('✖');
    const [result] = (await server.api('GET', `/v1/check-results/${checkId}`)).body;
    expect(result).toMatchObject({ hasFailures: false, hasErrors: false, isCancelled: true });
    expect((await server.api('GET', `/v1/check-statuses/${checkId}`)).body).toMatchObject({ hasFailures: false, hasErrors: false });
  });

  it('/health names the cause and the location, and does not call it saturation', async () => {
    const probes = await startHealthServer({ port: 0, host: '127.0.0.1', logger: server.backend.deps.logger, health: () => server.backend.agentHealth() });
    try {
      const health = await (await fetch(`${probes.url}/health`)).json();
      expect(health).toMatchObject({ status: 'ok', skippedLastHour: 0, notRunNoAgent: { 'edge-lab': 2 } });
      expect(health.message).toContain('no agent connected to edge-lab (2)');
    } finally {
      await probes.close();
    }
  });
});
