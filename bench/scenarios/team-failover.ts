import { readFileSync } from 'node:fs';
import { startHttpReceiver } from '../../test/notify/receivers';
import { apiExpect, bounded, createIcmpMonitors, loopbackAddress } from '../lib/api';
import { createFlowChecks } from '../lib/flow-checks';
import { startFlowTarget } from '../lib/flow-target';
import type { Scenario } from '../lib/scenario';
import { BENCH_API_KEY, type ServerHandle } from '../lib/server';
import { fmt, sleep } from '../lib/stats';
import { adminClient, percentiles, roleOf, slotFigures, startTeam } from '../lib/team';

const progress = (text: string) => process.stdout.write(`  [team-failover] ${text}\n`);

/** Requests a loop sends to one server, timed, until `until`. */
async function timeRequests(server: ServerHandle, until: () => boolean, into: number[], errors: { n: number }): Promise<void> {
  for (let i = 0; i < 1_000_000 && !until(); i++) {
    const started = performance.now();
    try {
      const response = await fetch(`${server.apiUrl}/v1/checks?limit=10`, { headers: { authorization: `Bearer ${BENCH_API_KEY}` }, signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      if (response.status !== 200) errors.n++;
      into.push(performance.now() - started);
    } catch {
      errors.n++;
    }
    await sleep(50);
  }
}

/**
 * Issue 35's targets: three servers on one PostgreSQL, ICMP and multi-step checks at 1 minute and
 * a few failing checks alerting a webhook; the leader SIGKILLed inside a measured window; then
 * PostgreSQL itself stopped for 20 s.
 */
export const teamFailover: Scenario = {
  name: 'team-failover',
  title: 'Team mode: three servers on one PostgreSQL, the leader SIGKILLed, then PostgreSQL stopped',
  description: (o) =>
    `${o.team.servers} \`sightline serve --database\` processes on one PostgreSQL 15 (a throwaway cluster on this machine, fsync off), failover delay ` +
    `${o.team.failoverDelayS} s; ${o.team.icmp} ICMP monitors (1 min, each its own 127.0.0.0/8 address) and ${o.team.multiStep} two-request multi-step ` +
    `checks (1 min, against a local target) created through REST, plus ${o.team.failing} ICMP monitors whose assertion always fails, subscribed to a ` +
    `webhook on 127.0.0.1. After ${o.team.warmupS} s of warm-up a ${o.team.measureS} s window; ${o.team.killAtS} s into it the leader is SIGKILLed. ` +
    'Takeover: from the kill to a survivor answering role "leader" on /health (polled every 100 ms). Slots: every planned slot of the window ' +
    '(cadenceOf) and the sessions the database holds for it (planned_at). REST: GET /v1/checks?limit=10 on each survivor every 50 ms from 5 s ' +
    'before the kill to 30 s after the takeover. Then PostgreSQL is stopped (pg_ctl stop -m fast) for 20 s and started again.',
  async run(ctx) {
    const o = ctx.options.team;
    const receiver = await startHttpReceiver();
    const target = await startFlowTarget();
    const team = await startTeam('team-failover', o.servers, o.failoverDelayS);
    try {
      const first = (await team.leader()) ?? team.servers[0]!;
      const api = team.servers.find((s) => s !== first) ?? first;
      progress(`leader pid ${first.pid}; creating through a standby (${api.apiUrl})`);
      const created = await createIcmpMonitors(api.apiUrl, o.icmp, { pingCount: 1, namePrefix: 'team' });
      progress(`${o.icmp} ICMP monitors created in ${created.seconds.toFixed(1)} s`);
      const flows = await createFlowChecks(api.apiUrl, o.multiStep, target.url, 'team flow');
      progress(`${o.multiStep} multi-step checks created in ${flows.seconds.toFixed(1)} s`);
      const channel = await apiExpect(api.apiUrl, 'POST', '/v1/alert-channels', { type: 'WEBHOOK', config: { name: 'team receiver', url: `${receiver.url}/team` } }, 201);
      const failingIds: string[] = [];
      await bounded(o.failing, 4, async (i) => {
        const check = await apiExpect(
          api.apiUrl,
          'POST',
          '/v1/checks/icmp?autoAssignAlerts=false',
          {
            name: `team failing ${i}`,
            frequency: 1,
            request: { hostname: loopbackAddress(60_000 + i), pingCount: 1, assertions: [{ source: 'LATENCY', comparison: 'LESS_THAN', property: 'avg', target: '0' }] },
            alertChannelSubscriptions: [{ alertChannelId: Number(channel.id), activated: true }],
          },
          201,
        );
        failingIds.push(String(check.id));
      });
      progress(`warm-up ${o.warmupS} s`);
      await sleep(o.warmupS * 1000);

      const from = Date.now();
      const to = from + o.measureS * 1000;
      await sleep(o.killAtS * 1000 - 5_000);
      const leader = await team.leader();
      if (!leader) throw new Error('no server leads before the kill');
      const survivors = team.servers.filter((s) => s !== leader);
      const latencies: number[] = [];
      const errors = { n: 0 };
      let stopTiming = false;
      const timing = Promise.all(survivors.map((s) => timeRequests(s, () => stopTiming, latencies, errors)));
      await sleep(5_000);
      const killedAt = Date.now();
      leader.child.kill('SIGKILL');
      progress(`leader pid ${leader.pid} SIGKILLed`);
      let tookOverAt = null as number | null;
      let newLeader = null as ServerHandle | null;
      while (tookOverAt === null && Date.now() - killedAt < 120_000) {
        for (const s of survivors) {
          if ((await roleOf(s)) === 'leader') {
            tookOverAt = Date.now();
            newLeader = s;
          }
        }
        if (tookOverAt === null) await sleep(100);
      }
      progress(tookOverAt === null ? 'no survivor took over within 120 s' : `pid ${newLeader!.pid} leads ${((tookOverAt - killedAt) / 1000).toFixed(1)} s after the kill`);
      await sleep(30_000);
      stopTiming = true;
      await timing;
      await sleep(Math.max(0, to - Date.now()));
      progress('window closed; 60 s for its last runs to finish');
      await sleep(60_000);
      const icmp = await slotFigures(team.admin, 'ICMP', { from, to }, failingIds);
      const multiStep = await slotFigures(team.admin, 'MULTI_STEP', { from, to });
      const alerts = new Map<string, string[]>();
      for (const request of receiver.requests) {
        const body = JSON.parse(request.body) as { CHECK_ID?: string; ALERT_TYPE?: string };
        const id = failingIds.find((f) => request.body.includes(f));
        if (id) alerts.set(id, [...(alerts.get(id) ?? []), body.ALERT_TYPE ?? '?']);
      }
      const alertedOnce = failingIds.filter((id) => JSON.stringify(alerts.get(id)) === JSON.stringify(['ALERT_FAILURE'])).length;
      const doubled = failingIds.filter((id) => (alerts.get(id)?.length ?? 0) > 1).length;
      const rest = percentiles(latencies);

      // PostgreSQL away for 20 s.
      progress('stopping PostgreSQL for 20 s');
      await team.admin.end();
      await team.cluster.stopServer();
      await sleep(20_000);
      const aliveDuring = survivors.filter((s) => s.child.exitCode === null && s.child.signalCode === null).length;
      await team.cluster.startServer();
      const back = Date.now();
      team.admin = adminClient(team.url);
      await team.admin.connect();
      let resumedAt = null as number | null;
      while (resumedAt === null && Date.now() - back < 120_000) {
        const row = (await team.admin.query<{ n: string }>('select count(*)::text as n from check_sessions where planned_at > $1 and status >= 4', [back])).rows[0];
        if (Number(row?.n ?? 0) > 0) resumedAt = Date.now();
        else await sleep(500);
      }
      const aliveAfter = survivors.filter((s) => s.child.exitCode === null && s.child.signalCode === null).length;
      // A server that exited says why in its log: its last errors go into the notes.
      const exits = survivors
        .filter((s) => s.child.exitCode !== null || s.child.signalCode !== null)
        .map((s) => `server pid ${s.pid} exited (${s.child.exitCode ?? s.child.signalCode}); its last errors: ${lastErrors(s.logFile)}`);
      for (const exit of exits) progress(exit);
      const takeoverS = tookOverAt === null ? null : (tookOverAt - killedAt) / 1000;
      const ranRatio = (f: { ran: number; expected: number }) => f.ran / Math.max(1, f.expected);
      return {
        rows: [
          { figure: 'servers / failover delay', value: `${o.servers} / ${o.failoverDelayS} s` },
          { figure: 'leader SIGKILLed → a standby leads', value: takeoverS === null ? 'never' : `${takeoverS.toFixed(1)} s`, target: `≤ ${o.failoverDelayS + 5} s`, met: takeoverS !== null && takeoverS <= o.failoverDelayS + 5 },
          { figure: `ICMP planned slots that ran in the ${o.measureS} s window (healthy checks)`, value: `${fmt.pct(ranRatio(icmp))} (${icmp.ran} of ${icmp.expected})`, target: '≥ 99 %', met: ranRatio(icmp) >= 0.99 },
          { figure: 'multi-step planned slots that ran', value: `${fmt.pct(ranRatio(multiStep))} (${multiStep.ran} of ${multiStep.expected})`, target: '≥ 99 %', met: ranRatio(multiStep) >= 0.99 },
          { figure: 'slots with two sessions', value: fmt.int(icmp.twice + multiStep.twice), target: '0', met: icmp.twice + multiStep.twice === 0 },
          { figure: 'ICMP slots started within 1 s (whole window, failover included)', value: `${fmt.pct(icmp.onTime / Math.max(1, icmp.expected))}` },
          { figure: 'failing runs of the healthy ICMP / multi-step checks', value: `${fmt.int(icmp.failing)} / ${fmt.int(multiStep.failing)}`, target: '0', met: icmp.failing + multiStep.failing === 0 },
          { figure: 'failing checks with exactly one ALERT_FAILURE delivered', value: `${alertedOnce} of ${o.failing}`, target: `${o.failing} of ${o.failing}`, met: alertedOnce === o.failing },
          { figure: 'alerts delivered twice', value: fmt.int(doubled), target: '0', met: doubled === 0 },
          { figure: 'REST on the survivors during the failover: p50 / p99 / max', value: `${fmt.ms(rest.p50)} / ${fmt.ms(rest.p99)} / ${fmt.ms(rest.max)} (${rest.n} requests, ${errors.n} errors)`, target: 'p99 < 100 ms', met: rest.p99 < 100 && errors.n === 0 },
          { figure: 'PostgreSQL stopped 20 s: servers still running during / after', value: `${aliveDuring} / ${aliveAfter} of ${survivors.length}`, target: 'all', met: aliveDuring === survivors.length && aliveAfter === survivors.length },
          { figure: 'PostgreSQL back → first finished scheduled run', value: resumedAt === null ? 'none within 120 s' : `${((resumedAt - back) / 1000).toFixed(1)} s`, target: '< 60 s', met: resumedAt !== null && resumedAt - back < 60_000 },
        ],
        notes: [
          `Slot lag p99 (first result's start − planned slot): ICMP ${fmt.ms(icmp.lagP99Ms)}, multi-step ${fmt.ms(multiStep.lagP99Ms)}; slots the dead leader missed ran late by design (catch-up).`,
          'The PostgreSQL cluster runs with fsync off (the tests\' settings), on the same 2 cores as the three servers, their ping processes and the flow target.',
          ...exits,
        ],
      };
    } finally {
      await team.stop();
      await target.stop();
      await receiver.close();
    }
  },
};

/** The last error lines (pino level 50 and up, or a crash's stack) of a server's log, shortened. */
function lastErrors(logFile: string): string {
  try {
    const lines = readFileSync(logFile, 'utf8').split('\n').filter((line) => /"level":(50|60)|Error|at /.test(line));
    return lines.slice(-6).join(' | ').slice(0, 2000) || '(none in its log)';
  } catch (error) {
    return `(its log could not be read: ${(error as Error).message})`;
  }
}
