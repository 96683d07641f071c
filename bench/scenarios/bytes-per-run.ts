import type { Scenario } from '../lib/scenario';
import { fmt } from '../lib/stats';
import { measureRunStorage } from '../lib/storage';

export const bytesPerRun: Scenario = {
  name: 'bytes-per-run',
  title: 'bytes on disk per stored ICMP run',
  description: () =>
    "The database icmp-10k left behind (server stopped), read with SQLite's dbstat: pages of check_results, check_sessions and all their " +
    'indexes, divided by the FINAL results of ICMP checks. result_details (deduplicated error/assertion bodies) is shown apart.',
  async run(ctx) {
    if (!ctx.icmpRun) throw new Error('needs the data folder of icmp-10k, which did not complete');
    const s = measureRunStorage(ctx.icmpRun.dbFile);
    return {
      rows: [
        { figure: 'FINAL ICMP runs stored', value: fmt.int(s.finalIcmpRuns) },
        { figure: 'check_results rows / check_sessions rows', value: `${fmt.int(s.results)} / ${fmt.int(s.sessions)}` },
        { figure: 'bytes per stored ICMP run, session row included', value: `${fmt.fixed(s.bytesPerRun, 1)} B`, target: '≤ 120 B', met: s.bytesPerRun <= 120 },
        { figure: 'result_details bytes per run (apart)', value: `${fmt.fixed(s.finalIcmpRuns ? s.detailBytes / s.finalIcmpRuns : Number.NaN, 1)} B` },
        { figure: 'database file size', value: fmt.mb(s.fileBytes) },
      ],
      tables: [{ title: 'dbstat pages by object', header: ['object', 'bytes', 'bytes per run'], rows: s.objects.map((o) => [o.name, fmt.int(o.bytes), fmt.fixed(o.bytes / s.finalIcmpRuns, 1)]) }],
    };
  },
};
