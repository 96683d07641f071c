import { execFileSync, spawnSync } from 'node:child_process';

/** Network namespaces for runner tests: names carry the pid so parallel runs never collide. */

function ip(args: string[]): void {
  execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

function isCi(): boolean {
  const value = process.env.CI;
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

function netnsProbeProblem(): string | null {
  const probe = `slprobe${process.pid}`;
  const add = spawnSync('ip', ['netns', 'add', probe], { encoding: 'utf8' });
  if (add.error || add.status !== 0) return `"ip netns" is unavailable: ${add.error?.message ?? add.stderr.trim()}`;
  spawnSync('ip', ['netns', 'del', probe]);
  return null;
}

/**
 * Why a network-namespace suite is skipped, or null to run it; a skip is printed with its reason.
 * Under CI a machine that supports namespaces (root, with `ip` installed) never skips: if making
 * one fails there, the suite fails with ip's own error instead of passing silently.
 */
export function netnsSkipReason(suite: string): string | null {
  let reason: string | null = null;
  if (process.getuid?.() !== 0) reason = 'not running as root';
  else if (spawnSync('ip', ['-V']).error) reason = '"ip" (iproute2) is not installed';
  else if (!isCi()) reason = netnsProbeProblem();
  else {
    const problem = netnsProbeProblem();
    if (problem) console.error(`CI is set and this machine should support ${suite}, so it runs and fails: ${problem}`);
  }
  if (reason) console.warn(`skipping ${suite}: ${reason}`);
  return reason;
}

export class Namespaces {
  private readonly created: string[] = [];
  private links = 0;

  constructor(private readonly prefix: string) {}

  add(role: string): string {
    const name = `${this.prefix}${process.pid}${role}`;
    ip(['netns', 'add', name]);
    this.created.push(name);
    ip(['-n', name, 'link', 'set', 'lo', 'up']);
    return name;
  }

  /** A veth pair between two namespaces with an address (CIDR) on each end; returns the interface names. */
  connect(a: string, aAddress: string, b: string, bAddress: string): [string, string] {
    this.links += 1;
    const left = `sl${process.pid}l${this.links}`;
    const right = `sl${process.pid}r${this.links}`;
    ip(['link', 'add', left, 'type', 'veth', 'peer', 'name', right]);
    ip(['link', 'set', left, 'netns', a]);
    ip(['link', 'set', right, 'netns', b]);
    ip(['-n', a, 'addr', 'add', aAddress, 'dev', left]);
    ip(['-n', b, 'addr', 'add', bAddress, 'dev', right]);
    ip(['-n', a, 'link', 'set', left, 'up']);
    ip(['-n', b, 'link', 'set', right, 'up']);
    return [left, right];
  }

  route(ns: string, destination: string, via: string): void {
    ip(['-n', ns, 'route', 'add', destination, 'via', via]);
  }

  setLink(ns: string, device: string, state: 'up' | 'down'): void {
    ip(['-n', ns, 'link', 'set', device, state]);
  }

  enableForwarding(ns: string): void {
    execFileSync('ip', ['netns', 'exec', ns, 'sysctl', '-qw', 'net.ipv4.ip_forward=1']);
  }

  /** deps.wrapCommand that runs a probe inside `ns`. */
  wrapIn(ns: string): (command: string, args: string[]) => [string, string[]] {
    return (command, args) => ['ip', ['netns', 'exec', ns, command, ...args]];
  }

  removeAll(): void {
    for (const name of this.created.splice(0)) spawnSync('ip', ['netns', 'del', name]);
  }
}
