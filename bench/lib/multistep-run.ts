import { loadavg } from 'node:os';
import { analyseRuns, type RunFigures } from './analyse-runs';
import { cpuGroupFor } from './cgroup-cpu';
import { backgroundCores, CpuWindow, type CpuFigures } from './cpu-window';
import { startFlowTarget, type FlowTarget, type FlowTargetStats } from './flow-target';
import { runIcmpLoad, type IcmpRunResult } from './icmp-run';
import type { ServerHandle } from './server';

/** A multi-step run is stopped at 30 s + a 10 s start-up allowance (DECISIONS "Multi-step sandbox"): runs of the window's end finish within this. */
export const MULTISTEP_GRACE_MS = 50_000;

export interface MultiStepLoadOptions {
  label: string;
  /** ICMP monitors beside the multi-step checks (0 for none). */
  icmpMonitors: number;
  pingCount: number;
  warmupS: number;
  measureS: number;
  graceMs?: number;
  extraArgs?: string[];
  /** Creates the multi-step checks; the target is already listening. */
  setUp: (server: ServerHandle, target: FlowTarget) => Promise<void>;
  /** After the grace period, while the server still answers. */
  beforeStop?: (server: ServerHandle) => Promise<void>;
}

export interface MultiStepLoadResult {
  load: IcmpRunResult;
  /** Every activated MULTI_STEP check of the server, slot by slot. */
  multiStep: RunFigures;
  cpu: CpuFigures;
  /** Busy cores of the whole machine in the 5 s before the server started: other people's work. */
  backgroundCores: number;
  loadAverage: { before: string; after: string };
  /** Where the server's whole process tree was measured (a cgroup), or why it could not be. */
  serverTree: string;
  target: { url: string; stats: FlowTargetStats | null };
}

const loadLine = () => loadavg().map((n) => n.toFixed(2)).join(' / ');

/**
 * The real server with multi-step checks calling the flow target (its own process), optionally ICMP
 * monitors beside them: warm-up, measured window (CPU of the whole machine, the server with its
 * reaped children, and the target), a grace period, SIGTERM, then the database judged slot by slot.
 * The caller removes load.dataDir.
 */
export async function runMultiStepLoad(options: MultiStepLoadOptions): Promise<MultiStepLoadResult> {
  const target = await startFlowTarget();
  try {
    const background = await backgroundCores(5_000);
    const before = loadLine();
    const cpu = new CpuWindow({ target: target.pid, bench: process.pid });
    let stats: FlowTargetStats | null = null;
    let serverTree = 'n/a: the server did not start';
    const load = await runIcmpLoad({
      label: options.label,
      monitors: options.icmpMonitors,
      pingCount: options.pingCount,
      warmupS: options.warmupS,
      measureS: options.measureS,
      extraArgs: options.extraArgs,
      graceMs: options.graceMs ?? MULTISTEP_GRACE_MS,
      setUp: async (server) => {
        cpu.add('server', server.pid);
        const group = cpuGroupFor(server.pid, 'sightline-bench');
        if ('unavailable' in group) serverTree = `n/a: ${group.unavailable}`;
        else {
          cpu.addGroup('serverTree', group.usageS);
          serverTree = group.where;
        }
        await options.setUp(server, target);
      },
      onWindowStart: () => cpu.start(),
      onWindowEnd: () => cpu.stop(),
      beforeStop: async (server) => {
        stats = await target.stats();
        await options.beforeStop?.(server);
      },
    });
    const multiStep = analyseRuns(load.dbFile, { window: load.window, checkType: 'MULTI_STEP' });
    return { load, multiStep, cpu: cpu.figures(), backgroundCores: background, loadAverage: { before, after: loadLine() }, serverTree, target: { url: target.url, stats } };
  } finally {
    await target.stop();
  }
}
