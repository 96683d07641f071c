/** What `npm run bench` runs and how big, from BENCH_* environment variables, resolved once. */

/** In the order they run: bytes-per-run and restart reuse the data folder of icmp-10k. */
export const SCENARIOS = [
  'icmp-10k',
  'bytes-per-run',
  'restart',
  'ladder',
  'multistep-saturated',
  'multistep-flow',
  'multistep-mixed',
  'multistep-faults',
  'multistep-first-run',
  'noop-baseline',
  'retention',
  'console',
  'deep-bodies',
  'deploy-1k',
  'deploy-block',
  'api-30k',
  'api-mixed',
  'api-first-result',
  'tcp-10k',
  'dns-10k',
  'heartbeat-50k',
  'team-icmp-10k',
  'team-failover',
] as const;
export type ScenarioName = (typeof SCENARIOS)[number];

export interface BenchOptions {
  quick: boolean;
  only: ScenarioName[];
  keepDirs: boolean;
  resultsFile: string | null;
  icmp: { monitors: number; warmupS: number; measureS: number; pingCount: number };
  ladder: { rungs: number[]; warmupS: number; measureS: number };
  restart: { repeats: number };
  multistep: { checks: number; sleepS: number; icmpMonitors: number; warmupS: number; measureS: number };
  /** Issue 19: the two-request flow; `ladder` (BENCH_MSFLOW_LADDER) replaces the single size with rungs. */
  msflow: { checks: number; ladder: number[] | null; warmupS: number; measureS: number };
  msmix: { multiStep: number; icmp: number; warmupS: number; measureS: number };
  msfaults: { healthy: number; warmupS: number; measureS: number };
  msfirst: { versions: number };
  noop: { monitors: number; simulatedMinutes: number };
  retention: { monitors: number; days: number };
  console: { monitors: number; results: number; longHistory: number; repeats: number };
  deepBodies: { burst: number; depth: number; followUp: number; workers: number; baselineS: number };
  /** Issue 22: `checkly deploy` of a generated project, each run on a fresh data folder. */
  deploy: { checks: number; groups: number; runs: number };
  /** Issue 29: what a deploy of thousands costs other requests. */
  deployBlock: { checks: number; runs: number };
  /** Issue 33: API checks at 1 minute; beside ICMP and multi-step; create → first result. */
  api: { checks: number; warmupS: number; measureS: number };
  apiMix: { icmp: number; api: number; multiStep: number; warmupS: number; measureS: number };
  apiFirst: { checks: number };
  /** Issue 34: TCP monitors against listeners on addresses × ports of one local target; DNS monitors against one local DNS server. */
  tcp: { monitors: number; addresses: number; portsPerAddress: number; quiet: number; warmupS: number; measureS: number };
  dns: { monitors: number; silent: number; warmupS: number; measureS: number };
  /** Issue 34: heartbeats pinged once a minute through the ping endpoint; some stop and must fail in time. */
  heartbeat: { monitors: number; missed: number; graceS: number; warmupS: number; measureS: number };
  /** Issue 35: three servers on one PostgreSQL. */
  team: { servers: number; failoverDelayS: number; icmp: number; multiStep: number; failing: number; warmupS: number; measureS: number; killAtS: number };
  teamIcmp: { servers: number; monitors: number; warmupS: number; measureS: number };
}

function num(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return value;
}

function list(env: NodeJS.ProcessEnv, name: string, fallback: number[]): number[] {
  const raw = env[name];
  if (!raw) return fallback;
  const values = raw.split(',').map((part) => Number(part.trim()));
  if (values.some((v) => !Number.isInteger(v) || v <= 0)) throw new Error(`${name} must be a comma-separated list of positive integers, got "${raw}"`);
  return values;
}

function only(env: NodeJS.ProcessEnv): ScenarioName[] {
  if (!env.BENCH_ONLY) return [...SCENARIOS];
  const names = env.BENCH_ONLY.split(',').map((n) => n.trim());
  for (const name of names) {
    if (!(SCENARIOS as readonly string[]).includes(name)) throw new Error(`BENCH_ONLY: unknown scenario "${name}"; one of ${SCENARIOS.join(', ')}`);
  }
  return names as ScenarioName[];
}

/**
 * Full size answers issue 8's targets (about 45 minutes on 2 cores). BENCH_QUICK=1 is a smoke run of
 * every scenario at a few hundred monitors (about 7 minutes): it proves the harness, not the targets.
 */
export function resolveOptions(env: NodeJS.ProcessEnv = process.env): BenchOptions {
  const quick = env.BENCH_QUICK === '1' || env.BENCH_QUICK === 'true';
  return {
    quick,
    only: only(env),
    keepDirs: env.BENCH_KEEP === '1',
    resultsFile: env.BENCH_RESULTS_FILE || null,
    icmp: {
      monitors: num(env, 'BENCH_MONITORS', quick ? 300 : 10_000),
      warmupS: num(env, 'BENCH_WARMUP_S', quick ? 10 : 60),
      measureS: num(env, 'BENCH_MEASURE_S', quick ? 60 : 300),
      pingCount: num(env, 'BENCH_PING_COUNT', 10),
    },
    ladder: {
      rungs: list(env, 'BENCH_LADDER', quick ? [100, 300] : [5_000, 10_000, 20_000, 30_000]),
      warmupS: num(env, 'BENCH_LADDER_WARMUP_S', quick ? 10 : 60),
      measureS: num(env, 'BENCH_LADDER_MEASURE_S', quick ? 30 : 120),
    },
    restart: { repeats: num(env, 'BENCH_RESTARTS', 3) },
    multistep: {
      checks: num(env, 'BENCH_MULTISTEP_CHECKS', quick ? 6 : 4),
      sleepS: num(env, 'BENCH_MULTISTEP_SLEEP_S', quick ? 20 : 40),
      icmpMonitors: num(env, 'BENCH_MULTISTEP_ICMP', quick ? 200 : 1_000),
      warmupS: num(env, 'BENCH_MULTISTEP_WARMUP_S', quick ? 10 : 30),
      measureS: num(env, 'BENCH_MULTISTEP_MEASURE_S', quick ? 120 : 240),
    },
    msflow: {
      checks: num(env, 'BENCH_MSFLOW_CHECKS', quick ? 10 : 30),
      ladder: env.BENCH_MSFLOW_LADDER ? list(env, 'BENCH_MSFLOW_LADDER', []) : null,
      warmupS: num(env, 'BENCH_MSFLOW_WARMUP_S', 60),
      measureS: num(env, 'BENCH_MSFLOW_MEASURE_S', quick ? 60 : 180),
    },
    msmix: {
      multiStep: num(env, 'BENCH_MSMIX_MULTISTEP', quick ? 20 : 1_000),
      icmp: num(env, 'BENCH_MSMIX_ICMP', quick ? 300 : 10_000),
      warmupS: num(env, 'BENCH_MSMIX_WARMUP_S', 60),
      measureS: num(env, 'BENCH_MSMIX_MEASURE_S', quick ? 60 : 180),
    },
    msfaults: {
      healthy: num(env, 'BENCH_MSFAULTS_HEALTHY', quick ? 10 : 200),
      warmupS: num(env, 'BENCH_MSFAULTS_WARMUP_S', 60),
      measureS: num(env, 'BENCH_MSFAULTS_MEASURE_S', quick ? 60 : 180),
    },
    msfirst: { versions: num(env, 'BENCH_MSFIRST_VERSIONS', 5) },
    noop: { monitors: num(env, 'BENCH_NOOP_MONITORS', quick ? 1_000 : 10_000), simulatedMinutes: num(env, 'BENCH_NOOP_MINUTES', quick ? 1 : 3) },
    retention: { monitors: num(env, 'BENCH_RETENTION_MONITORS', quick ? 200 : 10_000), days: num(env, 'BENCH_RETENTION_DAYS', 3) },
    console: {
      monitors: num(env, 'BENCH_CONSOLE_MONITORS', quick ? 500 : 10_000),
      results: num(env, 'BENCH_CONSOLE_RESULTS', quick ? 50_000 : 1_000_000),
      longHistory: num(env, 'BENCH_CONSOLE_LONG', quick ? 2 : 10),
      repeats: num(env, 'BENCH_CONSOLE_REPEATS', quick ? 2 : 5),
    },
    deepBodies: {
      burst: num(env, 'BENCH_DEEP_BURST', 30),
      depth: num(env, 'BENCH_DEEP_DEPTH', 1_000_000),
      followUp: num(env, 'BENCH_DEEP_FOLLOW_UP', 48),
      workers: num(env, 'BENCH_DEEP_WORKERS', 4),
      baselineS: num(env, 'BENCH_DEEP_BASELINE_S', quick ? 2 : 5),
    },
    deploy: {
      checks: num(env, 'BENCH_DEPLOY_CHECKS', quick ? 200 : 1_000),
      groups: num(env, 'BENCH_DEPLOY_GROUPS', 10),
      runs: num(env, 'BENCH_DEPLOY_RUNS', quick ? 1 : 3),
    },
    deployBlock: {
      checks: num(env, 'BENCH_DEPLOY_BLOCK_CHECKS', quick ? 500 : 5_000),
      runs: num(env, 'BENCH_DEPLOY_BLOCK_RUNS', quick ? 1 : 3),
    },
    api: {
      checks: num(env, 'BENCH_API_CHECKS', quick ? 600 : 30_000),
      warmupS: num(env, 'BENCH_API_WARMUP_S', 60),
      measureS: num(env, 'BENCH_API_MEASURE_S', quick ? 60 : 180),
    },
    apiMix: {
      icmp: num(env, 'BENCH_APIMIX_ICMP', quick ? 300 : 10_000),
      api: num(env, 'BENCH_APIMIX_API', quick ? 300 : 10_000),
      multiStep: num(env, 'BENCH_APIMIX_MULTISTEP', quick ? 20 : 1_000),
      warmupS: num(env, 'BENCH_APIMIX_WARMUP_S', 60),
      measureS: num(env, 'BENCH_APIMIX_MEASURE_S', quick ? 60 : 180),
    },
    apiFirst: { checks: num(env, 'BENCH_APIFIRST_CHECKS', 10) },
    tcp: {
      monitors: num(env, 'BENCH_TCP_MONITORS', quick ? 600 : 10_000),
      addresses: Math.max(1, num(env, 'BENCH_TCP_ADDRESSES', 10)),
      portsPerAddress: Math.max(1, num(env, 'BENCH_TCP_PORTS', 10)),
      quiet: num(env, 'BENCH_TCP_QUIET', 0),
      warmupS: num(env, 'BENCH_TCP_WARMUP_S', 60),
      measureS: num(env, 'BENCH_TCP_MEASURE_S', quick ? 60 : 180),
    },
    dns: {
      monitors: num(env, 'BENCH_DNS_MONITORS', quick ? 600 : 10_000),
      silent: num(env, 'BENCH_DNS_SILENT', 0),
      warmupS: num(env, 'BENCH_DNS_WARMUP_S', 60),
      measureS: num(env, 'BENCH_DNS_MEASURE_S', quick ? 60 : 180),
    },
    heartbeat: {
      monitors: num(env, 'BENCH_HB_MONITORS', quick ? 2_000 : 50_000),
      missed: num(env, 'BENCH_HB_MISSED', quick ? 20 : 500),
      graceS: num(env, 'BENCH_HB_GRACE_S', 10),
      // Whole minutes of warm-up: the first minute's pings recover the heartbeats that failed while the rest were being created.
      warmupS: num(env, 'BENCH_HB_WARMUP_S', quick ? 60 : 120),
      measureS: num(env, 'BENCH_HB_MEASURE_S', quick ? 90 : 180),
    },
    team: {
      servers: num(env, 'BENCH_TEAM_SERVERS', 3),
      failoverDelayS: num(env, 'BENCH_TEAM_FAILOVER_DELAY_S', 15),
      icmp: num(env, 'BENCH_TEAM_ICMP', quick ? 300 : 5_000),
      multiStep: num(env, 'BENCH_TEAM_MULTISTEP', quick ? 20 : 300),
      failing: num(env, 'BENCH_TEAM_FAILING', 5),
      warmupS: num(env, 'BENCH_TEAM_WARMUP_S', quick ? 60 : 90),
      measureS: num(env, 'BENCH_TEAM_MEASURE_S', quick ? 120 : 300),
      killAtS: num(env, 'BENCH_TEAM_KILL_AT_S', quick ? 40 : 120),
    },
    teamIcmp: {
      servers: num(env, 'BENCH_TEAMICMP_SERVERS', 3),
      monitors: num(env, 'BENCH_TEAMICMP_MONITORS', quick ? 600 : 10_000),
      warmupS: num(env, 'BENCH_TEAMICMP_WARMUP_S', 60),
      measureS: num(env, 'BENCH_TEAMICMP_MEASURE_S', quick ? 60 : 180),
    },
  };
}
