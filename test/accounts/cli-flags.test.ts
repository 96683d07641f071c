import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT, parseMaxChecks, parseRateLimit, resolveConfig } from '../../src-main/core/config';
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
  ])('exits with 2 and says why for %s %s', (flag, value) => {
    const run = spawnSync(process.execPath, [join(PROJECT_ROOT, 'bin', 'sightline.mjs'), 'serve', '--no-console-build', flag, value], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(flag);
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
