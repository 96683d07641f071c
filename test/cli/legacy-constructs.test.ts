import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { CLI_TEST_TIMEOUT, cliCacheDir, ensureCli, runCli } from './harness';

const CONFIG = `import { defineConfig } from 'checkly'

export default defineConfig({
  projectName: 'Legacy project',
  logicalId: 'legacy-project',
  checks: { checkMatch: '__checks__/**/*.check.ts', locations: [], frequency: 10 },
  cli: { runLocation: 'eu-west-1' },
})
`;

/** What projects written before CheckGroupV2 use, as the public docs still show them. */
const RESOURCES = `import { CheckGroup, IcmpMonitor, IncidentioAlertChannel } from 'checkly/constructs'

export const incidents = new IncidentioAlertChannel('incident-io', {
  name: 'Incidents',
  url: 'http://127.0.0.1:9/incident',
  apiKey: 'incident-key',
})

export const group = new CheckGroup('legacy-group', {
  name: 'Legacy',
  tags: ['legacy'],
  locations: [],
  concurrency: 2,
  apiCheckDefaults: { url: 'https://api.example.test', headers: [{ key: 'x-team', value: 'edge' }] },
  alertChannels: [incidents],
})

new IcmpMonitor('grouped-ping', { name: 'Grouped ping', group, request: { hostname: '127.0.0.1' } })
`;

describe('a project with a CheckGroup (v1) and an incident.io channel', { timeout: CLI_TEST_TIMEOUT * 2 }, () => {
  let server: TestServer;
  let dir: string;

  beforeAll(async () => {
    await ensureCli();
    server = await startServer();
    dir = await mkdtemp(join(tmpdir(), 'sightline-legacy-project-'));
    await mkdir(join(dir, '__checks__'));
    await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'legacy-project', private: true }));
    await writeFile(join(dir, 'checkly.config.ts'), CONFIG);
    await writeFile(join(dir, '__checks__', 'resources.check.ts'), RESOURCES);
    await symlink(join(cliCacheDir(), 'node_modules'), join(dir, 'node_modules'), 'dir');
  }, CLI_TEST_TIMEOUT);
  afterAll(async () => {
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('deploys: the v1 group with its apiCheckDefaults, and the channel as the webhook it is', async () => {
    const run = await runCli(server, ['deploy', '--force'], {}, { cwd: dir });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('Successfully deployed project "Legacy project"');

    const [group] = (await server.api('GET', '/v1/check-groups')).body;
    expect(group).toMatchObject({ name: 'Legacy', tags: ['legacy'], concurrency: 2 });
    expect(group.apiCheckDefaults).toMatchObject({ url: 'https://api.example.test', headers: [{ key: 'x-team', value: 'edge' }] });
    const [ping] = (await server.api('GET', '/v1/checks')).body;
    expect(ping).toMatchObject({ name: 'Grouped ping', groupId: group.id });

    const [channel] = (await server.api('GET', '/v1/alert-channels')).body;
    expect(channel.type).toBe('WEBHOOK');
    expect(channel.config).toMatchObject({ name: 'Incidents', webhookType: 'WEBHOOK_INCIDENTIO', url: 'http://127.0.0.1:9/incident', method: 'POST' });
    // The API key travels as the authorization header; reads mask header values.
    expect(channel.config.headers).toEqual([expect.objectContaining({ key: 'authorization', value: '*****' })]);
    expect(group.alertChannelSubscriptions).toEqual([expect.objectContaining({ alertChannelId: channel.id, activated: true })]);

    const again = await runCli(server, ['deploy', '--preview'], {}, { cwd: dir });
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(again.stdout).not.toContain('Create:');
  });
});
