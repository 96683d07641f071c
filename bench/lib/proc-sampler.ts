import { execSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's times. */
export const CLK_TCK = (() => {
  try {
    return Number(execSync('getconf CLK_TCK', { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

export interface CpuTimes {
  at: number;
  /** utime + stime of the process itself, in ticks. */
  self: number;
  /** cutime + cstime: children it has waited for (fping/ping runs that ended), in ticks. */
  children: number;
}

/** Fields 14..17 of /proc/<pid>/stat, counted after the parenthesised command name. */
export function readCpuTimes(pid: number): CpuTimes | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // rest[0] is field 3 (state): utime is field 14 → rest[11].
    const [utime, stime, cutime, cstime] = [rest[11], rest[12], rest[13], rest[14]].map(Number);
    return { at: Date.now(), self: utime + stime, children: cutime + cstime };
  } catch {
    return null;
  }
}

export function readRssBytes(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Live child processes by command name (fping, ping, node for Playwright), from /proc/<pid>/task/* /children. */
export function childCommands(pid: number): Map<string, number> {
  const counts = new Map<string, number>();
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const ids = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
      for (const id of ids) {
        try {
          const comm = readFileSync(`/proc/${id}/comm`, 'utf8').trim();
          counts.set(comm, (counts.get(comm) ?? 0) + 1);
        } catch {
          // ended meanwhile
        }
      }
    }
  } catch {
    // the process ended, or the kernel lacks CONFIG_PROC_CHILDREN
  }
  return counts;
}

export interface ProcessFigures {
  seconds: number;
  /** Average cores used by the server process itself over the window. */
  serverCores: number;
  /** Average cores of its reaped children (fping/ping) over the window. */
  childCores: number;
  rssMaxBytes: number;
  rssMeanBytes: number;
  samples: number;
  /** Most live children at one sample, by command name. */
  maxChildren: Record<string, number>;
}

/** Samples RSS and live children every second between start() and stop(); CPU from the two ends. */
export class ProcessSampler {
  private begin: CpuTimes | null = null;
  private rss: number[] = [];
  private maxChildren: Record<string, number> = {};
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly pid: number) {}

  start(): void {
    this.begin = readCpuTimes(this.pid);
    this.sample();
    this.timer = setInterval(() => this.sample(), 1000);
  }

  private sample(): void {
    const rss = readRssBytes(this.pid);
    if (rss !== null) this.rss.push(rss);
    for (const [name, count] of childCommands(this.pid)) this.maxChildren[name] = Math.max(this.maxChildren[name] ?? 0, count);
  }

  stop(): ProcessFigures {
    if (this.timer) clearInterval(this.timer);
    this.sample();
    const end = readCpuTimes(this.pid);
    const begin = this.begin;
    const seconds = begin && end ? (end.at - begin.at) / 1000 : 0;
    const cores = (ticks: number) => (seconds > 0 ? ticks / CLK_TCK / seconds : 0);
    return {
      seconds,
      serverCores: begin && end ? cores(end.self - begin.self) : Number.NaN,
      childCores: begin && end ? cores(end.children - begin.children) : Number.NaN,
      rssMaxBytes: this.rss.length ? Math.max(...this.rss) : Number.NaN,
      rssMeanBytes: this.rss.length ? this.rss.reduce((a, b) => a + b, 0) / this.rss.length : Number.NaN,
      samples: this.rss.length,
      maxChildren: this.maxChildren,
    };
  }
}
