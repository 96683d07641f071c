import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT, resolveConfig } from '../../src-main/core/config';
import { killLeftovers, startCli, type CliServer } from '../helpers/cli';

/** Issue 35, items 4 and 6, on today's SQLite server: --failover-delay is accepted, and /health shows a one-node cluster it leads. */

function sightline(args: string[], env: NodeJS.ProcessEnv = {}) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('SIGHTLINE_')));
  return spawnSync(process.execPath, [join(PROJECT_ROOT, 'bin', 'sightline.mjs'), ...args], { cwd: PROJECT_ROOT, encoding: 'utf8', timeout: 30_000, env: { ...clean, SIGHTLINE_CANARIES: 'off', ...env } });
}

async function probesUrl(cli: CliServer): Promise<string> {
  const url = () => cli.stdout.map((line) => /^Agent health probes on (http:\/\/\S+)$/.exec(line)?.[1]).find(Boolean);
  await expect.poll(url, { timeout: 10_000 }).toBeTruthy();
  return url()!;
}

describe('the cluster of one SQLite server', () => {
  let cli: CliServer | null = null;
  const dirs: string[] = [];
  afterEach(async () => {
    await cli?.stop('SIGKILL');
    cli = null;
    killLeftovers();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    [['--failover-delay', '4'], {}, '--failover-delay must be a whole number of seconds between 5 and 3600, got "4"'],
    [['--failover-delay=7.5'], {}, '--failover-delay must be a whole number of seconds between 5 and 3600, got "7.5"'],
    [[], { SIGHTLINE_FAILOVER_DELAY: 'soon' }, 'SIGHTLINE_FAILOVER_DELAY must be a whole number of seconds between 5 and 3600, got "soon"'],
  ])('serve %j %j exits 2 naming the setting', (args, env, message) => {
    const run = sightline(['serve', '--no-console-build', ...args], env);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(message);
  });

  it('--help names the flag and its variable', () => {
    const help = sightline(['serve', '--help']).stdout;
    expect(help).toContain('[--failover-delay SECONDS]');
    expect(help).toContain('also env SIGHTLINE_FAILOVER_DELAY');
  });

  it('/health on the agent health port: the server leads a one-node cluster, with the delay it was given', async () => {
    const dataDir = mkdtempSync('/tmp/sightline-cluster-health-');
    dirs.push(dataDir);
    cli = await startCli(['--port', '0', '--data-dir', dataDir, '--agent-health-port', '0', '--failover-delay', '7']);
    const healthUrl = await probesUrl(cli);
    const response = await fetch(`${healthUrl}/health`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: string; cluster: { nodeId: string; role: string; leaderNodeId: string; leaseAgeMs: number; failoverDelaySeconds: number } };
    expect(body.status).toBe('ok');
    expect(body.cluster.nodeId).toMatch(new RegExp(`/${cli.child.pid}/[0-9a-f]{6}$`));
    expect(body.cluster).toEqual({ nodeId: body.cluster.nodeId, role: 'leader', leaderNodeId: body.cluster.nodeId, leaseAgeMs: 0, failoverDelaySeconds: 7 });
  }, 60_000);

  it('SIGHTLINE_FAILOVER_DELAY is read when the flag is absent; without either the delay is 15 s', async () => {
    expect(resolveConfig({ dataDir: '/tmp/x' }, {}).failoverDelaySeconds).toBe(15);
    expect(resolveConfig({ dataDir: '/tmp/x', failoverDelaySeconds: 6 }, { SIGHTLINE_FAILOVER_DELAY: '9' }).failoverDelaySeconds).toBe(6);
    const dataDir = mkdtempSync('/tmp/sightline-cluster-health-');
    dirs.push(dataDir);
    cli = await startCli(['--port', '0', '--data-dir', dataDir, '--agent-health-port', '0'], { env: { SIGHTLINE_FAILOVER_DELAY: '9' } });
    const body = (await (await fetch(`${await probesUrl(cli)}/health`)).json()) as { cluster: { role: string; failoverDelaySeconds: number } };
    expect(body.cluster).toMatchObject({ role: 'leader', failoverDelaySeconds: 9 });
  }, 60_000);
});
