import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { apiKeyProblem, PROJECT_ROOT, parseMaxChecks, parsePublicHosts, parseRateLimit, resolveConfig } from '../../src-main/core/config';
import { killLeftovers, startCli } from '../helpers/cli';
import { icmpBody, makeApi } from '../helpers/server';

const KEY = 'sl_cli_flags_owner_key_0123';

describe('sightline serve --max-checks and --rate-limit', () => {
  const dirs: string[] = [];
  afterEach(() => killLeftovers());
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('applies the plan limit and the rate limit given on the command line', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sightline-cli-'));
    dirs.push(dataDir);
    const cli = await startCli(['--port', '0', '--data-dir', dataDir, '--api-key', KEY, '--max-checks', '0', '--rate-limit', '3']);
    try {
      const api = makeApi(cli.url, KEY);
      const me = await api('GET', '/v1/accounts/me');
      expect(me.body.maxChecks).toBe(0);
      const create = await api('POST', '/v1/checks/icmp', icmpBody());
      expect(create.status).toBe(402);
      expect((await api('GET', '/v1/checks')).status).toBe(200);
      const limited = await api('GET', '/v1/checks');
      expect(limited.status).toBe(429);
      expect(limited.body.attributes.limit).toBe(3);
    } finally {
      expect(await cli.stop()).toBe(0);
    }
    const again = await startCli(['--port', '0', '--data-dir', dataDir, '--api-key', KEY, '--max-checks', 'unlimited']);
    try {
      expect((await makeApi(again.url, KEY)('GET', '/v1/accounts/me')).body.maxChecks).toBeNull();
    } finally {
      await again.stop();
    }
  });

  it.each([
    ['--max-checks', 'lots'],
    ['--rate-limit', '0'],
    ['--api-key', 'sl_only_23_characters__'],
    ['--api-key', 'sl with spaces in it 0123456789'],
    ['--auth-failure-limit', 'none'],
    ['--public-host', 'https://monitor.example.test/'],
  ])('exits with 2 and says why for %s %s', (flag, value) => {
    const run = spawnSync(process.execPath, [join(PROJECT_ROOT, 'bin', 'sightline.mjs'), 'serve', '--no-console-build', flag, value], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(flag);
  });

  it.each([
    ['serve', '--help'],
    ['agent', '--help'],
    ['agent', '-h'],
  ])('sightline %s %s prints the usage and exits 0, starting nothing', (command, flag) => {
    const run = spawnSync(process.execPath, [join(PROJECT_ROOT, 'bin', 'sightline.mjs'), command, flag], { cwd: PROJECT_ROOT, encoding: 'utf8', timeout: 30_000 });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Usage:/);
    expect(run.stdout).toContain('sightline agent --server URL --key KEY');
    expect(run.stderr).not.toContain('Unknown option');
  });

  it('writes its log to stderr as JSON; stdout carries only the start-up lines', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sightline-cli-'));
    dirs.push(dataDir);
    const cli = await startCli(['--port', '0', '--data-dir', dataDir, '--api-key', KEY, '--agent-health-port', '0'], { env: { SIGHTLINE_LOG_LEVEL: 'info' } });
    expect((await makeApi(cli.url, KEY)('GET', '/v1/checks')).status).toBe(200);
    expect(await cli.stop()).toBe(0);
    expect(cli.stdout.length).toBeGreaterThan(0);
    for (const line of cli.stdout) expect(line).toMatch(/^(Sightline API listening on|Agent health probes on|Created account|Owner API key)/);
    const logged = cli.stderr.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { msg?: string });
    expect(logged.map((entry) => entry.msg)).toContain('shutting down');
  });

  it('refuses a SIGHTLINE_API_KEY under 24 characters at start, naming it', () => {
    const run = spawnSync(process.execPath, [join(PROJECT_ROOT, 'bin', 'sightline.mjs'), 'serve', '--no-console-build'], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...process.env, SIGHTLINE_API_KEY: 'eight888' },
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('SIGHTLINE_API_KEY must be at least 24 characters (got 8)');
  });

  it('parses --api-key, --public-host and --auth-failure-limit and their environment variables', () => {
    expect(apiKeyProblem('k'.repeat(24), '--api-key')).toBeNull();
    expect(apiKeyProblem('k'.repeat(23), '--api-key')).toMatch(/^--api-key must be at least 24 characters \(got 23\)/);
    expect(() => resolveConfig({ dataDir: '/tmp/x' }, { SIGHTLINE_API_KEY: 'short' })).toThrow(/SIGHTLINE_API_KEY must be at least 24 characters/);
    expect(resolveConfig({ dataDir: '/tmp/x' }, { SIGHTLINE_API_KEY: KEY }).apiKey).toBe(KEY);
    expect(parsePublicHosts('Monitor.Example.Test, 192.0.2.1,[2001:db8::1],ops.example.test.', '--public-host')).toEqual([
      'monitor.example.test',
      '192.0.2.1',
      '2001:db8::1',
      'ops.example.test',
    ]);
    expect(parsePublicHosts('monitor.example.test:443', '--public-host')).toMatch(/^--public-host takes host names/);
    const config = resolveConfig({ dataDir: '/tmp/x' }, { SIGHTLINE_PUBLIC_HOSTS: 'a.example.test,b.example.test', SIGHTLINE_AUTH_FAILURE_LIMIT: '50' });
    expect(config.publicHosts).toEqual(['a.example.test', 'b.example.test']);
    expect(config.authFailuresPerMinute).toBe(50);
    const defaults = resolveConfig({ dataDir: '/tmp/x' }, {});
    expect(defaults.publicHosts).toEqual([]);
    expect(defaults.authFailuresPerMinute).toBe(20);
    expect(() => resolveConfig({ dataDir: '/tmp/x' }, { SIGHTLINE_PUBLIC_HOSTS: 'http://x' })).toThrow(/SIGHTLINE_PUBLIC_HOSTS/);
  });

  it('parses the values and the environment variables', () => {
    expect(parseMaxChecks('25', '--max-checks')).toBe(25);
    expect(parseMaxChecks('Unlimited', '--max-checks')).toBeNull();
    expect(parseMaxChecks('0', '--max-checks')).toBe(0);
    expect(typeof parseMaxChecks('2.5', '--max-checks')).toBe('string');
    expect(parseRateLimit('1200', '--rate-limit')).toBe(1200);
    expect(typeof parseRateLimit('-5', '--rate-limit')).toBe('string');
    const config = resolveConfig({ dataDir: '/tmp/x' }, { SIGHTLINE_RATE_LIMIT: '42', SIGHTLINE_MAX_CHECKS: 'unlimited' });
    expect(config.rateLimitPerMinute).toBe(42);
    expect(config.maxChecks).toBeNull();
    const defaults = resolveConfig({ dataDir: '/tmp/x' }, {});
    expect(defaults.rateLimitPerMinute).toBe(600);
    expect(defaults.maxChecks).toBeUndefined();
    expect(() => resolveConfig({ dataDir: '/tmp/x' }, { SIGHTLINE_RATE_LIMIT: 'fast' })).toThrow(/SIGHTLINE_RATE_LIMIT/);
  });
});
