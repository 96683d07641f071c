import type { Scenario } from '../lib/scenario';
import { fmt } from '../lib/stats';

export const noopBaseline: Scenario = {
  name: 'noop-baseline',
  title: 'BASELINE: no-op in-process executor on a ManualClock',
  description: (o) =>
    `**No-op in-process executor on a ManualClock — measures scheduler+storage only, not ping; does not answer the targets.** bench/scheduler.ts: ` +
    `${o.noop.monitors} activated ICMP monitors at 1 minute, ${o.noop.simulatedMinutes} simulated minutes through the real scheduler, run coordinator, ` +
    'embedded agent queue and SQLite storage; the executor returns a passing 10-packet result at once. Simulated time advances to each timer and by the real ' +
    'time spent handling it, so falling behind shows as lag (dispatch − due).',
  async run(ctx) {
    // Imported here so a scheduler module being reworked breaks this scenario only.
    const { benchScheduler } = await import('../scheduler');
    const r = await benchScheduler({ monitors: ctx.options.noop.monitors, simulatedMinutes: ctx.options.noop.simulatedMinutes });
    return {
      rows: [
        { figure: 'monitors', value: fmt.int(r.monitors) },
        { figure: 'simulated minutes', value: String(r.simulatedMinutes) },
        { figure: 'sessions started', value: fmt.int(r.sessionsStarted) },
        { figure: 'results written', value: fmt.int(r.resultsWritten) },
        { figure: 'real time for the simulated run', value: fmt.s(r.realSeconds) },
        { figure: 'results written / s (real time)', value: fmt.int(r.resultsPerSecond) },
        { figure: 'scheduler lag p50 / p99 / max', value: `${fmt.fixed(r.lagP50Ms)} / ${fmt.fixed(r.lagP99Ms)} / ${fmt.fixed(r.lagMaxMs)} ms` },
        { figure: 'bytes per stored result', value: `${fmt.fixed(r.bytesPerResult, 1)} B (${r.bytesMethod})` },
        { figure: 'setup: creating the monitors in-process', value: fmt.s(r.setupSeconds) },
      ],
    };
  },
};
