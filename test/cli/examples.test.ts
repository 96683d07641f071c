import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { CLI_TEST_TIMEOUT, cliCacheDir, ensureCli, runCli } from './harness';

/** The CLI's own examples/advanced-project (TypeScript), as published with it (Apache-2.0, see its README). */
const FIXTURE = join(__dirname, 'fixtures', 'advanced-project');

/**
 * Issue 32, "Done when": a user's copy of the CLI's advanced example deploys as it is written, but
 * for the constructs Sightline does not run, which the refusal names; with those taken out (and
 * nothing else edited) every other construct deploys.
 */
describe('the public CLI (checkly 8.23.2): its advanced example project', { timeout: CLI_TEST_TIMEOUT }, () => {
  let server: TestServer;
  let dir: string;

  beforeAll(async () => {
    await ensureCli();
    server = await startServer();
    dir = await mkdtemp(join(tmpdir(), 'sightline-example-'));
    await cp(FIXTURE, dir, { recursive: true });
    // As after `npm install`: the CLI, @playwright/test and dotenv installed, and a lockfile (the
    // CLI checks both before it sends a Playwright check suite).
    await mkdir(join(dir, 'node_modules'));
    const cli = join(cliCacheDir(), 'node_modules');
    for (const name of await readdir(cli)) await symlink(join(cli, name), join(dir, 'node_modules', name), 'dir');
    for (const name of ['@playwright', 'playwright', 'playwright-core']) await symlink(join(__dirname, '..', '..', 'node_modules', name), join(dir, 'node_modules', name), 'dir');
    await writeFile(join(dir, 'package-lock.json'), JSON.stringify({ name: 'advanced-project', lockfileVersion: 3, requires: true, packages: {} }));
  });
  afterAll(async () => {
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('as written: refused whole, naming the browser checks and the Playwright check suite; without them: everything else deploys', async () => {
    const refused = await runCli(server, ['deploy', '--force', '--no-schedule-on-deploy'], {}, { cwd: dir });
    const told = refused.stdout + refused.stderr;
    expect(refused.code, told).toBe(1);
    expect(told).toContain('Your project could not be deployed.');
    for (const name of ['"browse-and-search-check" (check of type BROWSER)', '"login-browser-check" (check of type BROWSER)', '"playwright-check-suite" (check of type PLAYWRIGHT)']) expect(told).toContain(name);
    expect((await server.api('GET', '/v1/checks')).body).toEqual([]);

    // Take out what was named: the browser checks' file, and in the config the browser checks its
    // testMatch would make of the same specs and the Playwright check suite (its config path alone
    // makes one).
    await rm(join(dir, 'src', '__checks__', 'synthetics', '02-business-critical.check.ts'));
    const config = join(dir, 'checkly.config.ts');
    const trimmed = (await readFile(config, 'utf8'))
      .replace(/\n {4}browserChecks: \{[\s\S]*?\n {4}\},/, '')
      .replace(/\n {4}playwrightConfigPath: '[^']*',/, '')
      .replace(/\n {4}playwrightChecks: \[[\s\S]*?\n {4}\],/, '');
    for (const gone of ['browserChecks:', 'playwrightConfigPath:', 'playwrightChecks:']) expect(trimmed).not.toContain(gone);
    await writeFile(config, trimmed);

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
});
