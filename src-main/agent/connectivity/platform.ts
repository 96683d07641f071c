import { readdirSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';

/** Reads a system file; null when it cannot be read (another platform, a sandbox). */
export type ReadText = (path: string) => string | null;

export const readSystemFile: ReadText = (path) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
};

/** `0102A8C0` (little-endian hex, as /proc/net/route writes it) → `192.168.2.1`. */
function routeAddress(hex: string): string | null {
  if (!/^[0-9A-Fa-f]{8}$/.test(hex)) return null;
  const n = Number.parseInt(hex, 16);
  return [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff].join('.');
}

/** The gateways of the machine's IPv4 default routes (Linux; empty elsewhere). */
export function defaultGateways(read: ReadText = readSystemFile): string[] {
  const table = read('/proc/net/route');
  if (!table) return [];
  const gateways = new Set<string>();
  for (const line of table.split('\n').slice(1)) {
    const [, destination, gateway] = line.trim().split(/\s+/);
    if (destination !== '00000000' || !gateway) continue;
    const address = routeAddress(gateway);
    if (address && address !== '0.0.0.0') gateways.add(address);
  }
  return [...gateways];
}

/** Whether the routing table has a default route (null when the platform does not say). */
export function hasDefaultRoute(read: ReadText = readSystemFile): boolean | null {
  const table = read('/proc/net/route');
  if (table === null) return null;
  return table.split('\n').slice(1).some((line) => line.trim().split(/\s+/)[1] === '00000000');
}

/** The configured DNS servers, less loopback ones (a local stub resolver says nothing about the uplink). */
export function dnsServers(read: ReadText = readSystemFile): string[] {
  const conf = read('/etc/resolv.conf');
  if (!conf) return [];
  const servers: string[] = [];
  for (const line of conf.split('\n')) {
    const match = /^\s*nameserver\s+(\S+)/.exec(line);
    const address = match?.[1];
    if (address && isIP(address) === 4 && !address.startsWith('127.')) servers.push(address);
  }
  return servers;
}

/** The canaries used when none are configured: the default gateways, then the DNS servers. */
export function defaultCanaries(read: ReadText = readSystemFile): string[] {
  return [...new Set([...defaultGateways(read), ...dnsServers(read)])];
}

/** Whether any interface but loopback is up (Linux /sys/class/net; null elsewhere). */
export function anyInterfaceUp(listInterfaces: () => string[] | null = systemInterfaces, read: ReadText = readSystemFile): boolean | null {
  const names = listInterfaces();
  if (names === null) return null;
  return names.filter((name) => name !== 'lo').some((name) => {
    const state = read(`/sys/class/net/${name}/operstate`)?.trim();
    // Tunnels and some virtual links report "unknown" while they carry traffic.
    return state === 'up' || state === 'unknown';
  });
}

function systemInterfaces(): string[] | null {
  try {
    return readdirSync('/sys/class/net');
  } catch {
    return null;
  }
}

/**
 * What the platform says of the machine's network, as a reason it is down, or null. A default route
 * counts only once one was seen: a machine that never had one (an isolated lab with static routes)
 * is not offline for that.
 */
export class PlatformNetwork {
  private sawDefaultRoute = false;

  constructor(
    private readonly read: ReadText = readSystemFile,
    private readonly listInterfaces: () => string[] | null = systemInterfaces,
  ) {}

  down(): string | null {
    if (anyInterfaceUp(this.listInterfaces, this.read) === false) return 'no network interface but loopback is up';
    const route = hasDefaultRoute(this.read);
    if (route === true) this.sawDefaultRoute = true;
    if (route === false && this.sawDefaultRoute) return 'the default route is gone';
    return null;
  }
}
