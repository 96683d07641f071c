import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { CLI_TEST_TIMEOUT, cliCacheDir, ensureCli, runCli } from './harness';

/** The CLI's own example projects (TypeScript), as published with it (Apache-2.0, see SOURCE.md). */
const FIXTURES = join(__dirname, 'fixtures');

/** A user's copy of an example after `npm install`: the CLI, @playwright/test and dotenv installed, and a lockfile (the CLI checks both before it sends a Playwright check suite). */
async function exampleCopy(name: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `sightline-${name}-`));
  await cp(join(FIXTURES, name), dir, { recursive: true });
  await mkdir(join(dir, 'node_modules'));
  const cli = join(cliCacheDir(), 'node_modules');
  for (const entry of await readdir(cli)) await symlink(join(cli, entry), join(dir, 'node_modules', entry), 'dir');
  for (const entry of ['@playwright', 'playwright', 'playwright-core']) await symlink(join(__dirname, '..', '..', 'node_modules', entry), join(dir, 'node_modules', entry), 'dir');
  await writeFile(join(dir, 'package-lock.json'), JSON.stringify({ name, lockfileVersion: 3, requires: true, packages: {} }));
  return dir;
}

/** Takes out of checkly.config.ts the browser checks its testMatch makes and the Playwright check suite (its config path alone makes one). */
async function withoutRefusedConfig(dir: string): Promise<void> {
  const config = join(dir, 'checkly.config.ts');
  const trimmed = (await readFile(config, 'utf8'))
    .replace(/\n {4}browserChecks: \{[\s\S]*?\n {4}\},/, '')
    .replace(/\n {4}playwrightConfigPath: '[^']*',/, '')
    .replace(/\n {4}playwrightChecks: \[[\s\S]*?\n {4}\],/, '');
  for (const gone of ['browserChecks:', 'playwrightConfigPath:', 'playwrightChecks:']) expect(trimmed).not.toContain(gone);
  await writeFile(config, trimmed);
}

/**
 * Issue 32, "Done when": a user's copy of one of the CLI's examples deploys as it is written, but for
 * the constructs Sightline does not run, which the refusal names; with those taken out (and nothing
 * else edited) every other construct deploys.
 */
describe('the public CLI (checkly 8.23.2): its example projects', { timeout: CLI_TEST_TIMEOUT }, () => {
  let server: TestServer;
  let dir: string;

  beforeAll(async () => {
    await ensureCli();
  });
  beforeEach(async () => {
    server = await startServer();
  });
  afterEach(async () => {
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('advanced-project as written: refused whole, naming the browser checks and the Playwright check suite; without them: everything else deploys', async () => {
    dir = await exampleCopy('advanced-project');
    const refused = await runCli(server, ['deploy', '--force', '--no-schedule-on-deploy'], {}, { cwd: dir });
    const told = refused.stdout + refused.stderr;
    expect(refused.code, told).toBe(1);
    expect(told).toContain('Your project could not be deployed.');
    for (const name of ['"browse-and-search-check" (check of type BROWSER)', '"login-browser-check" (check of type BROWSER)', '"playwright-check-suite" (check of type PLAYWRIGHT)']) expect(told).toContain(name);
    expect((await server.api('GET', '/v1/checks')).body).toEqual([]);

    // Take out what was named: the browser checks' file, and the config's browser checks and suite.
    await rm(join(dir, 'src', '__checks__', 'synthetics', '02-business-critical.check.ts'));
    await withoutRefusedConfig(dir);
    const deployed = await runCli(server, ['deploy', '--force', '--no-schedule-on-deploy'], {}, { cwd: dir });
    expect(deployed.code, deployed.stdout + deployed.stderr).toBe(0);
    expect(deployed.stdout).toContain('Successfully deployed project "Advanced Example Project"');
    const checks = (await server.api('GET', '/v1/checks?limit=100')).body as { name: string; checkType: string; runtimeId: string | null; playwrightConfig?: unknown }[];
    expect(checks.map((c) => `${c.checkType} ${c.name}`).sort()).toEqual([
      'API Books API',
      'GRPC gRPC API Health Monitor',
      'HEARTBEAT Send weekly newsletter job',
      'ICMP Cloudflare DNS ICMP Monitor',
      'MULTI_STEP Multistep API check',
      'SSL example.com SSL Certificate',
      'TCP TCPbin Monitor',
      'TRACEROUTE example.com Traceroute',
      'URL Homepage URL Monitor',
      'URL books 2 URL monitor',
      'URL category URL monitor',
    ]);
    // The pinned runtime and the shared playwrightConfig (its page-only viewport included) are kept.
    const flow = checks.find((c) => c.checkType === 'MULTI_STEP');
    expect(flow).toMatchObject({ runtimeId: '2025.04', playwrightConfig: { timeout: 30000, use: { baseURL: 'https://www.danube-web.shop', viewport: { width: 1280, height: 720 } } } });
    const groups = (await server.api('GET', '/v1/check-groups')).body as { name: string }[];
    expect(groups.map((g) => g.name).sort()).toEqual(['Synthetic Monitors Group', 'Uptime Monitors Group']);
    const channels = (await server.api('GET', '/v1/alert-channels')).body as { type: string }[];
    expect(channels.map((c) => c.type).sort()).toEqual(['EMAIL', 'SLACK_APP', 'WEBHOOK']);
  });

  it('boilerplate-project as written: refused whole, naming its agentic check, browser check and Playwright check suite; without them: everything else deploys', async () => {
    dir = await exampleCopy('boilerplate-project');
    const refused = await runCli(server, ['deploy', '--force', '--no-schedule-on-deploy'], {}, { cwd: dir });
    const told = refused.stdout + refused.stderr;
    expect(refused.code, told).toBe(1);
    for (const name of ['"checkly-pricing-page" (check of type AGENTIC)', '"__checks__/homepage.spec.ts" (check of type BROWSER)', '"playwright-check-suite" (check of type PLAYWRIGHT)']) expect(told).toContain(name);
    expect((await server.api('GET', '/v1/checks')).body).toEqual([]);

    await rm(join(dir, '__checks__', 'agentic.check.ts'));
    await withoutRefusedConfig(dir);
    const deployed = await runCli(server, ['deploy', '--force', '--no-schedule-on-deploy'], {}, { cwd: dir });
    expect(deployed.code, deployed.stdout + deployed.stderr).toBe(0);
    const checks = (await server.api('GET', '/v1/checks?limit=100')).body as { name: string; checkType: string; runtimeId: string | null }[];
    expect(deployed.stdout).toContain('Successfully deployed project "Boilerplate Project"');
    // The pinned runtime is kept where the construct carries one (heartbeat and URL monitors have none).
    expect(checks.map((c) => `${c.checkType} ${c.name} ${c.runtimeId}`).sort()).toEqual(['API Books API 2025.04', 'HEARTBEAT Send weekly newsletter job null', 'URL Books URL null']);
  });
});
