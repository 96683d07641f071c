import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { CLI_TEST_TIMEOUT, cliCacheDir, ensureCli, runCli } from './harness';

const CONFIG = `import { defineConfig } from 'checkly'
export default defineConfig({
  projectName: 'Cron jobs',
  logicalId: 'cron-jobs',
  checks: { checkMatch: '__checks__/**/*.check.ts', locations: [], frequency: 10 },
  cli: { runLocation: 'eu-west-1' },
})
`;

/** The public CLI's HeartbeatMonitor, written as a user writes it. */
const HEARTBEAT = `import { HeartbeatMonitor } from 'checkly/constructs'

export const backup = new HeartbeatMonitor('nightly-backup', {
  name: 'Nightly backup',
  period: 1,
  periodUnit: 'days',
  grace: 30,
  graceUnit: 'minutes',
})
`;

/** An ICMP monitor next to it, so that \`checkly test\` has something to run. */
const ICMP = `import { IcmpMonitor } from 'checkly/constructs'

export const loopback = new IcmpMonitor('loopback', { name: 'Loopback', request: { hostname: '127.0.0.1', pingCount: 1 } })
`;

async function filesUnder(dir: string): Promise<string> {
  const names = await readdir(dir, { recursive: true });
  const texts = await Promise.all(names.filter((name) => name.endsWith('.ts')).map((name) => readFile(join(dir, name), 'utf8')));
  return texts.join('\n');
}

/** The public CLI 8.23.2's HeartbeatMonitor, unchanged: test, deploy (and preview), ping, import and destroy against a real server. */
describe('the public CLI (checkly 8.23.2): HeartbeatMonitor', { timeout: CLI_TEST_TIMEOUT }, () => {
  let server: TestServer;
  let dir: string;

  beforeAll(async () => {
    await ensureCli();
    server = await startServer();
    dir = await mkdtemp(join(tmpdir(), 'sightline-heartbeat-project-'));
    await mkdir(join(dir, '__checks__'));
    await writeFile(join(dir, 'package.json'), '{ "name": "cron", "private": true, "type": "module" }\n');
    await writeFile(join(dir, 'checkly.config.ts'), CONFIG);
    await writeFile(join(dir, '__checks__', 'backup.check.ts'), HEARTBEAT);
    await writeFile(join(dir, '__checks__', 'loopback.check.ts'), ICMP);
    await symlink(join(cliCacheDir(), 'node_modules'), join(dir, 'node_modules'), 'dir');
  }, CLI_TEST_TIMEOUT);
  afterAll(async () => {
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const env = () => ({ CHECKLY_MQTT_URL: `${server.url.replace('http://', 'ws://')}/mqtt` });

  it('checkly test leaves the heartbeat out (nothing runs it: its job pings it) and runs the rest', async () => {
    const run = await runCli(server, ['test', '--no-record'], env(), { cwd: dir, timeoutMs: 100_000 });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/✔ Loopback/);
    expect(run.stdout).not.toContain('Nightly backup');
  });

  it('deploy --preview creates nothing; deploy creates it as sent with a ping URL that works; a redeploy keeps the URL; destroy removes it', async () => {
    const preview = await runCli(server, ['deploy', '--preview'], {}, { cwd: dir });
    expect(preview.code, preview.stdout + preview.stderr).toBe(0);
    expect(preview.stdout).toContain('nightly-backup');
    expect((await server.api('GET', '/v1/checks')).body).toEqual([]);

    const deploy = await runCli(server, ['deploy', '--force'], {}, { cwd: dir });
    expect(deploy.code, deploy.stdout + deploy.stderr).toBe(0);
    const checks = (await server.api('GET', '/v1/checks')).body as { id: string; name: string; checkType: string; logicalId: string; heartbeat: { pingUrl: string } }[];
    const backup = checks.find((c) => c.name === 'Nightly backup');
    expect(backup).toMatchObject({ checkType: 'HEARTBEAT', logicalId: 'nightly-backup', heartbeat: { period: 1, periodUnit: 'days', grace: 30, graceUnit: 'minutes' } });
    const pingUrl = backup!.heartbeat.pingUrl;
    expect(pingUrl).toMatch(new RegExp(`^${server.url}/ping/[A-Za-z0-9_-]{32}$`));
    expect((await fetch(pingUrl, { method: 'POST', body: 'backup ok' })).status).toBe(200);
    const [result] = (await server.api('GET', `/v1/check-results/${backup!.id}`)).body as { hasFailures: boolean; heartbeatCheckResult: { body: string } }[];
    expect(result).toMatchObject({ hasFailures: false, heartbeatCheckResult: { body: 'backup ok' } });

    await writeFile(join(dir, '__checks__', 'backup.check.ts'), HEARTBEAT.replace('grace: 30', 'grace: 45'));
    const again = await runCli(server, ['deploy', '--force'], {}, { cwd: dir });
    expect(again.code, again.stdout + again.stderr).toBe(0);
    const reread = (await server.api('GET', `/v1/checks/${backup!.id}`)).body as { heartbeat: { grace: number; pingUrl: string } };
    expect(reread.heartbeat).toMatchObject({ grace: 45, pingUrl });

    const destroy = await runCli(server, ['destroy', '--force'], {}, { cwd: dir });
    expect(destroy.code, destroy.stdout + destroy.stderr).toBe(0);
    expect((await server.api('GET', '/v1/checks')).body).toEqual([]);
  });

  it('import writes a HeartbeatMonitor for a heartbeat made over the API, and the project deploys back onto it', async () => {
    const made = await server.api('POST', '/v1/checks/heartbeat', { name: 'Made beat', heartbeat: { period: 10, periodUnit: 'minutes', grace: 2, graceUnit: 'minutes' } });
    expect(made.status, made.text).toBe(201);
    const importDir = await mkdtemp(join(tmpdir(), 'sightline-heartbeat-import-'));
    try {
      await symlink(join(cliCacheDir(), 'node_modules'), join(importDir, 'node_modules'), 'dir');
      await writeFile(join(importDir, 'package.json'), JSON.stringify({ name: 'made', private: true }));
      await writeFile(
        join(importDir, 'checkly.config.ts'),
        "import { defineConfig } from 'checkly'\nexport default defineConfig({ projectName: 'Made', logicalId: 'made', checks: { checkMatch: '__checks__/**/*.check.ts' } })\n",
      );
      expect((await server.api('POST', '/next/projects', { name: 'Made', logicalId: 'made' })).status).toBe(201);
      const plan = await runCli(server, ['import', 'check'], {}, { cwd: importDir, input: 'n\n' });
      expect(plan.code, plan.stdout + plan.stderr).toBe(0);
      const written = await filesUnder(join(importDir, '__checks__'));
      expect(written).toContain('new HeartbeatMonitor(');
      expect(written).toContain("'Made beat'");
      expect((await runCli(server, ['import', 'apply'], {}, { cwd: importDir })).code).toBe(0);
      expect((await runCli(server, ['import', 'commit', '--force'], {}, { cwd: importDir })).code).toBe(0);
      const preview = await runCli(server, ['deploy', '--preview'], {}, { cwd: importDir });
      expect(preview.code, preview.stdout + preview.stderr).toBe(0);
      expect(preview.stdout).not.toContain('Create:');
      const after = (await server.api('GET', `/v1/checks/${made.body.id as string}`)).body as { heartbeat: { pingUrl: string } };
      expect(after.heartbeat.pingUrl).toBe(made.body.heartbeat.pingUrl);
    } finally {
      await rm(importDir, { recursive: true, force: true });
    }
  });
});
