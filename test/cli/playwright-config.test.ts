import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { CLI_TEST_TIMEOUT, cliCacheDir, ensureCli, runCli } from './harness';

const CONFIG = `import { defineConfig } from 'checkly'

export default defineConfig({
  projectName: 'Configured project',
  logicalId: 'configured-project',
  checks: { checkMatch: '__checks__/**/*.check.ts', locations: [], frequency: 10, tags: ['configured'] },
  cli: { runLocation: 'eu-west-1' },
})
`;

/** Relies on use.baseURL (a relative URL) and use.extraHTTPHeaders: both must reach the run. */
const SPEC = `import { test, expect } from '@playwright/test'

test('health through the configured base URL and header', async ({ request }) => {
  const response = await request.get('/health')
  expect(await response.text()).toBe('ok')
})
`;

const construct = (use: string) => `import { MultiStepCheck } from 'checkly/constructs'

new MultiStepCheck('configured-health', {
  name: 'Configured health',
  code: { entrypoint: './health.spec.ts' },
  playwrightConfig: { timeout: 20000, use: ${use} },
})
`;

describe("a MultiStepCheck's playwrightConfig", { timeout: CLI_TEST_TIMEOUT * 3 }, () => {
  let server: TestServer;
  let target: Server;
  let targetUrl: string;
  let dir: string;
  const env = () => ({ CHECKLY_MQTT_URL: `${server.url.replace('http://', 'ws://')}/mqtt` });

  beforeAll(async () => {
    await ensureCli();
    server = await startServer();
    // Answers "ok" only to the header the config adds.
    target = createServer((request, response) => {
      if (request.url === '/health' && request.headers['x-sightline'] === 'applied') return response.end('ok');
      response.statusCode = 400;
      response.end(`missing: ${request.url} ${String(request.headers['x-sightline'])}`);
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
    dir = await mkdtemp(join(tmpdir(), 'sightline-playwright-config-'));
    await mkdir(join(dir, '__checks__'));
    await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'configured-project', private: true }));
    await writeFile(join(dir, 'checkly.config.ts'), CONFIG);
    await writeFile(join(dir, '__checks__', 'health.spec.ts'), SPEC);
    await symlink(join(cliCacheDir(), 'node_modules'), join(dir, 'node_modules'), 'dir');
  }, CLI_TEST_TIMEOUT);
  afterAll(async () => {
    await server?.stop();
    target?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const applied = () => construct(`{ baseURL: '${targetUrl}', extraHTTPHeaders: { 'x-sightline': 'applied' } }`);

  it('checkly test applies use.baseURL and use.extraHTTPHeaders', async () => {
    await writeFile(join(dir, '__checks__', 'health.check.ts'), applied());
    const run = await runCli(server, ['test', '--no-record'], env(), { cwd: dir, timeoutMs: 100_000 });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/✔ Configured health \(\d+m?s\)/);
  });

  it('a deployed check keeps its playwrightConfig and its triggered runs apply it', async () => {
    await writeFile(join(dir, '__checks__', 'health.check.ts'), applied());
    const deploy = await runCli(server, ['deploy', '--force'], {}, { cwd: dir });
    expect(deploy.code, deploy.stdout + deploy.stderr).toBe(0);
    const [check] = (await server.api('GET', '/v1/checks')).body;
    expect(check.playwrightConfig).toEqual({ timeout: 20000, use: { baseURL: targetUrl, extraHTTPHeaders: { 'x-sightline': 'applied' } } });
    const trigger = await runCli(server, ['trigger', '--tags', 'configured'], env(), { timeoutMs: 100_000 });
    expect(trigger.code, trigger.stdout + trigger.stderr).toBe(0);
    const [result] = (await server.api('GET', `/v1/check-results/${check.id}`)).body;
    expect(result).toMatchObject({ hasFailures: false, hasErrors: false });
    // On the warm path: the runtime applies it there too.
    expect(result.multiStepCheckResult).toMatchObject({ runtime: 'WARM' });
  });

  it('an option a multi-step run cannot honour is refused at deploy by name (a page-only one is not), and nothing changes', async () => {
    // A proxy would change every request and is not applied: refused. A viewport (page-only, as the
    // examples' shared config sets for their browser checks) changes nothing without a page: accepted.
    await writeFile(join(dir, '__checks__', 'health.check.ts'), construct(`{ baseURL: '${targetUrl}', viewport: { width: 800, height: 600 }, proxy: { server: 'http://127.0.0.1:9' } }`));
    const run = await runCli(server, ['deploy', '--force'], {}, { cwd: dir });
    const output = run.stdout + run.stderr;
    expect(run.code, output).toBe(1);
    expect(output).toContain('check "configured-health"');
    expect(output).toContain('playwrightConfig.use.proxy');
    expect(output).toContain('use.proxy is not applied by Sightline');
    expect(output).not.toContain('use.viewport');
    const [check] = (await server.api('GET', '/v1/checks')).body;
    expect(check.playwrightConfig.use.extraHTTPHeaders).toEqual({ 'x-sightline': 'applied' });
  });
});
