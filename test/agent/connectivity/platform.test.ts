import { describe, expect, it } from 'vitest';
import { defaultCanaries, PlatformNetwork, type ReadText } from '../../../src-main/agent/connectivity/platform';

const ROUTES_WITH_DEFAULT = `Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT
eth0\t00000000\t0102A8C0\t0003\t0\t0\t0\t00000000\t0\t0\t0
eth0\t0002A8C0\t00000000\t0001\t0\t0\t0\t00FFFFFF\t0\t0\t0
`;
const ROUTES_WITHOUT_DEFAULT = `Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT
eth0\t0002A8C0\t00000000\t0001\t0\t0\t0\t00FFFFFF\t0\t0\t0
`;

function files(map: Record<string, string>): ReadText {
  return (path) => map[path] ?? null;
}

describe('the platform side of connectivity (Linux files)', () => {
  it('defaults the canaries to the default gateway and the DNS servers, leaving out a loopback resolver', () => {
    const read = files({ '/proc/net/route': ROUTES_WITH_DEFAULT, '/etc/resolv.conf': '# resolv\nnameserver 127.0.0.53\nnameserver 192.168.2.53\nnameserver fe80::1\n' });
    expect(defaultCanaries(read)).toEqual(['192.168.2.1', '192.168.2.53']);
  });

  it('says the network is down when no interface but loopback is up, and when a default route it saw is gone', () => {
    const state: Record<string, string> = { '/sys/class/net/eth0/operstate': 'up\n', '/proc/net/route': ROUTES_WITH_DEFAULT };
    const platform = new PlatformNetwork(files(state), () => ['lo', 'eth0']);
    expect(platform.down()).toBeNull();
    state['/proc/net/route'] = ROUTES_WITHOUT_DEFAULT;
    expect(platform.down()).toBe('the default route is gone');
    state['/sys/class/net/eth0/operstate'] = 'down\n';
    expect(platform.down()).toBe('no network interface but loopback is up');
  });

  it('does not call a machine that never had a default route offline', () => {
    const platform = new PlatformNetwork(files({ '/sys/class/net/eth0/operstate': 'up', '/proc/net/route': ROUTES_WITHOUT_DEFAULT }), () => ['lo', 'eth0']);
    expect(platform.down()).toBeNull();
  });
});
