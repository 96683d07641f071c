import { loadavg } from 'node:os';
import { analyseRuns, type RunFigures } from './analyse-runs';
import { cpuGroupFor } from './cgroup-cpu';
import { backgroundCores, CpuWindow, type CpuFigures } from './cpu-window';
import { runIcmpLoad, type IcmpRunResult } from './icmp-run';
import { createSocketMonitors } from './socket-checks';
import { startSocketTarget, type SocketTargetStats } from './socket-target';

export interface SocketLoadOptions {
  label: string;
  type: 'tcp' | 'dns';
  monitors: number;
  /** Monitors beside them against the target's quiet endpoint (port-only TCP checks of a silent listener; DNS checks of a port that never answers); 0 for none. */
  quiet: number;
  /** Arguments of bench/lib/socket-target-server.ts. */
  targetArgs: string[];
  warmupS: number;
  measureS: number;
  /** After the window, before SIGTERM: a TCP or DNS run against the local target is over in milliseconds. */
  graceMs: number;
}

export interface SocketLoadResult {
  load: IcmpRunResult;
  /** The monitors of the target's answering endpoints, slot by slot. */
  runs: RunFigures;
  /** The quiet ones apart (null without any). */
  quietRuns: RunFigures | null;
  cpu: CpuFigures;
  backgroundCores: number;
  loadAverage: { before: string; after: string };
  serverTree: string;
  endpoints: string[];
  createSeconds: number;
  targetStats: SocketTargetStats | null;
}

const loadLine = () => loadavg().map((n) => n.toFixed(2)).join(' / ');

/**
 * The real server with N TCP or DNS monitors against a target in its own process: warm-up,
 * measured window (CPU of the whole machine, the server's process tree and the target apart), a
 * grace period, SIGTERM, then the database judged slot by slot. The caller removes load.dataDir.
 */
export async function runSocketLoad(options: SocketLoadOptions): Promise<SocketLoadResult> {
  const target = await startSocketTarget(options.targetArgs);
  try {
    process.stdout.write(`  [${options.label}] target pid ${target.pid}: ${target.endpoints.length} endpoint(s), e.g. ${target.endpoints.slice(0, 3).join(', ')}\n`);
    const background = await backgroundCores(5_000);
    const before = loadLine();
    const cpu = new CpuWindow({ target: target.pid, bench: process.pid });
    let serverTree = 'n/a: the server did not start';
    let createSeconds = Number.NaN;
    let ids: string[] = [];
    let quietIds: string[] = [];
    let targetStats: SocketTargetStats | null = null;
    const load = await runIcmpLoad({
      label: options.label,
      monitors: 0,
      pingCount: 1,
      warmupS: options.warmupS,
      measureS: options.measureS,
      graceMs: options.graceMs,
      setUp: async (server) => {
        cpu.add('server', server.pid);
        const group = cpuGroupFor(server.pid, 'sightline-bench');
        if ('unavailable' in group) serverTree = `n/a: ${group.unavailable}`;
        else {
          cpu.addGroup('serverTree', group.usageS);
          serverTree = group.where;
        }
        const created = await createSocketMonitors(server.apiUrl, options.type, options.monitors, target.endpoints, options.label);
        ids = created.ids;
        createSeconds = created.seconds;
        process.stdout.write(`  [${options.label}] ${options.monitors} ${options.type.toUpperCase()} monitors created through REST in ${created.seconds.toFixed(1)} s\n`);
        if (options.quiet > 0) {
          quietIds = (await createSocketMonitors(server.apiUrl, options.type, options.quiet, [target.quiet], `${options.label} quiet`, true)).ids;
          process.stdout.write(`  [${options.label}] ${options.quiet} more against the quiet endpoint ${target.quiet}\n`);
        }
      },
      onWindowStart: () => cpu.start(),
      onWindowEnd: () => cpu.stop(),
      beforeStop: async () => {
        targetStats = await target.stats();
      },
    });
    const checkType = options.type.toUpperCase();
    const runs = analyseRuns(load.dbFile, { window: load.window, checkType, checkIds: quietIds.length ? ids : undefined });
    const quietRuns = quietIds.length ? analyseRuns(load.dbFile, { window: load.window, checkType, checkIds: quietIds }) : null;
    return { load, runs, quietRuns, cpu: cpu.figures(), backgroundCores: background, loadAverage: { before, after: loadLine() }, serverTree, endpoints: target.endpoints, createSeconds, targetStats };
  } finally {
    await target.stop();
  }
}
