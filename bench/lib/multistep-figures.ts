import { cpus } from 'node:os';
import type { RunFigures } from './analyse-runs';
import { cpuModel } from './machine';
import type { MultiStepLoadResult } from './multistep-run';
import type { Row } from './report';
import { fmt } from './stats';

/** Issue 19's figures of multi-step runs in one window, derived once so rows, rungs and notes agree. */
export interface FlowFigures {
  checks: number;
  planned: number;
  ran: number;
  runsPerSecond: number;
  /** Planned slots with neither a run nor a skip by the time the server stopped (still queued, never dispatched, or cancelled at shutdown). */
  notRun: number;
  /** lag p99 ≤ 1 s, 0 skipped, 0 failing, every planned run ran: the sustained condition of the issue. */
  holds: boolean;
  machineCpuPerRunS: number;
  /** The server and every process it started (cgroup); NaN where no cgroup could be made. */
  serverCpuPerRunS: number;
  targetCpuS: number;
  /** Whole machine minus the server's process tree (or, without a cgroup, the server and its reaped children), the target and the bench itself. */
  otherCores: number;
  laneCapacity: number | null;
  laneMaxRunning: number | null;
  laneMaxQueued: number | null;
}

export function flowFigures(result: MultiStepLoadResult, runs: RunFigures = result.multiStep): FlowFigures {
  const { cpu } = result;
  const server = cpu.processes.server ?? { selfS: Number.NaN, childrenS: Number.NaN };
  const tree = cpu.groups.serverTree ?? Number.NaN;
  const ours = (Number.isFinite(tree) ? tree : server.selfS + server.childrenS) + (cpu.processes.target?.selfS ?? 0) + (cpu.processes.bench?.selfS ?? 0);
  const lane = result.load.health.last.lanes.find((l) => l.lane === 'MULTI_STEP');
  // A queued run cancelled by the shutdown has a FINAL result too (cancelled, not skipped): it did not run.
  const notRun = Math.max(0, runs.expected - runs.ranSlots - runs.skipped);
  const ran = runs.ranInWindow;
  return {
    checks: runs.checks,
    planned: runs.expected,
    ran,
    runsPerSecond: ran / runs.windowSeconds,
    notRun,
    holds: runs.expected > 0 && runs.lagP99Ms <= 1000 && runs.skipped === 0 && runs.failing === 0 && notRun === 0,
    machineCpuPerRunS: ran > 0 ? cpu.machineBusyS / ran : Number.NaN,
    serverCpuPerRunS: ran > 0 ? tree / ran : Number.NaN,
    targetCpuS: cpu.processes.target?.selfS ?? Number.NaN,
    otherCores: (cpu.machineBusyS - ours) / cpu.seconds,
    laneCapacity: lane?.capacity ?? null,
    laneMaxRunning: result.load.health.maxRunning.MULTI_STEP ?? null,
    laneMaxQueued: result.load.health.maxQueued.MULTI_STEP ?? null,
  };
}

const cpuMs = (seconds: number) => (Number.isFinite(seconds) ? `${fmt.int(seconds * 1000)} ms` : 'n/a');

/** The rows of one window of multi-step flow runs, with issue 19's targets. */
export function flowRows(result: MultiStepLoadResult, f: FlowFigures, runs: RunFigures = result.multiStep): Row[] {
  const cpu = result.cpu;
  const server = cpu.processes.server;
  return [
    { figure: 'multi-step flow checks at 1 minute', value: `${fmt.int(f.checks)} (${fmt.fixed(f.checks / 60, 2)} runs/s planned)` },
    {
      figure: 'sustained runs/s (ran ÷ window; lag p99 ≤ 1 s, 0 skipped, 0 failing)',
      value: `${fmt.fixed(f.runsPerSecond, 2)} (${f.ran} ran in ${fmt.int(runs.windowSeconds)} s)${f.holds ? '' : ' — the condition did not hold'}`,
      target: '≥ 50 (stretch 100)',
      met: f.holds && f.runsPerSecond >= 50,
    },
    { figure: 'planned runs in the window / ran / skipped / not run by stop', value: `${f.planned} / ${f.ran} / ${runs.skipped} / ${f.notRun}` },
    { figure: 'on time (started within 1 s of plan)', value: `${fmt.pct(runs.onTimeRatio, 1)} (${runs.onTime} of ${runs.expected})` },
    { figure: 'lag p50 / p99 / max (of runs that started)', value: `${fmt.ms(runs.lagP50Ms)} / ${fmt.ms(runs.lagP99Ms)} / ${fmt.ms(runs.lagMaxMs)}`, target: 'p99 ≤ 1 s', met: runs.lagP99Ms <= 1000 },
    { figure: 'skipped runs', value: fmt.int(runs.skipped), target: '0', met: runs.skipped === 0 },
    { figure: 'failing runs (FINAL hasFailures/hasErrors/timedOut)', value: fmt.int(runs.failing), target: '0', met: runs.failing === 0 },
    { figure: 'CPU per run, whole machine (busy ÷ runs that ran)', value: cpuMs(f.machineCpuPerRunS), target: '≤ 40 ms', met: f.machineCpuPerRunS <= 0.04 },
    { figure: 'CPU per run, the server and every process it started (cgroup)', value: cpuMs(f.serverCpuPerRunS) },
    {
      figure: 'CPU in the window, cores: machine / server tree / server process alone / target / other work',
      value: [cpu.machineCores, (cpu.groups.serverTree ?? Number.NaN) / cpu.seconds, server ? server.selfS / cpu.seconds : Number.NaN].map((n) => fmt.fixed(n, 2)).concat(fmt.fixed(f.targetCpuS / cpu.seconds, 3), fmt.fixed(f.otherCores, 2)).join(' / '),
    },
    { figure: 'server RSS max / mean', value: `${fmt.mb(result.load.process.rssMaxBytes)} / ${fmt.mb(result.load.process.rssMeanBytes)}` },
    { figure: 'MULTI_STEP lane: capacity / max running / max queued', value: `${f.laneCapacity ?? 'n/a'} / ${f.laneMaxRunning ?? 'n/a'} / ${f.laneMaxQueued ?? 'n/a'}` },
  ];
}

/** Facts about the machine and the target that every multi-step scenario reports. */
export function machineNotes(result: MultiStepLoadResult): string[] {
  const s = result.target.stats;
  return [
    `server process tree measured by ${result.serverTree}; its reaped-children time (${fmt.fixed(result.cpu.processes.server?.childrenS ?? Number.NaN, 1)} s in the window) misses what ran inside bubblewrap`,
    `machine (${cpuModel()}, ${cpus().length} cores) before the server started: ${fmt.fixed(result.backgroundCores, 2)} cores busy (other work on this shared machine); load average (1/5/15 min) ${result.loadAverage.before} before, ${result.loadAverage.after} after`,
    `flow target ${result.target.url} (own process) served ${s ? `${s.itemGets} GET /items, ${s.itemPosts} POST /items, ${s.headerGets} GET /needs-header, ${s.other} other` : 'n/a'}`,
  ];
}
