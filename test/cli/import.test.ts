import { mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEmailChannel, icmpBody, startServer, type TestServer } from '../helpers/server';
import { trpcClient } from '../helpers/trpc';
import { cliCacheDir, CLI_TEST_TIMEOUT, ensureCli, runCli } from './harness';

const PROJECT = 'imported-ops';
const SCRIPT = "import { test, expect } from '@playwright/test'\ntest('home', async ({ request }) => {\n  expect((await request.get('http://127.0.0.1:9/')).ok()).toBe(false)\n})\n";

/** Every file under `dir`, relative, with its text. */
async function filesUnder(dir: string, prefix = ''): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = join(prefix, entry.name);
    if (entry.isDirectory()) for (const [k, v] of await filesUnder(join(dir, entry.name), rel)) out.set(k, v);
    else out.set(rel, await readFile(join(dir, entry.name), 'utf8'));
  }
  return out;
}

describe('the public CLI (checkly 8.23.2): import', { timeout: CLI_TEST_TIMEOUT }, () => {
  let server: TestServer;
  let dir: string;
  let icmp: string;
  let route: string;
  let steps: string;
  let group: number;
  let channel: number;
  let window: number;

  beforeAll(async () => {
    await ensureCli();
    server = await startServer();
    const create = async (path: string, body: Record<string, unknown>) => {
      const res = await server.api('POST', path, body);
      expect(res.status, res.text).toBe(201);
      return res.body.id;
    };
    channel = await createEmailChannel(server, 'oncall@example.test');
    group = await create('/v1/check-groups', { name: 'Edge network', tags: ['edge'], concurrency: 1 });
    icmp = await create('/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name: 'Gateway ping', tags: ['prod'], alertChannelSubscriptions: [{ alertChannelId: channel, activated: true }] }));
    route = await create('/v1/checks/traceroute?autoAssignAlerts=false', { name: 'Route to edge', groupId: group, request: { url: 'http://127.0.0.1:9' } });
    steps = await create('/v1/checks/multistep?autoAssignAlerts=false', { name: 'Login flow', script: SCRIPT });
    window = await create('/v1/maintenance-windows', { name: 'Sunday patching', tags: ['prod'], startsAt: '2030-01-06T02:00:00.000Z', endsAt: '2030-01-06T04:00:00.000Z', repeatUnit: 'WEEK', repeatInterval: 1 });
  });
  afterAll(async () => {
    await server.stop();
  });

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sightline-import-'));
    // The generated code imports `checkly/constructs`: resolve it from the cached CLI install.
    await symlink(join(cliCacheDir(), 'node_modules'), join(dir, 'node_modules'), 'dir');
    await writeFile(
      join(dir, 'checkly.config.ts'),
      `import { defineConfig } from 'checkly'\nexport default defineConfig({ projectName: 'Imported ops', logicalId: '${PROJECT}', checks: { checkMatch: '**/__checks__/**/*.check.ts' } })\n`,
    );
    return async () => {
      await rm(dir, { recursive: true, force: true });
    };
  });

  const bindings = async () => {
    const res = await server.api('GET', `/next/projects/${PROJECT}/resources`);
    expect(res.status, res.text).toBe(200);
    return res.body as { type: string; physicalId: string; logicalId: string; pending: boolean }[];
  };
  const plans = async () => (await server.api('GET', `/next/projects/${PROJECT}/imports`)).body as { id: string; appliedAt?: string; committedAt?: string }[];

  it('plans, writes __checks__ for every chosen resource, then apply reserves and commit finalises the bindings', async () => {
    expect((await server.api('POST', '/next/projects', { name: 'Imported ops', logicalId: PROJECT })).status).toBe(201);

    // Answer "no" to "apply now?": the test applies with `import apply` like a reviewer would.
    const plan = await runCli(server, ['import', 'check', 'check-group', 'alert-channel', 'maintenance-window'], {}, { cwd: dir, input: 'n\n' });
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    expect(plan.stdout).toContain('Your import plan has been created!');

    const files = await filesUnder(join(dir, '__checks__'));
    const all = [...files.values()].join('\n');
    const file = (needle: string) => [...files.entries()].find(([, text]) => text.includes(needle));
    expect(file('new IcmpMonitor(')?.[1]).toContain(`'check-${icmp}'`);
    expect(file('new IcmpMonitor(')?.[1]).toContain("hostname: '127.0.0.1'");
    expect(file('new TracerouteMonitor(')?.[1]).toContain("'Route to edge'");
    expect(file('new MultiStepCheck(')?.[1]).toContain("'Login flow'");
    expect([...files.keys()].some((name) => name.endsWith('.spec.ts') && files.get(name)!.includes("test('home'"))).toBe(true);
    expect(file('new CheckGroupV2(')?.[1]).toContain("'Edge network'");
    expect(file('new EmailAlertChannel(')?.[1]).toContain('oncall@example.test');
    expect(file('new MaintenanceWindow(')?.[1]).toContain("'Sunday patching'");
    // The ICMP check is written with its subscription, the traceroute check with its group.
    expect(file('new IcmpMonitor(')?.[1]).toMatch(/alertChannels: \[/);
    expect(file('new TracerouteMonitor(')?.[1]).toMatch(/group: /);
    expect(all).not.toContain('fromId(');

    // Planned, not applied: nothing is bound yet.
    const [created] = await plans();
    expect(created.appliedAt).toBeUndefined();
    expect(await bindings()).toEqual([]);

    const apply = await runCli(server, ['import', 'apply', '--plan-id', created.id], {}, { cwd: dir });
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);
    const pending = await bindings();
    // Subscriptions and assignments carry the logical ids the CLI's constructs give them in a deploy.
    expect(pending.map((b) => `${b.type} ${b.logicalId}`).sort()).toEqual(
      [
        `alert-channel alert-channel-${channel}`,
        `alert-channel-subscription check-alert-channel-subscription#check-${icmp}#alert-channel-${channel}`,
        // New groups subscribe to every channel (autoAssignAlerts).
        `alert-channel-subscription check-group-alert-channel-subscription#check-group-${group}#alert-channel-${channel}`,
        `check check-${icmp}`,
        `check check-${route}`,
        `check check-${steps}`,
        `check-group check-group-${group}`,
        `maintenance-window maintenance-window-${window}`,
      ].sort(),
    );
    expect(pending.every((b) => b.pending)).toBe(true);

    const commit = await runCli(server, ['import', 'commit', '--plan-id', created.id, '--force'], {}, { cwd: dir });
    expect(commit.code, commit.stdout + commit.stderr).toBe(0);
    const final = await bindings();
    expect(final).toHaveLength(pending.length);
    expect(final.some((b) => b.pending)).toBe(false);
    expect((await plans())[0].committedAt).toBeDefined();

    // Everything is bound now: a second plan finds nothing left to import.
    const again = await runCli(server, ['import', 'check'], {}, { cwd: dir });
    expect(again.stdout + again.stderr).toContain('No importable resources were found.');
  });

  it('a status page with its services and a check on a private location; cancel releases everything it reserved', async () => {
    const LOGICAL = 'edge-office';
    await writeFile(join(dir, 'checkly.config.ts'), `import { defineConfig } from 'checkly'\nexport default defineConfig({ projectName: 'Edge office', logicalId: '${LOGICAL}' })\n`);
    expect((await server.api('POST', '/next/projects', { name: 'Edge office', logicalId: LOGICAL })).status).toBe(201);
    const location = await server.api('POST', '/v1/private-locations', { name: 'Office LAN', slugName: 'office-lan' });
    expect(location.status, location.text).toBe(201);
    const office = await server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name: 'Office printer', privateLocations: ['office-lan'] }));
    expect(office.status, office.text).toBe(201);
    const service = (await server.api('POST', '/v1/status-pages/services', { name: 'Office network' })).body;
    const page = await server.api('POST', '/v1/status-pages', { name: 'Office status', url: 'office', cards: [{ name: 'Network', services: [{ id: service.id }] }] });
    expect(page.status, page.text).toBe(201);

    const filters = [`check:${office.body.id}`, 'private-location', 'status-page', 'status-page-service'];
    const plan = await runCli(server, ['import', ...filters], {}, { cwd: dir, input: 'n\n' });
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    const files = await filesUnder(join(dir, '__checks__'));
    const file = (needle: string) => [...files.values()].find((text) => text.includes(needle)) ?? '';
    expect(file('new PrivateLocation(')).toContain("slugName: 'office-lan'");
    expect(file('new IcmpMonitor(')).toContain("'Office printer'");
    // The check is written on its private location (the assignment came as its own resource).
    expect(file('new IcmpMonitor(')).toMatch(/privateLocations: \[\s*\w+/);
    expect(file('new StatusPageService(')).toContain("'Office network'");
    expect(file('new StatusPage(')).toContain("'Office status'");
    expect(file('new StatusPage(')).toMatch(/services: \[\s*\w+/);

    const [created] = (await server.api('GET', `/next/projects/${LOGICAL}/imports?onlyUncommitted=true`)).body;
    const apply = await runCli(server, ['import', 'apply', '--plan-id', created.id], {}, { cwd: dir });
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);
    const reserved = (await server.api('GET', `/next/projects/${LOGICAL}/resources`)).body as { type: string; logicalId: string; pending: boolean }[];
    expect(reserved.map((b) => b.type).sort()).toEqual(['check', 'private-location', 'private-location-check-assignment', 'status-page', 'status-page-service']);
    expect(reserved.find((b) => b.type === 'private-location-check-assignment')?.logicalId).toBe(
      `private-location-check-assignment#check-${office.body.id}#private-location-${location.body.id}`,
    );
    expect(reserved.every((b) => b.pending)).toBe(true);

    // Before the commit, destroy deletes nothing and says so instead of "successfully deleted".
    const destroy = await runCli(server, ['destroy', '--force'], {}, { cwd: dir });
    expect(destroy.code, destroy.stdout + destroy.stderr).toBe(1);
    expect(destroy.stdout + destroy.stderr).toContain('Nothing was deleted: 5 resources of project "edge-office" are reserved by an import that is not committed');
    expect(destroy.stdout + destroy.stderr).not.toContain('successfully deleted');
    expect((await server.api('GET', `/next/projects/${LOGICAL}/resources`)).body).toHaveLength(5);

    const cancel = await runCli(server, ['import', 'cancel', '--plan-id', created.id, '--force'], {}, { cwd: dir });
    expect(cancel.code, cancel.stdout + cancel.stderr).toBe(0);
    expect((await server.api('GET', `/next/projects/${LOGICAL}/resources`)).body).toEqual([]);
    expect((await server.api('GET', `/next/projects/${LOGICAL}/imports`)).body).toEqual([]);
    // The resources themselves are untouched.
    expect((await server.api('GET', `/v1/checks/${office.body.id}`)).status).toBe(200);
    expect((await server.api('GET', `/v1/status-pages/${page.body.id}`)).status).toBe(200);
  });

  it('a deploy of the imported code creates nothing, and changes only what the generator cannot write (doubleCheck, a group concurrency)', async () => {
    const LOGICAL = 'roundtrip';
    await writeFile(join(dir, 'checkly.config.ts'), `import { defineConfig } from 'checkly'\nexport default defineConfig({ projectName: 'Roundtrip', logicalId: '${LOGICAL}', checks: { checkMatch: '**/__checks__/**/*.check.ts' } })\n`);
    // A deploy bundles the project: it needs the package.json a real project has.
    await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'roundtrip', private: true, devDependencies: { checkly: '8.23.2' } }));
    expect((await server.api('POST', '/next/projects', { name: 'Roundtrip', logicalId: LOGICAL })).status).toBe(201);
    const ch = await createEmailChannel(server, 'roundtrip@example.test');
    const grp = (await server.api('POST', '/v1/check-groups', { name: 'Roundtrip group', concurrency: 1 })).body.id;
    const ping = (await server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name: 'Roundtrip ping', groupId: grp, useGlobalAlertSettings: true, alertChannelSubscriptions: [{ alertChannelId: ch, activated: true }] }))).body.id;
    const flow = (await server.api('POST', '/v1/checks/multistep?autoAssignAlerts=false', { name: 'Roundtrip flow', script: SCRIPT })).body.id;
    const checksBefore = (await server.api('GET', '/v1/checks?limit=100')).body.length;

    const plan = await runCli(server, ['import', `check:${ping}`, `check:${flow}`, `check-group:${grp}`, `alert-channel:${ch}`], {}, { cwd: dir, input: 'n\n' });
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    const [created] = (await server.api('GET', `/next/projects/${LOGICAL}/imports`)).body;
    const apply = await runCli(server, ['import', 'apply', '--plan-id', created.id], {}, { cwd: dir });
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);

    const preview = await runCli(server, ['deploy', '--preview'], {}, { cwd: dir });
    expect(preview.code, preview.stdout + preview.stderr).toBe(0);
    expect(preview.stdout).not.toContain('Create:');
    expect(preview.stdout).not.toContain('Delete:');
    const unchanged = preview.stdout.slice(preview.stdout.indexOf('Update and Unchanged:'));
    for (const line of [`EmailAlertChannel: alert-channel-${ch}`, `IcmpMonitor: check-${ping}`, `MultiStepCheck: check-${flow}`, `CheckGroupV2: check-group-${grp}`]) expect(unchanged).toContain(line);

    const deploy = await runCli(server, ['deploy', '--force', '--output'], {}, { cwd: dir });
    expect(deploy.code, deploy.stdout + deploy.stderr).toBe(0);
    expect(deploy.stdout).not.toContain('Create:');
    expect((await server.api('GET', '/v1/checks?limit=100')).body.length).toBe(checksBefore);
    const after = (await server.api('GET', `/v1/checks/${ping}`)).body;
    expect(after).toMatchObject({ name: 'Roundtrip ping', groupId: grp, alertChannelSubscriptions: [{ alertChannelId: ch, activated: true }] });
    // It followed the account's alert settings before the import; the imported code keeps it so.
    expect(after.useGlobalAlertSettings).toBe(true);
    // What the round trip changed, as the Projects history counts it: the two checks' doubleCheck
    // became the retry it stands for, and the group's concurrency its default (the CLI's generator
    // writes neither doubleCheck nor a group's concurrency: docs/DECISIONS.md). Nothing else.
    const trpc = trpcClient(server.url, server.key);
    const project = (await trpc.projects.list.query()).find((p) => p.logicalId === LOGICAL);
    const [last] = (await trpc.projects.get.query({ id: project!.id })).deployments;
    expect(last.counts).toEqual({ CREATE: 0, UPDATE: 3, UNCHANGED: 4, DELETE: 0, DETACHED: 0 });
    expect(last.diff.map((d) => d.logicalId).sort()).toEqual([`check-${flow}`, `check-${ping}`, `check-group-${grp}`].sort());
    expect(after).toMatchObject({ doubleCheck: false, retryStrategy: { type: 'SINGLE_RETRY', baseBackoffSeconds: 1, sameRegion: false } });
    expect((await server.api('GET', `/v1/check-groups/${grp}`)).body.concurrency).toBe(3);
  });
});
