import { lanesTable, runNotes } from '../lib/figures';
import { runIcmpLoad } from '../lib/icmp-run';
import type { Scenario } from '../lib/scenario';
import { fmt } from '../lib/stats';

const MB = 1024 * 1024;

export const icmp10k: Scenario = {
  name: 'icmp-10k',
  title: 'ICMP monitors at 1 minute on the real server',
  description: (o) =>
    `${o.icmp.monitors} activated ICMP monitors (frequency 1, pingCount ${o.icmp.pingCount}, each its own address in 127.0.0.0/8) created through REST on ` +
    `\`sightline serve\`; ${o.icmp.warmupS} s of warm-up after the last one was created, then ${o.icmp.measureS} s measured. A run is on time when its first ` +
    "result's started_at (when ping/fping started) is within 1 s of its planned slot (src-shared/rules/schedule.ts cadenceOf); a planned slot with no run " +
    'counts as not on time. CPU is /proc/<pid>/stat of the server process over the window; fping children are its reaped children (cutime+cstime).',
  async run(ctx) {
    const o = ctx.options.icmp;
    const result = await runIcmpLoad({ label: 'icmp-10k', monitors: o.monitors, pingCount: o.pingCount, warmupS: o.warmupS, measureS: o.measureS });
    ctx.icmpRun = result;
    const r = result.runs;
    const p = result.process;
    return {
      rows: [
        { figure: 'monitors', value: fmt.int(o.monitors) },
        { figure: 'runs on time (started within 1 s of plan)', value: `${fmt.pct(r.onTimeRatio)} (${r.onTime} of ${r.expected})`, target: '≥ 99.9 %', met: r.onTimeRatio >= 0.999 },
        { figure: 'skipped runs', value: fmt.int(r.skipped), target: '0', met: r.skipped === 0 },
        { figure: 'missing runs (planned slot, no session)', value: fmt.int(r.missing) },
        { figure: 'failing runs (FINAL hasFailures/hasErrors/timedOut, not skipped)', value: fmt.int(r.failing), target: '0', met: r.failing === 0 },
        { figure: 'degraded runs', value: fmt.int(r.degraded) },
        { figure: 'server process CPU (average cores)', value: fmt.fixed(p.serverCores, 3), target: '< 1 core', met: p.serverCores < 1 },
        { figure: 'fping children CPU (average cores, counted apart)', value: fmt.fixed(p.childCores, 3) },
        { figure: 'server RSS max', value: fmt.mb(p.rssMaxBytes), target: '< 400 MB', met: p.rssMaxBytes < 400 * MB },
        { figure: 'server RSS mean', value: fmt.mb(p.rssMeanBytes) },
        { figure: 'lag p50 / p99 / max', value: `${fmt.ms(r.lagP50Ms)} / ${fmt.ms(r.lagP99Ms)} / ${fmt.ms(r.lagMaxMs)}` },
        { figure: 'FINAL results per second in the window', value: fmt.fixed(r.finalPerSecond, 1) },
      ],
      tables: [lanesTable('/health at the end of the window', result.health.last, result.health)],
      notes: runNotes(result),
    };
  },
};
