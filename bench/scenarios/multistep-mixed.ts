import { removeTempDir } from '../lib/cleanup';
import { lanesTable, runNotes } from '../lib/figures';
import { createFlowChecks } from '../lib/flow-checks';
import { flowFigures, machineNotes } from '../lib/multistep-figures';
import { MULTISTEP_GRACE_MS, runMultiStepLoad } from '../lib/multistep-run';
import type { Scenario } from '../lib/scenario';
import { fmt } from '../lib/stats';

const MB = 1024 * 1024;

export const multistepMixed: Scenario = {
  name: 'multistep-mixed',
  title: 'multi-step flows beside ICMP monitors, both at 1 minute',
  description: (o) =>
    `${o.msmix.multiStep} MULTI_STEP checks at frequency 1 (issue 19's two-request flow against a local HTTP server in its own process) and ${o.msmix.icmp} ICMP ` +
    `monitors at frequency 1 (pingCount ${o.icmp.pingCount}, each its own address in 127.0.0.0/8), all created through REST on one \`sightline serve\` (default ` +
    `lanes); ${o.msmix.warmupS} s warm-up, ${o.msmix.measureS} s measured, ${MULTISTEP_GRACE_MS / 1000} s for the window's runs to finish. On time = first result ` +
    'started within 1 s of its planned slot; a slot that was skipped or never started is not on time.',
  async run(ctx) {
    const o = ctx.options.msmix;
    const result = await runMultiStepLoad({
      label: 'msmix',
      icmpMonitors: o.icmp,
      pingCount: ctx.options.icmp.pingCount,
      warmupS: o.warmupS,
      measureS: o.measureS,
      setUp: async (server, target) => {
        const created = await createFlowChecks(server.apiUrl, o.multiStep, target.url, 'mixed flow');
        process.stdout.write(`  [msmix] ${o.multiStep} flow checks created in ${created.seconds.toFixed(1)} s\n`);
      },
    });
    removeTempDir(result.load.dataDir);
    const icmp = result.load.runs;
    const ms = result.multiStep;
    const f = flowFigures(result);
    const rss = result.load.process.rssMaxBytes;
    return {
      rows: [
        { figure: 'checks: multi-step / ICMP', value: `${fmt.int(o.multiStep)} / ${fmt.int(o.icmp)}` },
        { figure: 'multi-step runs on time', value: `${fmt.pct(ms.onTimeRatio)} (${ms.onTime} of ${ms.expected})`, target: '≥ 99.9 %', met: ms.onTimeRatio >= 0.999 },
        { figure: 'ICMP runs on time', value: `${fmt.pct(icmp.onTimeRatio)} (${icmp.onTime} of ${icmp.expected})`, target: '≥ 99.9 %', met: icmp.onTimeRatio >= 0.999 },
        { figure: 'multi-step skipped / not run by stop / failing', value: `${ms.skipped} / ${f.notRun} / ${ms.failing}`, target: '0 / 0 / 0', met: ms.skipped === 0 && f.notRun === 0 && ms.failing === 0 },
        { figure: 'ICMP skipped / missing / failing', value: `${icmp.skipped} / ${icmp.missing} / ${icmp.failing}`, target: '0 / 0 / 0', met: icmp.skipped === 0 && icmp.missing === 0 && icmp.failing === 0 },
        { figure: 'server RSS max', value: fmt.mb(rss), target: '< 600 MB', met: rss < 600 * MB },
        { figure: 'server RSS mean', value: fmt.mb(result.load.process.rssMeanBytes) },
        { figure: 'multi-step lag p50 / p99 / max', value: `${fmt.ms(ms.lagP50Ms)} / ${fmt.ms(ms.lagP99Ms)} / ${fmt.ms(ms.lagMaxMs)}` },
        { figure: 'ICMP lag p50 / p99 / max', value: `${fmt.ms(icmp.lagP50Ms)} / ${fmt.ms(icmp.lagP99Ms)} / ${fmt.ms(icmp.lagMaxMs)}` },
        { figure: 'multi-step runs that ran, per second', value: `${fmt.fixed(f.runsPerSecond, 2)} (${f.ran} of ${f.planned} planned)` },
        { figure: 'CPU per multi-step run, whole machine (ICMP included)', value: Number.isFinite(f.machineCpuPerRunS) ? `${fmt.int(f.machineCpuPerRunS * 1000)} ms` : 'n/a' },
        {
          figure: 'CPU in the window, cores: whole machine / the server and all it started / other work',
          value: [result.cpu.machineCores, (result.cpu.groups.serverTree ?? Number.NaN) / result.cpu.seconds, f.otherCores].map((n) => fmt.fixed(n, 2)).join(' / '),
        },
      ],
      tables: [lanesTable('/health at the end of the window', result.load.health.last, result.load.health)],
      notes: [
        ...machineNotes(result),
        ...runNotes(result.load, ms, 'multi-step: '),
        `ICMP: window ${icmp.expected} planned slots of ${icmp.checks} monitors; ${icmp.started} started, ${icmp.unfinished} unfinished at stop; whole life ${icmp.whole.finals} FINAL results (${icmp.whole.failing} failing, ${icmp.whole.skipped} skipped)`,
      ],
    };
  },
};
