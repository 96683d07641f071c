import { removeTempDir } from '../lib/cleanup';
import { lanesTable, runNotes } from '../lib/figures';
import { createFlowChecks } from '../lib/flow-checks';
import { flowFigures, flowRows, machineNotes, type FlowFigures } from '../lib/multistep-figures';
import { MULTISTEP_GRACE_MS, runMultiStepLoad, type MultiStepLoadResult } from '../lib/multistep-run';
import type { BenchOptions } from '../lib/options';
import type { Scenario, ScenarioOutcome } from '../lib/scenario';
import { fmt } from '../lib/stats';

/** One fresh server and data folder with `checks` flow checks: one window, or one rung of the ladder. */
async function flowWindow(options: BenchOptions, checks: number): Promise<{ result: MultiStepLoadResult; figures: FlowFigures }> {
  const o = options.msflow;
  const label = `msflow-${checks}`;
  const result = await runMultiStepLoad({
    label,
    icmpMonitors: 0,
    pingCount: options.icmp.pingCount,
    warmupS: o.warmupS,
    measureS: o.measureS,
    setUp: async (server, target) => {
      const created = await createFlowChecks(server.apiUrl, checks, target.url, 'flow');
      process.stdout.write(`  [${label}] ${checks} flow checks created in ${created.seconds.toFixed(1)} s; API_BASE ${target.url}\n`);
    },
  });
  removeTempDir(result.load.dataDir);
  return { result, figures: flowFigures(result) };
}

async function single(options: BenchOptions): Promise<ScenarioOutcome> {
  const { result, figures } = await flowWindow(options, options.msflow.checks);
  return {
    rows: flowRows(result, figures),
    tables: [lanesTable('/health at the end of the window', result.load.health.last, result.load.health)],
    notes: [...machineNotes(result), ...runNotes(result.load, result.multiStep)],
  };
}

/** Rungs of growing N, each a fresh server; the climb stops at the first rung whose window does not hold. */
async function ladder(options: BenchOptions, rungs: number[]): Promise<ScenarioOutcome> {
  const rows: string[][] = [];
  const notes: string[] = [];
  let best: FlowFigures | null = null;
  for (const checks of rungs) {
    const { result, figures: f } = await flowWindow(options, checks);
    const r = result.multiStep;
    rows.push([
      fmt.int(checks),
      fmt.fixed(checks / 60, 2),
      fmt.fixed(f.runsPerSecond, 2),
      `${fmt.ms(r.lagP50Ms)} / ${fmt.ms(r.lagP99Ms)}`,
      fmt.pct(r.onTimeRatio, 1),
      `${r.skipped} / ${f.notRun} / ${r.failing}`,
      Number.isFinite(f.machineCpuPerRunS) ? `${fmt.int(f.machineCpuPerRunS * 1000)} ms` : 'n/a',
      Number.isFinite(f.serverCpuPerRunS) ? `${fmt.int(f.serverCpuPerRunS * 1000)} ms` : 'n/a',
      fmt.fixed(result.cpu.machineCores, 2),
      fmt.mb(result.load.process.rssMaxBytes),
      `${f.laneCapacity ?? 'n/a'} / ${f.laneMaxRunning ?? 'n/a'}`,
      f.holds ? 'yes' : 'NO',
    ]);
    notes.push(...machineNotes(result).map((note) => `${checks}: ${note}`));
    if (!f.holds) break;
    best = f;
  }
  return {
    rows: [
      {
        figure: 'sustained runs/s: highest rung with lag p99 ≤ 1 s, 0 skipped, 0 failing, every planned run ran',
        value: best ? `${fmt.fixed(best.runsPerSecond, 2)} runs/s (${fmt.int(best.checks)} checks)` : 'no rung held',
        target: '≥ 50 (stretch 100)',
        met: best !== null && best.runsPerSecond >= 50,
      },
      {
        figure: 'CPU per run at that rung, whole machine',
        value: best ? `${fmt.int(best.machineCpuPerRunS * 1000)} ms` : 'n/a',
        target: '≤ 40 ms',
        met: best ? best.machineCpuPerRunS <= 0.04 : false,
      },
    ],
    tables: [
      {
        title: 'rungs',
        header: ['checks', 'planned/s', 'ran/s', 'lag p50 / p99', 'on time', 'skipped / not run / failing', 'CPU/run machine', 'CPU/run server', 'machine cores', 'RSS max', 'lane cap / max running', 'holds'],
        rows,
      },
    ],
    notes,
  };
}

export const multistepFlow: Scenario = {
  name: 'multistep-flow',
  title: 'multi-step two-request flows at 1 minute (throughput and CPU per run)',
  description: (o) =>
    `${o.msflow.ladder ? `Rungs of ${o.msflow.ladder.join(', ')}` : o.msflow.checks} activated MULTI_STEP checks at frequency 1 (spread over the minute by their ids), each issue 19's ` +
    'two-request flow (`request.get` /items/42 + `request.post` /items, two `expect`s) against a local HTTP server in its own process on 127.0.0.1 (API_BASE a check ' +
    `variable), created through REST on \`sightline serve\` (default lanes); ${o.msflow.warmupS} s warm-up, ${o.msflow.measureS} s measured, ` +
    `${MULTISTEP_GRACE_MS / 1000} s for the window's runs to finish, SIGTERM. A run *ran* when its FINAL result is neither skipped nor cancelled; runs/s = runs that ran and started in ` +
    'the window ÷ window. On time = first result started within 1 s of its planned slot. CPU: /proc/stat busy ticks of the whole machine (all processes, other ' +
    "people's included), a cgroup holding the server and every process it starts (the runs inside bubblewrap), and /proc/<pid>/stat of the target, over " +
    'the window.' +
    (o.msflow.ladder ? ' Each rung is a fresh server; the climb stops at the first rung whose window does not hold.' : ''),
  run: (ctx) => (ctx.options.msflow.ladder ? ladder(ctx.options, ctx.options.msflow.ladder) : single(ctx.options)),
};
