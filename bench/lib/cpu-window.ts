import { readFileSync } from 'node:fs';
import { CLK_TCK, readCpuTimes, type CpuTimes } from './proc-sampler';
import { sleep } from './stats';

export interface MachineTicks {
  at: number;
  /** Every CPU's user+nice+system+irq+softirq+steal, in ticks (guest time is already inside user). */
  busy: number;
  /** busy + idle + iowait. */
  total: number;
}

/** The first line of /proc/stat: the whole machine, all cores, every process (other people's work too). */
export function readMachineTicks(): MachineTicks | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0];
    const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const busy = user + nice + system + irq + softirq + (steal || 0);
    return { at: Date.now(), busy, total: busy + idle + iowait };
  } catch {
    return null;
  }
}

export interface ProcessCpu {
  /** CPU seconds of the process itself in the window. */
  selfS: number;
  /** CPU seconds of children it reaped in the window (Playwright runners, fping). */
  childrenS: number;
}

export interface CpuFigures {
  seconds: number;
  /** Busy CPU seconds of the whole machine in the window. */
  machineBusyS: number;
  machineCores: number;
  processes: Record<string, ProcessCpu>;
  /** CPU seconds of each process tree measured by a cgroup (NaN when unreadable). */
  groups: Record<string, number>;
}

/** CPU of the whole machine and of named processes between start() and stop(), from /proc. */
export class CpuWindow {
  private machine: MachineTicks | null = null;
  private begin = new Map<string, CpuTimes | null>();
  private groups = new Map<string, { usageS: () => number | null; begin: number | null }>();
  private result: CpuFigures | null = null;

  constructor(private readonly pids: Record<string, number> = {}) {}

  /** One more process to measure (the server, once it was spawned). */
  add(name: string, pid: number): void {
    this.pids[name] = pid;
  }

  /** A process tree measured by its cgroup (bench/lib/cgroup-cpu.ts). */
  addGroup(name: string, usageS: () => number | null): void {
    this.groups.set(name, { usageS, begin: null });
  }

  start(): void {
    this.machine = readMachineTicks();
    for (const [name, pid] of Object.entries(this.pids)) this.begin.set(name, readCpuTimes(pid));
    for (const group of this.groups.values()) group.begin = group.usageS();
  }

  stop(): CpuFigures {
    const end = readMachineTicks();
    const processes: Record<string, ProcessCpu> = {};
    for (const [name, pid] of Object.entries(this.pids)) {
      const from = this.begin.get(name);
      const to = readCpuTimes(pid);
      processes[name] = from && to ? { selfS: (to.self - from.self) / CLK_TCK, childrenS: (to.children - from.children) / CLK_TCK } : { selfS: Number.NaN, childrenS: Number.NaN };
    }
    const seconds = this.machine && end ? (end.at - this.machine.at) / 1000 : Number.NaN;
    const machineBusyS = this.machine && end ? (end.busy - this.machine.busy) / CLK_TCK : Number.NaN;
    const groups: Record<string, number> = {};
    for (const [name, group] of this.groups) {
      const end = group.usageS();
      groups[name] = group.begin !== null && end !== null ? end - group.begin : Number.NaN;
    }
    this.result = { seconds, machineBusyS, machineCores: machineBusyS / seconds, processes, groups };
    return this.result;
  }

  /** What stop() measured; throws when the window never closed. */
  figures(): CpuFigures {
    if (!this.result) throw new Error('CpuWindow: stop() was not called');
    return this.result;
  }
}

/** Average busy cores of the whole machine over `ms` (what other work costs before the bench starts its own). */
export async function backgroundCores(ms: number): Promise<number> {
  const from = readMachineTicks();
  await sleep(ms);
  const to = readMachineTicks();
  return from && to ? (to.busy - from.busy) / CLK_TCK / ((to.at - from.at) / 1000) : Number.NaN;
}
