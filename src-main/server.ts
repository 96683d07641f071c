import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { boundHeapGrowth } from './core/heap';
import { SealingKeyRefused } from './core/keyring';
import { lockDataDir } from './db/data-dir-lock';
import { LockHeldError } from './db/process-lock';
import { lockAgent } from './db/agent-lock';
import { claimTempRoot } from './db/temp-folders';
import {
  apiKeyProblem,
  DEFAULT_AUTH_FAILURES_PER_MINUTE,
  DEFAULT_HOST,
  DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
  DEFAULT_NOTIFICATION_RETENTION_DAYS,
  DEFAULT_PORT,
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  DEFAULT_RAW_RETENTION_DAYS,
  DEFAULT_ROLLUP_RETENTION_DAYS,
  LANE_SETTINGS,
  parseLaneCapacity,
  parseMaxChecks,
  parseMaxConnections,
  parseHealthPort,
  parseMultiStepMemoryMb,
  parseFailoverDelay,
  parseDatabaseUrl,
  canariesOf,
  parsePublicHosts,
  parseRateLimit,
  parseRetentionDays,
  parsePublicUrl,
  publicUrlText,
  resolveConfig,
  thresholdOptions,
  thresholdsOf,
  type Config,
} from './core/config';
import { LANE_OPTIONS, LANE_SYNOPSIS_TOKENS, laneFlagValue, serveLaneUsage } from './core/lane-usage';
import { AGENT_USAGE, agentCommand, OWN_STATE_USAGE } from './agent/agent-cli';
import { DEFAULT_DRAIN_TIMEOUT_MS, exitGracefullyOnSignals, parseDrainTimeout, SHUTDOWN_MARGIN_MS, shutDownGracefully } from './agent/graceful-shutdown';
import { DEFAULT_AGENT_HEALTH_HOST, startAgentProbes } from './agent/health-server';
import { DEFAULT_MULTISTEP_MEMORY_MB, MIN_MULTISTEP_MEMORY_MB } from '../src-shared/rules/multistep-memory';
import { DEFAULT_FAILOVER_DELAY_SECONDS, MIN_FAILOVER_DELAY_SECONDS } from '../src-shared/rules/cluster';
import { DB_COPY_USAGE, dbCommand } from './db-copy-cli';

const USAGE = `Usage:
  sightline serve [--host HOST] [--port PORT] [--data-dir DIR] [--secret-key-file PATH] [--api-key KEY]
                  [--public-host NAME[,NAME]] [--public-url URL] [--max-checks N|unlimited] [--rate-limit N]
                  [--auth-failure-limit N] [--max-connections-per-address N] [--no-console-build]
                  [--retention-days N] [--rollup-retention-days N] [--notification-retention-days N]
                  [--agent-health-port P] [--agent-health-host HOST] [--drain-timeout SECONDS]
                  [--no-scheduler] ${LANE_SYNOPSIS_TOKENS.join(' ')}
                  [--multistep-memory-mb MB] [--canary HOST]... [--no-canary]
                  [--canary-interval SECONDS] [--canary-failed-rounds N] [--suspend-threshold SECONDS]
                  [--clock-step-threshold SECONDS] [--agent-unreachable-after SECONDS]
                  [--failover-delay SECONDS] [--database postgres://…]

  serve   run the monitoring backend headless: REST API (/v1, /v2), tRPC (/trpc),
          API reference (/docs, /openapi.json) and the console (/).
          --host      address to listen on (default ${DEFAULT_HOST})
          --port      port (default ${DEFAULT_PORT}; 0 picks a free one)
          --data-dir  where the SQLite database lives (default: the per-user app-data folder);
                      one process per folder: a second one exits 1 naming the first
          --secret-key-file  the file with the key that seals stored secrets (and keys API-key
                      hashes), created with mode 0600 when missing; every server of one database
                      needs the same file. A file that is not the key the data was sealed with
                      is refused at start (default: secret.key in the data folder; also env
                      SIGHTLINE_SECRET_KEY_FILE)
          --api-key   make KEY (at least 24 characters) a valid owner key (also env SIGHTLINE_API_KEY)
          --public-host  host names clients use to reach this server (e.g. behind TLS or for
                      remote agents), comma-separated or repeated; requests naming any other
                      Host than these, loopback, --host or (with --host 0.0.0.0/::) the
                      machine's addresses answer 421 (also env SIGHTLINE_PUBLIC_HOSTS)
          --public-url  the http(s) address people open the console at, e.g. behind TLS;
                      links in alerts and the API point there and its host is accepted
                      (default: the address the server listens on; also env SIGHTLINE_PUBLIC_URL)
          --max-checks  set the plan limit: at most N checks, or "unlimited" (also env
                      SIGHTLINE_MAX_CHECKS; without it the stored plan is kept)
          --rate-limit  REST and tRPC requests per minute per API key (default ${DEFAULT_RATE_LIMIT_PER_MINUTE};
                      also env SIGHTLINE_RATE_LIMIT)
          --auth-failure-limit  failed authentications per minute per client address before
                      it gets 429s (default ${DEFAULT_AUTH_FAILURES_PER_MINUTE}; also env SIGHTLINE_AUTH_FAILURE_LIMIT)
          --max-connections-per-address  open connections one client address may hold; more
                      are closed at once (default ${DEFAULT_MAX_CONNECTIONS_PER_ADDRESS}; raise it behind a reverse proxy,
                      whose address all clients share; also env SIGHTLINE_MAX_CONNECTIONS_PER_ADDRESS)
          --retention-days  days raw results and sessions are kept (default ${DEFAULT_RAW_RETENTION_DAYS};
                      also env SIGHTLINE_RETENTION_DAYS); hourly rollups keep the history
          --rollup-retention-days  days hourly rollups (uptime, long-range charts) are kept
                      (default ${DEFAULT_ROLLUP_RETENTION_DAYS}; also env SIGHTLINE_ROLLUP_RETENTION_DAYS)
          --notification-retention-days  days alerts and sent notifications are kept
                      (default ${DEFAULT_NOTIFICATION_RETENTION_DAYS}; also env SIGHTLINE_NOTIFICATION_RETENTION_DAYS)
          --agent-health-port  the embedded agent's probes /-/readiness, /-/liveness, /health
                      (default AGENT_HEALTH_PORT or 8081; 0 picks a free one; a taken port is
                      a warning, not an error)
          --agent-health-host  address of the probes (default ${DEFAULT_AGENT_HEALTH_HOST})
          --drain-timeout  on SIGTERM, how long running checks may finish (default ${DEFAULT_DRAIN_TIMEOUT_MS / 1000});
                      the process is gone at most ${SHUTDOWN_MARGIN_MS / 1000} s later, whatever clients are connected
          --no-scheduler  run checks only on demand (Run now, the trigger API), never on schedule
${serveLaneUsage()}
          --multistep-memory-mb  memory limit of each process of a multi-step run, in MB
                      (default ${DEFAULT_MULTISTEP_MEMORY_MB}, at least ${MIN_MULTISTEP_MEMORY_MB}; also env SIGHTLINE_MULTISTEP_MEMORY_MB);
                      going over it fails the run with a "memory limit" error
          --canary    a host the embedded agent pings to know its own network is up; repeat
                      for several (default: the machine's default gateways and DNS servers;
                      also env SIGHTLINE_CANARIES, comma-separated). While none answers (and
                      while no interface is up or the default route is gone) the agent is
                      offline: its runs are skipped as "agent offline" and nothing alerts
          --no-canary  do not check the agent's own connectivity (SIGHTLINE_CANARIES=off)
${OWN_STATE_USAGE}
          --agent-unreachable-after  a remote agent the server has not heard from (lease request
                      or heartbeat) this long is unreachable: one notice, and its location's
                      runs are recorded as not run because of it (default three heartbeat
                      intervals, 30; also env SIGHTLINE_AGENT_UNREACHABLE_AFTER)
          --database  team mode: keep everything in this PostgreSQL (15 or newer) instead of
                      SQLite in the data folder; several servers share one database, each
                      with its own --data-dir. Needs --secret-key-file, the same file on every
                      server (also env SIGHTLINE_DATABASE_URL)
          --failover-delay  team mode: seconds the leader's lease must be stale, by the
                      database clock, before a standby takes over (default ${DEFAULT_FAILOVER_DELAY_SECONDS}, at least
                      ${MIN_FAILOVER_DELAY_SECONDS}; also env SIGHTLINE_FAILOVER_DELAY). One SQLite server is the leader of
                      a one-node cluster: there it only shows in /health's cluster

${AGENT_USAGE}
${DB_COPY_USAGE}
`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function parsePort(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be an integer between 0 and 65535, got "${value}"`);
  return port;
}

/** The parsers answer a message string for a bad value. */
function orFail<T>(parsed: T | string): T {
  if (typeof parsed === 'string') fail(parsed);
  return parsed;
}

async function serve(argv: string[]): Promise<void> {
  boundHeapGrowth();
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        'data-dir': { type: 'string' },
        'secret-key-file': { type: 'string' },
        'api-key': { type: 'string' },
        'max-checks': { type: 'string' },
        'rate-limit': { type: 'string' },
        'auth-failure-limit': { type: 'string' },
        'max-connections-per-address': { type: 'string' },
        'public-host': { type: 'string', multiple: true },
        'public-url': { type: 'string' },
        'retention-days': { type: 'string' },
        'rollup-retention-days': { type: 'string' },
        'notification-retention-days': { type: 'string' },
        'no-console-build': { type: 'boolean' },
        'agent-health-port': { type: 'string' },
        'agent-health-host': { type: 'string' },
        'drain-timeout': { type: 'string' },
        'no-scheduler': { type: 'boolean' },
        ...LANE_OPTIONS,
        'multistep-memory-mb': { type: 'string' },
        canary: { type: 'string', multiple: true },
        'no-canary': { type: 'boolean' },
        'failover-delay': { type: 'string' },
        database: { type: 'string' },
        ...thresholdOptions(false),
      },
      strict: true,
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values['api-key'] !== undefined) {
    const problem = apiKeyProblem(values['api-key'], '--api-key');
    if (problem) fail(problem);
  }
  const overrides: Partial<Config> = { host: values.host, port: parsePort(values.port), dataDir: values['data-dir'], apiKey: values['api-key'] };
  if (values['secret-key-file'] !== undefined) {
    if (values['secret-key-file'].trim() === '') fail('--secret-key-file needs the path of a key file');
    overrides.secretKeyFile = resolve(values['secret-key-file']);
  }
  if (values['public-host'] !== undefined) overrides.publicHosts = values['public-host'].flatMap((value) => orFail(parsePublicHosts(value, '--public-host')));
  if (values['public-url'] !== undefined) overrides.publicUrl = publicUrlText(orFail(parsePublicUrl(values['public-url'], '--public-url')));
  if (values['auth-failure-limit'] !== undefined) overrides.authFailuresPerMinute = orFail(parseRateLimit(values['auth-failure-limit'], '--auth-failure-limit'));
  if (values['max-connections-per-address'] !== undefined) {
    overrides.maxConnectionsPerAddress = orFail(parseMaxConnections(values['max-connections-per-address'], '--max-connections-per-address'));
  }
  if (values['max-checks'] !== undefined) overrides.maxChecks = orFail(parseMaxChecks(values['max-checks'], '--max-checks'));
  if (values['rate-limit'] !== undefined) overrides.rateLimitPerMinute = orFail(parseRateLimit(values['rate-limit'], '--rate-limit'));
  if (values['retention-days'] !== undefined) overrides.rawRetentionDays = orFail(parseRetentionDays(values['retention-days'], '--retention-days'));
  if (values['rollup-retention-days'] !== undefined) overrides.rollupRetentionDays = orFail(parseRetentionDays(values['rollup-retention-days'], '--rollup-retention-days'));
  if (values['notification-retention-days'] !== undefined) {
    overrides.notificationRetentionDays = orFail(parseRetentionDays(values['notification-retention-days'], '--notification-retention-days'));
  }
  const lanes: Config['lanes'] = {};
  for (const { lane, flag } of LANE_SETTINGS) {
    const value = laneFlagValue(values, flag);
    if (value !== undefined) lanes[lane] = orFail(parseLaneCapacity(value, flag));
  }
  overrides.lanes = lanes;
  if (values['multistep-memory-mb'] !== undefined) overrides.multiStepMemoryMb = orFail(parseMultiStepMemoryMb(values['multistep-memory-mb'], '--multistep-memory-mb'));
  if (values['agent-health-port'] !== undefined) overrides.agentHealthPort = orFail(parseHealthPort(values['agent-health-port'], '--agent-health-port'));
  if (values['failover-delay'] !== undefined) overrides.failoverDelaySeconds = orFail(parseFailoverDelay(values['failover-delay'], '--failover-delay'));
  if (values.database !== undefined) overrides.databaseUrl = orFail(parseDatabaseUrl(values.database, '--database')).url;
  const canaries = orFail(canariesOf(values.canary, values['no-canary'])).setting;
  if (canaries) overrides.canaries = canaries;
  overrides.thresholds = orFail(thresholdsOf(values, {}, false));
  const drainTimeoutMs = values['drain-timeout'] === undefined ? DEFAULT_DRAIN_TIMEOUT_MS : orFail(parseDrainTimeout(values['drain-timeout'], '--drain-timeout'));
  let config: Config;
  try {
    config = resolveConfig(overrides);
  } catch (error) {
    fail((error as Error).message);
  }
  for (const ignored of config.ignoredSettings) process.stderr.write(`Warning: ${ignored}\n`);
  if (config.databaseUrl !== null && config.secretKeyFile === null) {
    fail(
      `${values.database !== undefined ? '--database' : 'SIGHTLINE_DATABASE_URL'} needs --secret-key-file (or SIGHTLINE_SECRET_KEY_FILE): ` +
        'every server of one database seals and reads secrets with the same key file, which is never stored in the database',
    );
  }
  // The lock comes before loading the backend's modules, so a second process on the folder is refused within a second.
  const dataDirLock = lockDataDir(config.dataDir, 'sightline serve');
  const [{ boot }, { ensureConsoleBuilt }] = await Promise.all([import('./boot'), import('./core/console-build')]);
  if (config.rendererDir && !values['no-console-build']) {
    await ensureConsoleBuilt(config.rendererDir, (line) => process.stderr.write(`${line}\n`));
  }
  const backend = await boot(config, { drainTimeoutMs, startScheduler: !values['no-scheduler'], dataDirLock });
  if (backend.createdKey) {
    process.stdout.write(
      `Created account ${backend.accountId} in ${config.dataDir}\n` +
        `Owner API key (shown once, only its hash is stored — keep it now): ${backend.createdKey}\n`,
    );
  }
  process.stdout.write(`Sightline API listening on ${backend.url}\n`);
  const health = await startAgentProbes({ port: config.agentHealthPort, host: values['agent-health-host'] ?? DEFAULT_AGENT_HEALTH_HOST, logger: backend.deps.logger, health: backend.probeHealth });

  const limitSeconds = (drainTimeoutMs + SHUTDOWN_MARGIN_MS) / 1000;
  exitGracefullyOnSignals(
    async (reason) => {
      backend.deps.logger.info({ reason }, 'shutting down');
      await shutDownGracefully({ health, drain: () => backend.close() });
    },
    (error) => process.stderr.write(`Shutdown failed: ${error.message}\n`),
    {
      deadlineMs: drainTimeoutMs + SHUTDOWN_MARGIN_MS,
      onOverdue: () => process.stderr.write(`Shutdown did not finish within ${limitSeconds} s (the drain timeout + ${SHUTDOWN_MARGIN_MS / 1000} s) while ${backend.shutdownStep}: exiting anyway\n`),
    },
  );
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  // `sightline serve --help`, `sightline agent -h`: the usage, not an unknown-option error.
  if ((command === 'serve' || command === 'agent' || command === 'db') && rest.some((arg) => arg === '--help' || arg === '-h')) {
    process.stdout.write(USAGE);
    return;
  }
  switch (command) {
    case 'serve':
      return serve(rest);
    case 'agent':
      return agentCommand(rest, fail, lockAgent, () => claimTempRoot());
    case 'db':
      return dbCommand(rest, fail);
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(USAGE);
      return;
    default:
      fail(`Unknown command "${command}"`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  if (error instanceof LockHeldError || error instanceof SealingKeyRefused) process.stderr.write(`${error.message}\n`);
  else if (code === 'EADDRINUSE') process.stderr.write(`Cannot listen: the address is already in use (${(error as Error).message}). Pick another --port.\n`);
  else process.stderr.write(`Sightline failed to start: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
