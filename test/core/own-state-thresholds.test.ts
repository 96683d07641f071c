import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT, resolveConfig, thresholdsOf } from '../../src-main/core/config';
import { killLeftovers, startCli, type CliServer } from '../helpers/cli';

/** Issue 36: the thresholds of Sightline's guards around its own state are flags and variables of serve and agent. */

function sightline(args: string[], env: NodeJS.ProcessEnv = {}) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('SIGHTLINE_')));
  return spawnSync(process.execPath, [join(PROJECT_ROOT, 'bin', 'sightline.mjs'), ...args], { cwd: PROJECT_ROOT, encoding: 'utf8', timeout: 30_000, env: { ...clean, SIGHTLINE_CANARIES: 'off', ...env } });
}

describe('own-state thresholds', () => {
  let cli: CliServer | null = null;
  const dirs: string[] = [];
  const dataDir = () => {
    dirs.push(mkdtempSync('/tmp/sightline-thresholds-'));
    return dirs[dirs.length - 1];
  };
  afterEach(async () => {
    await cli?.stop('SIGKILL');
    cli = null;
    killLeftovers();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('are read from the environment, flags win, and bad values name their setting', () => {
    const env = { SIGHTLINE_AGENT_UNREACHABLE_AFTER: '45', SIGHTLINE_CANARY_INTERVAL: '2.5', SIGHTLINE_CANARY_FAILED_ROUNDS: '4', SIGHTLINE_SUSPEND_THRESHOLD: '8', SIGHTLINE_CLOCK_STEP_THRESHOLD: '3' };
    expect(resolveConfig({ dataDir: '/tmp/x' }, env).thresholds).toEqual({ agentUnreachableAfterMs: 45_000, canaryIntervalMs: 2500, canaryFailedRounds: 4, suspendThresholdMs: 8000, clockStepThresholdMs: 3000 });
    expect(resolveConfig({ dataDir: '/tmp/x' }, {}).thresholds).toEqual({});
    expect(thresholdsOf({ 'canary-failed-rounds': '6' }, env, true)).toEqual({ canaryIntervalMs: 2500, canaryFailedRounds: 6, suspendThresholdMs: 8000, clockStepThresholdMs: 3000 });
    expect(() => resolveConfig({ dataDir: '/tmp/x' }, { SIGHTLINE_SUSPEND_THRESHOLD: '0' })).toThrow('SIGHTLINE_SUSPEND_THRESHOLD must be a number of seconds between 1 and 3600, got "0"');
    expect(thresholdsOf({ 'canary-failed-rounds': '1.5' }, {}, false)).toBe('--canary-failed-rounds must be a whole number of rounds between 1 and 100, got "1.5"');
  });

  it.each([
    ['--agent-unreachable-after', 'soon', '--agent-unreachable-after must be a number of seconds between 1 and 86400, got "soon"'],
    ['--canary-interval', '0', '--canary-interval must be a number of seconds between 0.5 and 3600, got "0"'],
    ['--clock-step-threshold', '-2', '--clock-step-threshold must be a number of seconds between 1 and 3600, got "-2"'],
  ])('sightline serve %s %s exits 2 naming the flag', (flag, value, message) => {
    const run = sightline(['serve', '--no-console-build', `${flag}=${value}`]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(message);
  });

  it('sightline agent refuses a bad threshold naming the flag or variable, and does not take the server-only limit', () => {
    const base = ['agent', '--server', 'http://127.0.0.1:9', '--key', 'k'];
    const flag = sightline([...base, '--suspend-threshold', 'long']);
    expect(flag.status).toBe(2);
    expect(flag.stderr).toContain('--suspend-threshold must be a number of seconds between 1 and 3600, got "long"');
    const env = sightline(base, { SIGHTLINE_CANARY_FAILED_ROUNDS: '0' });
    expect(env.status).toBe(2);
    expect(env.stderr).toContain('SIGHTLINE_CANARY_FAILED_ROUNDS must be a whole number of rounds between 1 and 100, got "0"');
    expect(sightline([...base, '--agent-unreachable-after', '5']).stderr).toContain("Unknown option '--agent-unreachable-after'");
  });

  it('--help of serve and agent lists them with their variables', () => {
    const help = sightline(['serve', '--help']).stdout;
    for (const text of ['--agent-unreachable-after', 'SIGHTLINE_AGENT_UNREACHABLE_AFTER', '--canary-interval', 'SIGHTLINE_CANARY_INTERVAL', '--canary-failed-rounds', '--suspend-threshold', 'SIGHTLINE_SUSPEND_THRESHOLD', '--clock-step-threshold', 'SIGHTLINE_CLOCK_STEP_THRESHOLD']) {
      expect(help).toContain(text);
    }
    const agentPart = help.slice(help.indexOf('sightline agent --server'));
    expect(agentPart).toContain('--canary-failed-rounds');
    expect(agentPart).not.toContain('--agent-unreachable-after');
  });

  it('--agent-unreachable-after changes when a silent remote agent is announced unreachable', async () => {
    cli = await startCli(['--port', '0', '--data-dir', dataDir(), '--agent-unreachable-after', '1', '--agent-health-port', '0']);
    const auth = { authorization: `Bearer ${cli.printedKey}`, 'content-type': 'application/json' };
    const location = await (await fetch(`${cli.url}/v1/private-locations`, { method: 'POST', headers: auth, body: JSON.stringify({ name: 'Branch', slugName: 'branch' }) })).json();
    const registered = await fetch(`${cli.url}/v1/agent/register`, { method: 'POST', headers: { authorization: `Bearer ${location.keys[0].rawKey}`, 'content-type': 'application/json' }, body: '{}' });
    expect(registered.status).toBe(201);
    const startedAt = Date.now();
    // The default limit is three 10 s heartbeats (30 s); with the flag, about a second and a sweep.
    // The notice is logged just after the state change: wait for the notice line itself, not the first of the two.
    await expect.poll(() => cli!.stderr.find((line) => line.includes('agent unreachable: notice')), { timeout: 10_000 }).toContain('(the limit is 1 s)');
    expect(Date.now() - startedAt).toBeLessThan(10_000);
  }, 60_000);

  it('--suspend-threshold changes what counts as a suspension (SIGSTOP of the real process)', async () => {
    cli = await startCli(['--port', '0', '--data-dir', dataDir(), '--suspend-threshold', '1', '--agent-health-port', '0']);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    cli.child.kill('SIGSTOP');
    // 2.5 s: under the default 5 s threshold, over the flag's 1 s.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    cli.child.kill('SIGCONT');
    await expect.poll(() => cli!.stderr.find((line) => line.includes('was suspended for')), { timeout: 10_000 }).toMatch(/this server was suspended for [23] s/);
  }, 60_000);
});
