/**
 * `npm run bench`: issue 8's, issue 19's and issue 22's targets against the real server, plus the no-op baseline; writes bench/RESULTS.md.
 *
 *   BENCH_QUICK=1                 smoke run of every scenario at a few hundred monitors (~7 min)
 *   BENCH_ONLY=a,b                only these scenarios (bytes-per-run and restart bring icmp-10k along)
 *   BENCH_KEEP=1                  keep the temporary data folders (their paths are printed)
 *   BENCH_RESULTS_FILE=path       write somewhere other than bench/RESULTS.md
 *   BENCH_MONITORS, BENCH_WARMUP_S, BENCH_MEASURE_S, BENCH_PING_COUNT           icmp-10k
 *   BENCH_LADDER=5000,10000,...,  BENCH_LADDER_WARMUP_S, BENCH_LADDER_MEASURE_S  ladder
 *   BENCH_RESTARTS                                                               restart
 *   BENCH_MULTISTEP_CHECKS, _SLEEP_S, _ICMP, _WARMUP_S, _MEASURE_S               multistep-saturated
 *   BENCH_MSFLOW_CHECKS (30), _WARMUP_S (60), _MEASURE_S (180)                  multistep-flow: N two-request flows at 1 min
 *   BENCH_MSFLOW_LADDER=30,60,...  rungs instead of one N; reports the highest N whose window held (lag p99 ≤ 1 s, 0 skipped, 0 failing)
 *   BENCH_MSMIX_MULTISTEP (1000), BENCH_MSMIX_ICMP (10000), _WARMUP_S, _MEASURE_S  multistep-mixed
 *   BENCH_MSFAULTS_HEALTHY (200), _WARMUP_S, _MEASURE_S                          multistep-faults (+ 4 faulty scripts)
 *   BENCH_MSFIRST_VERSIONS (5)                                                   multistep-first-run
 *   BENCH_NOOP_MONITORS, BENCH_NOOP_MINUTES                                      noop-baseline
 *   BENCH_RETENTION_MONITORS, BENCH_RETENTION_DAYS                               retention
 *   BENCH_CONSOLE_MONITORS, _RESULTS, _LONG, _REPEATS                            console
 *   BENCH_DEEP_BURST, _DEPTH, _FOLLOW_UP, _WORKERS, _BASELINE_S                   deep-bodies
 *   BENCH_DEPLOY_CHECKS (1000), _GROUPS (10), _RUNS (3)                          deploy-1k: the public CLI's `checkly deploy`
 *   BENCH_DEPLOY_BLOCK_CHECKS (5000), _RUNS (3)                                  deploy-block: other requests during a deploy of thousands
 *   BENCH_API_CHECKS (30000), _WARMUP_S (60), _MEASURE_S (180)                    api-30k: API checks with two assertions at 1 min
 *   BENCH_APIMIX_ICMP (10000), _API (10000), _MULTISTEP (1000), _WARMUP_S, _MEASURE_S  api-mixed
 *   BENCH_APIFIRST_CHECKS (10)                                                   api-first-result: create → first result
 *   BENCH_TCP_MONITORS (10000), _ADDRESSES (10), _PORTS (10), _QUIET (0), _WARMUP_S (60), _MEASURE_S (180)
 *                                tcp-10k: TCP monitors at 1 min (RESPONSE_DATA + RESPONSE_TIME) against _ADDRESSES × _PORTS listeners of a local target;
 *                                _QUIET more, port-only, against a listener that never speaks (each run waits its 1 s reply grace)
 *   BENCH_DNS_MONITORS (10000), _SILENT (0), _WARMUP_S (60), _MEASURE_S (180)
 *                                dns-10k: DNS monitors at 1 min over UDP (RESPONSE_CODE + TEXT_ANSWER) against a local DNS server;
 *                                _SILENT more against a port that never answers (each run waits its 5 s limit and fails: a DNS server down)
 *   BENCH_HB_MONITORS (50000), _MISSED (500), _GRACE_S (10), _MEASURE_S (180)    heartbeat-50k: pings once a minute; missed ones fail in time
 *   BENCH_TEAMICMP_SERVERS (3), _MONITORS (10000), _WARMUP_S (60), _MEASURE_S (180)  team-icmp-10k: ICMP at 1 min, three servers on one PostgreSQL
 *   BENCH_TEAM_SERVERS (3), _FAILOVER_DELAY_S (15), _ICMP (5000), _MULTISTEP (300), _FAILING (5), _WARMUP_S (90), _MEASURE_S (300), _KILL_AT_S (120)
 *                                team-failover: the leader SIGKILLed inside the window, then PostgreSQL stopped for 20 s
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanUpNow, installCleanup, keepTempDirs, removeTempDir } from './lib/cleanup';
import { describeMachine } from './lib/machine';
import { resolveOptions, SCENARIOS, type ScenarioName } from './lib/options';
import { printReport, writeResults, type ScenarioReport } from './lib/report';
import type { Scenario, ScenarioContext } from './lib/scenario';

/** Scenarios are imported when they run, so one that cannot load (an engine mid-change) fails alone. */
const LOADERS: Record<ScenarioName, () => Promise<Scenario>> = {
  'icmp-10k': async () => (await import('./scenarios/icmp-10k')).icmp10k,
  'bytes-per-run': async () => (await import('./scenarios/bytes-per-run')).bytesPerRun,
  restart: async () => (await import('./scenarios/restart')).restart,
  ladder: async () => (await import('./scenarios/ladder')).ladder,
  'multistep-saturated': async () => (await import('./scenarios/multistep-saturated')).multistepSaturated,
  'multistep-flow': async () => (await import('./scenarios/multistep-flow')).multistepFlow,
  'multistep-mixed': async () => (await import('./scenarios/multistep-mixed')).multistepMixed,
  'multistep-faults': async () => (await import('./scenarios/multistep-faults')).multistepFaults,
  'multistep-first-run': async () => (await import('./scenarios/multistep-first-run')).multistepFirstRun,
  'noop-baseline': async () => (await import('./scenarios/noop-baseline')).noopBaseline,
  retention: async () => (await import('./scenarios/retention')).retention,
  console: async () => (await import('./scenarios/console')).consoleBench,
  'deep-bodies': async () => (await import('./scenarios/deep-bodies')).deepBodies,
  'deploy-1k': async () => (await import('./scenarios/deploy-1k')).deploy1k,
  'deploy-block': async () => (await import('./scenarios/deploy-block')).deployBlock,
  'api-30k': async () => (await import('./scenarios/api-load')).apiLoad,
  'api-mixed': async () => (await import('./scenarios/api-load')).apiMixed,
  'api-first-result': async () => (await import('./scenarios/api-load')).apiFirstResult,
  'tcp-10k': async () => (await import('./scenarios/socket-load')).tcp10k,
  'dns-10k': async () => (await import('./scenarios/socket-load')).dns10k,
  'heartbeat-50k': async () => (await import('./scenarios/heartbeat')).heartbeatLoad,
  'team-icmp-10k': async () => (await import('./scenarios/team-icmp-10k')).teamIcmp10k,
  'team-failover': async () => (await import('./scenarios/team-failover')).teamFailover,
};

/** bytes-per-run and restart read the data folder icmp-10k leaves. */
const NEEDS_ICMP_RUN: ReadonlySet<ScenarioName> = new Set(['bytes-per-run', 'restart']);

function commandLine(): string {
  const env = Object.entries(process.env)
    .filter(([key]) => key.startsWith('BENCH_'))
    .map(([key, value]) => `${key}=${value}`);
  const command = process.env.npm_lifecycle_event === 'bench' ? 'npm run bench' : `npx tsx ${process.argv.slice(1).map((a) => a.replace(`${process.cwd()}/`, '')).join(' ')}`;
  return [...env, command].join(' ');
}

async function main(): Promise<void> {
  const options = resolveOptions();
  installCleanup();
  keepTempDirs(options.keepDirs);
  const selected = new Set(options.only);
  if ([...selected].some((name) => NEEDS_ICMP_RUN.has(name)) && !selected.has('icmp-10k')) {
    console.log('bytes-per-run and restart measure the data folder of icmp-10k: running icmp-10k first.');
    selected.add('icmp-10k');
  }
  const order = SCENARIOS.filter((name) => selected.has(name));
  const command = commandLine();
  console.log(`Sightline benchmarks${options.quick ? ' — BENCH_QUICK smoke run (small numbers; not the targets)' : ''}: ${order.join(', ')}`);
  const ctx: ScenarioContext = { options, icmpRun: null };
  const reports: ScenarioReport[] = [];
  for (const name of order) {
    const started = Date.now();
    const report: ScenarioReport = { name, title: name, description: '', rows: [], tables: [], notes: [], quick: options.quick, date: new Date().toISOString(), command, seconds: 0 };
    try {
      const scenario = await LOADERS[name]();
      report.title = scenario.title;
      report.description = scenario.description(options);
      console.log(`\n--- ${name}: ${scenario.title}`);
      const outcome = await scenario.run(ctx);
      Object.assign(report, { rows: outcome.rows, tables: outcome.tables ?? [], notes: outcome.notes ?? [], skipped: outcome.skipped });
    } catch (error) {
      report.error = (error as Error).stack ?? String(error);
      console.error(`${name} failed: ${report.error}`);
    }
    report.seconds = (Date.now() - started) / 1000;
    printReport(report);
    reports.push(report);
    // The icmp-10k folder is kept only as long as a later scenario still reads it.
    const stillNeeded = order.slice(order.indexOf(name) + 1).some((later) => NEEDS_ICMP_RUN.has(later));
    if (ctx.icmpRun && !stillNeeded) {
      removeTempDir(ctx.icmpRun.dataDir);
      ctx.icmpRun = null;
    }
  }
  const file = options.resultsFile ?? join(fileURLToPath(new URL('.', import.meta.url)), 'RESULTS.md');
  writeResults(file, reports, describeMachine());
  console.log(`\nWrote ${file}`);
  const missed = reports.flatMap((r) => r.rows.filter((row) => row.met === false).map((row) => `${r.name}: ${row.figure} = ${row.value} (target ${row.target})`));
  const failed = reports.filter((r) => r.error).map((r) => r.name);
  if (missed.length) console.log(`Targets missed:\n  ${missed.join('\n  ')}`);
  if (failed.length) console.log(`Scenarios that failed: ${failed.join(', ')}`);
  process.exitCode = failed.length ? 1 : 0;
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(cleanUpNow);
