import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { CLI_TEST_TIMEOUT, cliCacheDir, ensureCli, runCli } from './harness';

const FIXTURE = join(import.meta.dirname, 'fixtures', 'test-project');

/**
 * The CLI's own example projects pin `runtimeId: '2025.04'`; the CLI checks it against GET /v1/runtimes
 * before it sends anything, so every id the public API names must be listed, and each result says
 * which @playwright/test really ran.
 */
describe('a project that pins a runtime the public API names', { timeout: CLI_TEST_TIMEOUT * 3 }, () => {
  let server: TestServer;
  let target: Server;
  let targetUrl: string;
  let project: string;
  let playwright: string;

  beforeAll(async () => {
    await ensureCli();
    playwright = ((await import('@playwright/test/package.json', { with: { type: 'json' } })).default as { version: string }).version;
    server = await startServer();
    target = createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
    project = await mkdtemp(join(tmpdir(), 'sightline-pinned-runtime-'));
    await cp(FIXTURE, project, { recursive: true });
    await symlink(join(cliCacheDir(), 'node_modules'), join(project, 'node_modules'));
    const checks = join(project, '__checks__', 'api.check.ts');
    await writeFile(checks, (await readFile(checks, 'utf8')).replace("name: 'API health',", "name: 'API health',\n  runtimeId: '2025.04',"));
    await rm(join(project, '__checks__', 'api-version.spec.ts'));
    await writeFile(checks, (await readFile(checks, 'utf8')).replace(/new MultiStepCheck\('api-version'[\s\S]*?\n}\)\n/, ''));
  }, CLI_TEST_TIMEOUT);

  afterAll(async () => {
    await server?.stop();
    target?.close();
    if (project) await rm(project, { recursive: true, force: true });
  });

  const env = () => ({ CHECKLY_MQTT_URL: `${server.url.replace('http://', 'ws://')}/mqtt` });

  it('checkly runtimes lists every id the public API names', async () => {
    const run = await runCli(server, ['runtimes'], {}, {});
    expect(run.code, run.stdout + run.stderr).toBe(0);
    for (const id of ['2026.04', '2025.04', '2024.09', '2024.02', '2023.09', '2023.02', '2022.10']) expect(run.stdout).toContain(id);
  });

  it('checkly test runs the pinned multi-step check', async () => {
    const run = await runCli(server, ['test', '--no-record', '-e', `TARGET_URL=${targetUrl}`], env(), { cwd: project, timeoutMs: 100_000 });
    expect(run.stdout + run.stderr).not.toContain('is not supported');
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/✔ API health \(\d+m?s\)/);
  });

  it('deploy keeps the pinned id, and a triggered run says which @playwright/test ran it', async () => {
    const deploy = await runCli(server, ['deploy', '--force'], {}, { cwd: project });
    expect(deploy.code, deploy.stdout + deploy.stderr).toBe(0);
    const check = (await server.api('GET', '/v1/checks')).body.find((c: { name: string }) => c.name === 'API health');
    expect(check.runtimeId).toBe('2025.04');
    const env = await server.api('POST', '/v1/variables', { key: 'TARGET_URL', value: targetUrl });
    expect(env.status, env.text).toBe(201);
    const trigger = await runCli(server, ['trigger', '--tags', 'cli-test'], { CHECKLY_MQTT_URL: `${server.url.replace('http://', 'ws://')}/mqtt` }, { cwd: project, timeoutMs: 100_000 });
    expect(trigger.code, trigger.stdout + trigger.stderr).toBe(0);
    const results = (await server.api('GET', `/v1/check-results/${check.id}`)).body;
    expect(results.length).toBeGreaterThan(0);
    expect(results[0].multiStepCheckResult.runtimeVersion).toBe(`@playwright/test ${playwright}`);
  });
});
