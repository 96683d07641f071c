import { cpus } from 'node:os';
import { lanesTable, runNotes } from '../lib/figures';
import { cpuModel } from '../lib/machine';
import type { BenchOptions } from '../lib/options';
import { removeTempDir } from '../lib/cleanup';
import type { Row } from '../lib/report';
import type { Scenario, ScenarioOutcome } from '../lib/scenario';
import { DNS_ASSERTIONS_TEXT, DNS_SILENT_TEXT, TCP_ASSERTIONS_TEXT, TCP_QUIET_TEXT } from '../lib/socket-checks';
import { runSocketLoad, type SocketLoadResult } from '../lib/socket-run';
import { fmt } from '../lib/stats';

/** A TCP or DNS run against the local target is over in milliseconds; its time limit is maxResponseTime (5 s by default). */
const SOCKET_GRACE_MS = 15_000;
const ms = (n: number) => (Number.isFinite(n) ? `${fmt.fixed(n, 2)} ms` : 'n/a');

const COMMON =
  `created through REST on \`sightline serve\` (default lanes); warm-up, a measured window, ${SOCKET_GRACE_MS / 1000} s for the window's runs to finish, SIGTERM. ` +
  'On time = first result started within 1 s of its planned slot; a slot skipped or never started is not on time. ' +
  'CPU: /proc/stat busy ticks of the whole machine over the window, the server and everything it started (cgroup), and the target process apart (/proc/<pid>/stat).';

/** The rows and notes every socket scenario reports. */
function outcome(kind: 'TCP' | 'DNS', monitors: number, result: SocketLoadResult): ScenarioOutcome {
  const { runs, cpu, load } = result;
  const ran = runs.ranInWindow;
  const targetS = cpu.processes.target?.selfS ?? Number.NaN;
  const tree = cpu.groups.serverTree ?? Number.NaN;
  const server = cpu.processes.server;
  const perRun = (seconds: number) => (ran > 0 ? (seconds / ran) * 1000 : Number.NaN);
  const notRun = Math.max(0, runs.expected - runs.ranSlots - runs.skipped);
  const lane = load.health.last.lanes.find((l) => l.lane === kind) ?? null;
  const rss = load.process.rssMaxBytes;
  const s = result.targetStats;
  const rows: Row[] = [
    { figure: `${kind} monitors at 1 minute`, value: `${fmt.int(monitors)} (${fmt.fixed(monitors / 60, 1)} runs/s planned) against ${result.endpoints.length} local endpoint(s)` },
    { figure: 'runs on time (started within 1 s of plan)', value: `${fmt.pct(runs.onTimeRatio)} (${runs.onTime} of ${runs.expected})`, target: '≥ 99.9 %', met: runs.onTimeRatio >= 0.999 },
    { figure: 'skipped runs', value: fmt.int(runs.skipped), target: '0', met: runs.skipped === 0 },
    { figure: 'failing runs (FINAL hasFailures/hasErrors/timedOut)', value: fmt.int(runs.failing), target: '0', met: runs.failing === 0 },
    { figure: 'planned / ran / not run by stop / missing', value: `${runs.expected} / ${ran} / ${notRun} / ${runs.missing}` },
    { figure: 'lag p50 / p99 / max', value: `${fmt.ms(runs.lagP50Ms)} / ${fmt.ms(runs.lagP99Ms)} / ${fmt.ms(runs.lagMaxMs)}` },
    { figure: 'server RSS max / mean', value: `${fmt.mb(rss)} / ${fmt.mb(load.process.rssMeanBytes)}` },
    { figure: `CPU per ${kind} run: the server and all it started (cgroup) / server process alone`, value: [perRun(tree), perRun(server?.selfS ?? Number.NaN)].map(ms).join(' / ') },
    { figure: `CPU per ${kind} run: whole machine without the target / the target apart`, value: [perRun(cpu.machineBusyS - targetS), perRun(targetS)].map(ms).join(' / ') },
    { figure: 'CPU in the window, cores: machine / server tree / target', value: [cpu.machineCores, tree / cpu.seconds, targetS / cpu.seconds].map((n) => fmt.fixed(n, 2)).join(' / ') },
    { figure: `${kind} lane: capacity / max running / max queued / max oldest wait`, value: `${lane?.capacity ?? 'n/a'} / ${load.health.maxRunning[kind] ?? 'n/a'} / ${load.health.maxQueued[kind] ?? 'n/a'} / ${load.health.maxOldestWaitMs[kind] === undefined ? 'n/a' : fmt.ms(load.health.maxOldestWaitMs[kind]!)}` },
  ];
  const q = result.quietRuns;
  if (q) {
    const label = kind === 'TCP' ? 'quiet-listener port checks' : 'silent-server monitors';
    const qNotRun = Math.max(0, q.expected - q.ranSlots - q.skipped);
    rows.push(
      { figure: `${label}: runs on time`, value: `${fmt.pct(q.onTimeRatio)} (${q.onTime} of ${q.expected})`, target: '≥ 99.9 %', met: q.onTimeRatio >= 0.999 },
      { figure: `${label}: skipped / not run by stop / failing`, value: `${q.skipped} / ${qNotRun} / ${q.failing}`, target: kind === 'TCP' ? '0 / 0 / 0' : `0 / 0 / all that ran (${q.ranSlots})`, met: q.skipped === 0 && qNotRun === 0 && q.failing === (kind === 'TCP' ? 0 : q.ranSlots) },
      { figure: `${label}: lag p50 / p99 / max`, value: `${fmt.ms(q.lagP50Ms)} / ${fmt.ms(q.lagP99Ms)} / ${fmt.ms(q.lagMaxMs)}` },
    );
  }
  return {
    rows,
    tables: [lanesTable('/health at the end of the window', load.health.last, load.health)],
    notes: [
      `${monitors} monitors created through REST in ${fmt.fixed(result.createSeconds, 1)} s`,
      `server process tree measured by ${result.serverTree}`,
      `machine (${cpuModel()}, ${cpus().length} cores) before the server started: ${fmt.fixed(result.backgroundCores, 2)} cores busy (other work on this shared machine); load average (1/5/15 min) ${result.loadAverage.before} before, ${result.loadAverage.after} after`,
      `target (own process): ${s ? (kind === 'TCP' ? `${s.connections} connections greeted, ${s.quiet} to the quiet listener` : `${s.queries} queries answered, ${s.nxdomain} NXDOMAIN, ${s.undecodable} undecodable, ${s.quiet} to the silent port`) : 'n/a'} over the server's whole life`,
      ...runNotes(load, runs, `${kind}: `),
      ...(q ? runNotes(load, q, `${kind} quiet: `).slice(0, 2) : []),
    ],
  };
}

export const tcp10k: Scenario = {
  name: 'tcp-10k',
  title: 'TCP monitors at 1 minute against local listeners (issue 34)',
  description: (o: BenchOptions) =>
    `${o.tcp.monitors} activated TCP monitors at frequency 1, each with ${TCP_ASSERTIONS_TEXT}, against ${o.tcp.addresses * o.tcp.portsPerAddress} listeners ` +
    `(${o.tcp.addresses} addresses in 127.40.0.0/16 × ${o.tcp.portsPerAddress} ports each) of one target in its own process, monitor i on listener i mod listeners; ` +
    (o.tcp.quiet > 0 ? `${o.tcp.quiet} more, ${TCP_QUIET_TEXT}, reported apart; ` : '') +
    `${o.tcp.warmupS} s warm-up, ${o.tcp.measureS} s measured. ${COMMON}`,
  async run(ctx) {
    const o = ctx.options.tcp;
    const result = await runSocketLoad({ label: 'tcp-10k', type: 'tcp', monitors: o.monitors, quiet: o.quiet, targetArgs: ['tcp', String(o.addresses), String(o.portsPerAddress)], warmupS: o.warmupS, measureS: o.measureS, graceMs: SOCKET_GRACE_MS });
    removeTempDir(result.load.dataDir);
    return outcome('TCP', o.monitors, result);
  },
};

export const dns10k: Scenario = {
  name: 'dns-10k',
  title: 'DNS monitors at 1 minute against a local DNS server (issue 34)',
  description: (o: BenchOptions) =>
    `${o.dns.monitors} activated DNS monitors at frequency 1 over UDP, monitor i asking A h<i>.bench.test of one DNS server (dns-packet, UDP and TCP on one port of 127.0.0.1) ` +
    `in its own process, each with ${DNS_ASSERTIONS_TEXT}; ` +
    (o.dns.silent > 0 ? `${o.dns.silent} more with ${DNS_SILENT_TEXT}, reported apart; ` : '') +
    `${o.dns.warmupS} s warm-up, ${o.dns.measureS} s measured. ${COMMON}`,
  async run(ctx) {
    const o = ctx.options.dns;
    const result = await runSocketLoad({ label: 'dns-10k', type: 'dns', monitors: o.monitors, quiet: o.silent, targetArgs: ['dns'], warmupS: o.warmupS, measureS: o.measureS, graceMs: SOCKET_GRACE_MS });
    removeTempDir(result.load.dataDir);
    return outcome('DNS', o.monitors, result);
  },
};
