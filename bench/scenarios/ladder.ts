import { removeTempDir } from '../lib/cleanup';
import { runNotes } from '../lib/figures';
import { runIcmpLoad } from '../lib/icmp-run';
import type { Scenario } from '../lib/scenario';
import { fmt } from '../lib/stats';

const TARGET_PER_SECOND = 500;

export const ladder: Scenario = {
  name: 'ladder',
  title: 'highest sustained ICMP rate (a ladder of monitor counts)',
  description: (o) =>
    `Rungs of ${o.ladder.rungs.join(', ')} ICMP monitors at 1 minute (pingCount ${o.icmp.pingCount}); each rung is a FRESH server and data folder: ` +
    `monitors created through REST, ${o.ladder.warmupS} s warm-up, ${o.ladder.measureS} s measured. A rung holds when its lag p99 ≤ 1 s and at most 0.1 % of its ` +
    'planned slots were skipped or missing; the climb stops at the first rung that does not hold. The sustained rate is the highest holding rung\'s planned rate ' +
    '(monitors / 60 s); achieved = FINAL results whose run started in the window, per second.',
  async run(ctx) {
    const o = ctx.options;
    const rows: string[][] = [];
    const notes: string[] = [];
    let best: { monitors: number; achieved: number } | null = null;
    for (const monitors of o.ladder.rungs) {
      const label = `ladder-${monitors}`;
      const result = await runIcmpLoad({ label, monitors, pingCount: o.icmp.pingCount, warmupS: o.ladder.warmupS, measureS: o.ladder.measureS });
      removeTempDir(result.dataDir);
      const r = result.runs;
      const lost = r.skipped + r.missing;
      const holds = r.lagP99Ms <= 1000 && lost <= r.expected * 0.001;
      rows.push([
        fmt.int(monitors),
        fmt.fixed(monitors / 60, 1),
        fmt.fixed(r.finalPerSecond, 1),
        fmt.ms(r.lagP50Ms),
        fmt.ms(r.lagP99Ms),
        fmt.pct(r.onTimeRatio, 2),
        fmt.int(r.skipped),
        fmt.int(r.missing),
        fmt.int(r.failing),
        fmt.fixed(result.process.serverCores, 2),
        fmt.fixed(result.process.childCores, 2),
        fmt.mb(result.process.rssMaxBytes),
        holds ? 'yes' : 'NO',
      ]);
      notes.push(...runNotes(result).map((note) => `${monitors}: ${note}`));
      if (!holds) break;
      best = { monitors, achieved: r.finalPerSecond };
    }
    const planned = best ? best.monitors / 60 : 0;
    return {
      rows: [
        {
          figure: 'highest sustained ICMP rate (lag p99 ≤ 1 s)',
          value: best ? `${fmt.fixed(planned, 1)} checks/s planned (${fmt.int(best.monitors)} monitors), ${fmt.fixed(best.achieved, 1)} achieved` : 'no rung held',
          target: `≥ ${TARGET_PER_SECOND} checks/s`,
          met: planned >= TARGET_PER_SECOND,
        },
      ],
      tables: [
        {
          title: 'rungs',
          header: ['monitors', 'planned/s', 'achieved/s', 'lag p50', 'lag p99', 'on time', 'skipped', 'missing', 'failing', 'server cores', 'fping cores', 'RSS max', 'holds'],
          rows,
        },
      ],
      notes,
    };
  },
};
