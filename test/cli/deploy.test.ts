import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { icmpBody, startServer, type TestServer } from '../helpers/server';
import { CLI_TEST_TIMEOUT, cliCacheDir, ensureCli, runCli } from './harness';

const FIXTURE = join(__dirname, 'fixtures', 'deploy-project');
const RESOURCES = join('__checks__', 'resources.check.ts');

/** The fixture project in a private folder (the CLI writes where it runs), resolving `checkly` from the cached install. */
async function projectCopy(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sightline-deploy-project-'));
  await cp(FIXTURE, dir, { recursive: true });
  await symlink(join(cliCacheDir(), 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

async function editResources(dir: string, edit: (text: string) => string): Promise<void> {
  const path = join(dir, RESOURCES);
  await writeFile(path, edit(await readFile(path, 'utf8')));
}

/** What an operator sees over REST: names of checks, groups, channels, pages and windows. */
async function inventory(server: TestServer) {
  const [checks, groups, channels, pages, windows, locations] = await Promise.all(
    ['/v1/checks', '/v1/check-groups', '/v1/alert-channels', '/v1/status-pages', '/v1/maintenance-windows', '/v1/private-locations'].map((path) => server.api('GET', path)),
  );
  return {
    checks: checks.body.map((c: any) => c.name).sort(),
    groups: groups.body.map((g: any) => g.name).sort(),
    channels: channels.body.map((c: any) => c.type).sort(),
    pages: (pages.body.entries ?? pages.body).map((p: any) => p.name).sort(),
    windows: windows.body.map((w: any) => w.name).sort(),
    locations: locations.body.map((l: any) => l.slugName).sort(),
  };
}

describe('the public CLI (checkly 8.23.2): deploy and destroy', { timeout: CLI_TEST_TIMEOUT }, () => {
  let server: TestServer;
  let dir: string;

  beforeAll(async () => {
    await ensureCli();
    server = await startServer();
    const console = await server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name: 'Console ping' }));
    expect(console.status, console.text).toBe(201);
    dir = await projectCopy();
  });
  afterAll(async () => {
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('deploy --force creates every construct, and the REST reads show their bindings', async () => {
    const run = await runCli(server, ['deploy', '--force'], {}, { cwd: dir });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('Successfully deployed project "Sightline fixture"');

    expect(await inventory(server)).toEqual({
      checks: ['API flow', 'Console ping', 'Loopback ping', 'Loopback route'],
      groups: ['Network'],
      channels: ['EMAIL', 'WEBHOOK'],
      pages: ['Public status'],
      windows: ['Weekly maintenance'],
      locations: ['fixture-location'],
    });
    const checks = (await server.api('GET', '/v1/checks')).body;
    const ping = checks.find((c: any) => c.name === 'Loopback ping');
    const project = { id: expect.any(String), logicalId: 'sightline-fixture', name: 'Sightline fixture' };
    expect(ping).toMatchObject({ logicalId: 'loopback-ping', member: true, pending: false, project });
    expect(ping.projectBindings).toEqual({ owner: { project, binding: { logicalId: 'loopback-ping', pending: false, sourceFile: null } }, references: [] });
    expect(ping.alertChannelSubscriptions).toHaveLength(1);
    expect(checks.find((c: any) => c.name === 'Console ping')).toMatchObject({ project: null, logicalId: null, member: null, projectBindings: { owner: null, references: [] } });

    const flow = checks.find((c: any) => c.name === 'API flow');
    // The CLI names a multi-step check's spec file in its payload: the console shows it as the check's source.
    expect(flow.projectBindings.owner.binding.sourceFile).toBe('__checks__/flow.spec.ts');
    expect(flow.dependencies).toEqual([{ path: '__checks__/helpers/target.ts', content: expect.stringContaining('export function targetUrl') }]);
    const v2 = await server.api('GET', `/v2/checks/${ping.id}`);
    expect(v2.body.projectBindings.owner.binding.logicalId).toBe('loopback-ping');

    const [group] = (await server.api('GET', '/v1/check-groups')).body;
    expect(group.privateLocations).toEqual(['fixture-location']);
    expect(group.projectBindings.owner.binding.logicalId).toBe('network-group');
    expect(ping.groupId).toBe(group.id);
    const channels = (await server.api('GET', '/v1/alert-channels')).body;
    expect(channels.map((c: any) => c.projectBindings.owner?.binding.logicalId).sort()).toEqual(['ops-email', 'ops-hook']);
  });

  it('deploy --preview reports a change and a removal and applies neither', async () => {
    await editResources(dir, (text) => text.replace("name: 'Loopback ping'", "name: 'Loopback ping renamed'").replace(/export const route = new TracerouteMonitor[\s\S]*?\n}\)\n/, ''));
    const before = await inventory(server);
    const run = await runCli(server, ['deploy', '--preview'], {}, { cwd: dir });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Delete:\n\s+Check: loopback-route\n\n/);
    expect(run.stdout).toMatch(/Update and Unchanged:[\s\S]*IcmpMonitor: loopback-ping/);
    expect(await inventory(server)).toEqual(before);
  });

  it('a second deploy applies exactly the change and the removal', async () => {
    const run = await runCli(server, ['deploy', '--force', '--output'], {}, { cwd: dir });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Delete:\n\s+Check: loopback-route\n\n/);
    expect(run.stdout).not.toContain('Create:');
    expect((await inventory(server)).checks).toEqual(['API flow', 'Console ping', 'Loopback ping renamed']);
  });

  it('an unsupported construct fails the whole deploy, naming it, and changes nothing', async () => {
    await writeFile(
      join(dir, '__checks__', 'tcp.check.ts'),
      "import { BrowserCheck } from 'checkly/constructs'\n\nexport const login = new BrowserCheck('login-browser', { name: 'Login in a browser', code: { content: \"import { test } from '@playwright/test'\\ntest('login', async ({ page }) => { await page.goto('http://127.0.0.1:9/') })\\n\" } })\n",
    );
    await editResources(dir, (text) => text.replace("name: 'Loopback ping renamed'", "name: 'Never applied'"));
    const before = await inventory(server);
    const run = await runCli(server, ['deploy', '--force'], {}, { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toContain('"login-browser" (check of type BROWSER)');
    expect(await inventory(server)).toEqual(before);
    await rm(join(dir, '__checks__', 'tcp.check.ts'));
  });

  it('destroy --force removes the project\'s resources and leaves the others', async () => {
    const run = await runCli(server, ['destroy', '--force'], {}, { cwd: dir });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('All resources associated with project "Sightline fixture" have been successfully deleted.');
    expect(await inventory(server)).toEqual({ checks: ['Console ping'], groups: [], channels: [], pages: [], windows: [], locations: [] });
  });
});
