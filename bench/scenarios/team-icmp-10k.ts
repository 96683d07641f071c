import { createIcmpMonitors } from '../lib/api';
import type { Scenario } from '../lib/scenario';
import { fmt, sleep } from '../lib/stats';
import { slotFigures, startTeam } from '../lib/team';

const progress = (text: string) => process.stdout.write(`  [team-icmp-10k] ${text}\n`);

/** Issue 35: 10,000 ICMP monitors at 1 minute with three servers on one PostgreSQL, on time as on SQLite. */
export const teamIcmp10k: Scenario = {
  name: 'team-icmp-10k',
  title: 'Team mode: ICMP monitors at 1 minute, three servers on one PostgreSQL',
  description: (o) =>
    `${o.teamIcmp.servers} \`sightline serve --database\` processes on one PostgreSQL 15 (a throwaway cluster on this machine, fsync off); ` +
    `${o.teamIcmp.monitors} ICMP monitors (frequency 1, pingCount 1, each its own 127.0.0.0/8 address) created through a standby's REST API; ` +
    `${o.teamIcmp.warmupS} s of warm-up, then ${o.teamIcmp.measureS} s measured. The leader runs them all. A slot is on time when its first result ` +
    'started within 1 s of it; a slot without a session counts as not on time.',
  async run(ctx) {
    const o = ctx.options.teamIcmp;
    const team = await startTeam('team-icmp-10k', o.servers, 15);
    try {
      const leader = (await team.leader()) ?? team.servers[0]!;
      const api = team.servers.find((s) => s !== leader) ?? leader;
      const created = await createIcmpMonitors(api.apiUrl, o.monitors, { pingCount: 1, namePrefix: 'team' });
      progress(`${o.monitors} monitors created in ${created.seconds.toFixed(1)} s (${created.perSecond.toFixed(0)}/s); warm-up ${o.warmupS} s`);
      await sleep(o.warmupS * 1000);
      const from = Date.now();
      const to = from + o.measureS * 1000;
      await sleep(o.measureS * 1000);
      progress('window closed; 20 s for its last runs to finish');
      await sleep(20_000);
      const f = await slotFigures(team.admin, 'ICMP', { from, to });
      const ratio = f.onTime / Math.max(1, f.expected);
      const stillLeads = (await team.leader()) === leader;
      return {
        rows: [
          { figure: 'servers / monitors', value: `${o.servers} / ${fmt.int(o.monitors)}` },
          { figure: 'runs on time (started within 1 s of plan)', value: `${fmt.pct(ratio)} (${f.onTime} of ${f.expected})`, target: '≥ 99.9 %', met: ratio >= 0.999 },
          { figure: 'planned slots that ran', value: `${f.ran} of ${f.expected}` },
          { figure: 'slots with two sessions', value: fmt.int(f.twice), target: '0', met: f.twice === 0 },
          { figure: 'failing runs', value: fmt.int(f.failing), target: '0', met: f.failing === 0 },
          { figure: 'lag p99 (first result − slot)', value: fmt.ms(f.lagP99Ms) },
          { figure: 'the same server led throughout', value: stillLeads ? 'yes' : 'no' },
        ],
        notes: ['The PostgreSQL cluster runs with fsync off (the tests\' settings), on the same 2 cores as the servers and their ping processes.'],
      };
    } finally {
      await team.stop();
    }
  },
};
