import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT, parseRetentionDays, resolveConfig } from '../../src-main/core/config';

describe('retention settings', () => {
  it('default to 30 / 400 / 30 days and read the environment', () => {
    expect(resolveConfig({ dataDir: '/tmp/x' }, {})).toMatchObject({ rawRetentionDays: 30, rollupRetentionDays: 400, notificationRetentionDays: 30 });
    const env = { SIGHTLINE_RETENTION_DAYS: '7', SIGHTLINE_ROLLUP_RETENTION_DAYS: '90', SIGHTLINE_NOTIFICATION_RETENTION_DAYS: '14' };
    expect(resolveConfig({ dataDir: '/tmp/x' }, env)).toMatchObject({ rawRetentionDays: 7, rollupRetentionDays: 90, notificationRetentionDays: 14 });
    expect(resolveConfig({ dataDir: '/tmp/x', rawRetentionDays: 3 }, env).rawRetentionDays).toBe(3);
  });

  it.each([
    ['SIGHTLINE_RETENTION_DAYS', '0'],
    ['SIGHTLINE_ROLLUP_RETENTION_DAYS', '1.5'],
    ['SIGHTLINE_NOTIFICATION_RETENTION_DAYS', 'forever'],
  ])('rejects %s=%s naming the setting', (name, value) => {
    expect(() => resolveConfig({ dataDir: '/tmp/x' }, { [name]: value })).toThrow(`${name} must be a whole number of days (at least 1), got "${value}"`);
  });

  it('parses whole numbers of days only', () => {
    expect(parseRetentionDays(' 45 ', '--retention-days')).toBe(45);
    expect(parseRetentionDays('-1', '--retention-days')).toMatch(/^--retention-days must be/);
  });

  it.each([
    ['--retention-days', '0'],
    ['--rollup-retention-days', 'lots'],
    ['--notification-retention-days', '2d'],
  ])('sightline serve exits with 2 and says why for %s %s', (flag, value) => {
    const run = spawnSync(process.execPath, [join(PROJECT_ROOT, 'bin', 'sightline.mjs'), 'serve', '--no-console-build', flag, value], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`${flag} must be a whole number of days (at least 1), got "${value}"`);
    expect(run.stderr).toContain('--rollup-retention-days N');
  });
});
