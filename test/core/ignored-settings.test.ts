import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src-main/core/config';

describe('settings Sightline no longer reads are reported through Config', () => {
  const dataDir = '/tmp/sightline-config-only';

  it('JOB_CONCURRENCY is named with the lane flags that replaced it', () => {
    const [warning, ...others] = resolveConfig({ dataDir }, { JOB_CONCURRENCY: '8' }).ignoredSettings;
    expect(others).toEqual([]);
    expect(warning).toBe('JOB_CONCURRENCY is no longer read: each check type has its own lane (--lane-icmp, --lane-traceroute, --lane-multistep, --lane-ssl, --lane-api, --lane-url, --lane-tcp, --lane-dns, --lane-grpc).');
  });

  it('nothing is reported when no retired setting is set', () => {
    expect(resolveConfig({ dataDir }, {}).ignoredSettings).toEqual([]);
  });
});
