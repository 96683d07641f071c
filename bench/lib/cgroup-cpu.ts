import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { onCleanup } from './cleanup';

/**
 * CPU of a process and everything it ever started, from a cgroup of its own. The server's
 * "reaped children" time (cutime) misses multi-step runs: what runs inside bubblewrap's PID
 * namespace never reaches its parent's cutime (a node parent of `bwrap ... node -e <1.5 s loop>`
 * gains 0 ticks). A cgroup counts every descendant, exited ones included. Needs a writable cgroup
 * hierarchy (root); elsewhere the figure reads n/a.
 */
export interface CpuGroup {
  /** e.g. "cgroup v1 cpuacct /sys/fs/cgroup/cpuacct/sightline-bench-123". */
  where: string;
  /** CPU seconds of every process ever in the group, or null when it cannot be read. */
  usageS(): number | null;
}

interface Hierarchy {
  root: string;
  label: string;
  read(dir: string): number | null;
}

const readNumber = (file: string): number | null => {
  try {
    const value = Number(readFileSync(file, 'utf8').trim());
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
};

const v2Usage = (dir: string): number | null => {
  try {
    const match = /^usage_usec (\d+)$/m.exec(readFileSync(join(dir, 'cpu.stat'), 'utf8'));
    return match ? Number(match[1]) / 1e6 : null;
  } catch {
    return null;
  }
};

/** cgroup v1 cpuacct first (its usage is exact), then a v2 hierarchy (pure, or the hybrid "unified" mount). */
const HIERARCHIES: Hierarchy[] = [
  { root: '/sys/fs/cgroup/cpuacct', label: 'cgroup v1 cpuacct', read: (dir) => (readNumber(join(dir, 'cpuacct.usage')) ?? Number.NaN) / 1e9 },
  { root: '/sys/fs/cgroup/cpu,cpuacct', label: 'cgroup v1 cpuacct', read: (dir) => (readNumber(join(dir, 'cpuacct.usage')) ?? Number.NaN) / 1e9 },
  { root: '/sys/fs/cgroup', label: 'cgroup v2', read: v2Usage },
  { root: '/sys/fs/cgroup/unified', label: 'cgroup v2 (unified)', read: v2Usage },
];

function usable(h: Hierarchy): boolean {
  if (!existsSync(join(h.root, 'cgroup.procs'))) return false;
  return h.label.startsWith('cgroup v1') ? existsSync(join(h.root, 'cpuacct.usage')) : existsSync(join(h.root, 'cgroup.controllers'));
}

/** Only an empty cgroup can be removed: a server just SIGKILLed may take a moment to leave it (synchronous: runs at exit). */
function removeWhenEmpty(dir: string): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let i = 0; i < 30; i++) {
    try {
      rmdirSync(dir);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EBUSY') return;
      Atomics.wait(pause, 0, 0, 100);
    }
  }
}

/** Moves `pid` into a new cgroup (its later children follow it there); a reason when no hierarchy lets us. */
export function cpuGroupFor(pid: number, name: string): CpuGroup | { unavailable: string } {
  const reasons: string[] = [];
  for (const h of HIERARCHIES.filter(usable)) {
    const dir = join(h.root, `${name}-${process.pid}-${pid}`);
    try {
      mkdirSync(dir);
    } catch (error) {
      reasons.push(`${h.root}: ${(error as Error).message}`);
      continue;
    }
    try {
      writeFileSync(join(dir, 'cgroup.procs'), String(pid));
    } catch (error) {
      reasons.push(`${dir}: ${(error as Error).message}`);
      rmdirSync(dir);
      continue;
    }
    onCleanup(() => removeWhenEmpty(dir));
    const usage = () => {
      const value = h.read(dir);
      return value !== null && Number.isFinite(value) ? value : null;
    };
    if (usage() === null) reasons.push(`${dir}: usage unreadable`);
    else return { where: `${h.label} ${dir}`, usageS: usage };
  }
  return { unavailable: reasons.join('; ') || 'no writable cgroup hierarchy' };
}
