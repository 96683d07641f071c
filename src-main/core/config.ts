import { isIP } from 'node:net';
import { homedir } from 'node:os';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANE_FLAGS_TEXT, LANES, type LaneName } from '../../src-shared/rules/lanes';
import { RUN_TYPES } from '../../src-shared/schemas/run-job';
import { DEFAULT_MULTISTEP_MEMORY_MB, MIN_MULTISTEP_MEMORY_MB } from '../../src-shared/rules/multistep-memory';
import { DEFAULT_FAILOVER_DELAY_SECONDS, MAX_FAILOVER_DELAY_SECONDS, MIN_FAILOVER_DELAY_SECONDS } from '../../src-shared/rules/cluster';

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  /**
   * The file holding the key that seals secrets (--secret-key-file or SIGHTLINE_SECRET_KEY_FILE),
   * absolute; created (mode 0600) when missing. Null: `secret.key` in the data folder.
   */
  secretKeyFile: string | null;
  /** Made a valid owner key of the account at start (CLI --api-key or SIGHTLINE_API_KEY). */
  apiKey: string | null;
  /** The built console served at "/"; null when the process serves no console (Electron loads it from disk). */
  rendererDir: string | null;
  migrationsDir: string;
  logLevel: string;
  /** Requests per minute per API key over REST and tRPC together (DESIGN.md: 600 per 60 s); --rate-limit or SIGHTLINE_RATE_LIMIT. */
  rateLimitPerMinute: number;
  /** Failed authentications per minute per client address before it gets 429s (--auth-failure-limit or SIGHTLINE_AUTH_FAILURE_LIMIT). */
  authFailuresPerMinute: number;
  /** Open connections one client address may hold at once (--max-connections-per-address or SIGHTLINE_MAX_CONNECTIONS_PER_ADDRESS). */
  maxConnectionsPerAddress: number;
  /**
   * Host names (or addresses) the server answers to besides loopback and --host, e.g. the name a
   * team uses behind TLS (--public-host or SIGHTLINE_PUBLIC_HOSTS, comma-separated).
   */
  publicHosts: string[];
  /**
   * Where people reach the console, e.g. https://sightline.example.com behind TLS (--public-url or
   * SIGHTLINE_PUBLIC_URL); alert and API links use it. Null: the address the server listens on.
   */
  publicUrl: string | null;
  /** Days raw results, sessions and result details are kept (--retention-days or SIGHTLINE_RETENTION_DAYS). */
  rawRetentionDays: number;
  /** Days hourly rollups are kept (--rollup-retention-days or SIGHTLINE_ROLLUP_RETENTION_DAYS). */
  rollupRetentionDays: number;
  /** Days alert events and delivered notifications are kept (--notification-retention-days or SIGHTLINE_NOTIFICATION_RETENTION_DAYS). */
  notificationRetentionDays: number;
  /**
   * Plan limit applied at start (--max-checks or SIGHTLINE_MAX_CHECKS): a number, null for
   * unlimited, undefined to keep the stored plan.
   */
  maxChecks?: number | null;
  /** Runs at once per lane (--lane-{segment} or SIGHTLINE_LANE_{SEGMENT} of each check type); missing lanes get the defaults. */
  lanes: Partial<Record<LaneName, number>>;
  /** Memory limit of each process of a multi-step run, in MB (--multistep-memory-mb or SIGHTLINE_MULTISTEP_MEMORY_MB; default 512). */
  multiStepMemoryMb: number;
  /** Port of the embedded agent's health probes (--agent-health-port or AGENT_HEALTH_PORT; default 8081; 0 picks a free one). */
  agentHealthPort: number;
  /**
   * The embedded agent's canaries (--canary HOST, repeatable; --no-canary; or SIGHTLINE_CANARIES):
   * `auto` probes the default gateways and DNS servers of the machine, `off` checks nothing.
   * Undefined when none of those is given: the console's Settings decide, else `auto`.
   */
  canaries?: CanarySetting;
  /** Own-state thresholds (issue 36); undefined: the defaults of each part. */
  thresholds: OwnStateThresholds;
  /**
   * Seconds the leader lease must be stale (by the database clock) before a standby takes over
   * (--failover-delay or SIGHTLINE_FAILOVER_DELAY; default 15, at least 5). One SQLite server is
   * the leader of a one-node cluster: there it only shows in /health's cluster.
   */
  failoverDelaySeconds: number;
  /**
   * Team mode's PostgreSQL (--database or SIGHTLINE_DATABASE_URL, `postgres://…`); null: SQLite in
   * the data folder.
   */
  databaseUrl: string | null;
  /** Settings that were given but are no longer read, worded as warnings for the entry point to print. */
  ignoredSettings: string[];
}

import type { CanarySetting } from '../../src-shared/schemas/agent-canaries';
export type { CanarySetting };

/**
 * The thresholds of Sightline's guards around its own state (issue 36), each a flag of `serve`
 * (and of `agent`, except the remote-agent limit, which only the server applies) and an
 * environment variable. Undefined: the part's own default.
 */
export interface OwnStateThresholds {
  /** A remote agent silent this long is unreachable (--agent-unreachable-after; default three heartbeat intervals, 30 s). */
  agentUnreachableAfterMs?: number;
  /** How often the canaries are probed (--canary-interval; default 5 s). */
  canaryIntervalMs?: number;
  /** Rounds in a row in which no used canary answers before the agent counts itself offline (--canary-failed-rounds; default 2). */
  canaryFailedRounds?: number;
  /** A clock sample this much late is a suspension (--suspend-threshold; default 5 s). */
  suspendThresholdMs?: number;
  /** The wall clock moving this much against the monotonic one is a step (--clock-step-threshold; default 2 s). */
  clockStepThresholdMs?: number;
}

/** One threshold: its key, flag, environment variable, parser and what --help says. */
export interface ThresholdSetting {
  key: keyof OwnStateThresholds;
  flag: string;
  env: string;
  parse: (value: string, name: string) => number | string;
  /** Remote agents take it too. */
  agent: boolean;
}

/** "N" or "N.N" seconds within [min, max] → milliseconds; anything else → an error message naming the setting. */
export function parseSecondsSetting(value: string, name: string, min: number, max: number): number | string {
  const text = value.trim();
  const n = Number(text);
  if (!/^\d+(\.\d{1,3})?$/.test(text) || n < min || n > max) return `${name} must be a number of seconds between ${min} and ${max}, got "${value}"`;
  return Math.round(n * 1000);
}

/** "N" (integer min..max) → N; anything else → an error message naming the setting. */
export function parseWholeSetting(value: string, name: string, min: number, max: number, unit: string): number | string {
  const text = value.trim();
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < min || n > max) return `${name} must be a whole number of ${unit} between ${min} and ${max}, got "${value}"`;
  return n;
}

export const THRESHOLD_SETTINGS: readonly ThresholdSetting[] = [
  { key: 'agentUnreachableAfterMs', flag: '--agent-unreachable-after', env: 'SIGHTLINE_AGENT_UNREACHABLE_AFTER', parse: (v, n) => parseSecondsSetting(v, n, 1, 86_400), agent: false },
  { key: 'canaryIntervalMs', flag: '--canary-interval', env: 'SIGHTLINE_CANARY_INTERVAL', parse: (v, n) => parseSecondsSetting(v, n, 0.5, 3600), agent: true },
  { key: 'canaryFailedRounds', flag: '--canary-failed-rounds', env: 'SIGHTLINE_CANARY_FAILED_ROUNDS', parse: (v, n) => parseWholeSetting(v, n, 1, 100, 'rounds'), agent: true },
  { key: 'suspendThresholdMs', flag: '--suspend-threshold', env: 'SIGHTLINE_SUSPEND_THRESHOLD', parse: (v, n) => parseSecondsSetting(v, n, 1, 3600), agent: true },
  { key: 'clockStepThresholdMs', flag: '--clock-step-threshold', env: 'SIGHTLINE_CLOCK_STEP_THRESHOLD', parse: (v, n) => parseSecondsSetting(v, n, 1, 3600), agent: true },
];

/** parseArgs options of the thresholds (`agent`: only those remote agents take). */
export function thresholdOptions(agent: boolean): Record<string, { type: 'string' }> {
  return Object.fromEntries(THRESHOLD_SETTINGS.filter((s) => !agent || s.agent).map((s) => [s.flag.slice(2), { type: 'string' as const }]));
}

/**
 * The thresholds from flags (parseArgs values), else the environment; an error message naming the
 * flag or variable of the first bad value.
 */
export function thresholdsOf(values: Record<string, unknown>, env: NodeJS.ProcessEnv, agent: boolean): OwnStateThresholds | string {
  const thresholds: OwnStateThresholds = {};
  for (const setting of THRESHOLD_SETTINGS) {
    if (agent && !setting.agent) continue;
    const flagged = values[setting.flag.slice(2)];
    const [value, name] = typeof flagged === 'string' ? [flagged, setting.flag] : [env[setting.env], setting.env];
    if (value === undefined || value === '') continue;
    const parsed = setting.parse(value, name);
    if (typeof parsed === 'string') return parsed;
    thresholds[setting.key] = parsed;
  }
  return thresholds;
}

/** "off", or canaries separated by commas (SIGHTLINE_CANARIES); boxed, since a bare string is an error message. */
export function parseCanaries(value: string, name: string): { setting: CanarySetting } | string {
  if (value.trim().toLowerCase() === 'off') return { setting: 'off' };
  const hosts: string[] = [];
  for (const part of value.split(',')) {
    if (part.trim() === '') continue;
    const problem = canaryProblem(part, name);
    if (problem) return problem;
    hosts.push(part.trim());
  }
  return { setting: hosts.length === 0 ? 'auto' : hosts };
}

/** --canary HOST (repeatable) and --no-canary → the setting (undefined: neither given); an error message for a bad host or both. */
export function canariesOf(hosts: string[] | undefined, none: boolean | undefined): { setting?: CanarySetting } | string {
  if (none && hosts?.length) return '--canary and --no-canary cannot be given together';
  if (none) return { setting: 'off' };
  if (!hosts?.length) return {};
  for (const host of hosts) {
    const problem = canaryProblem(host, '--canary');
    if (problem) return problem;
  }
  return { setting: hosts.map((host) => host.trim()) };
}

/** The message for a value that is no canary (a host name or IP address to ping), or null. */
export function canaryProblem(value: string, name: string): string | null {
  const host = value.trim();
  return isIP(host) === 0 && !HOST_NAME.test(host) ? `${name} takes a host name or IP address to ping (e.g. 192.168.1.1), got "${value}"` : null;
}

/** The settings of each lane's capacity: CLI flag and environment variable. */
export const LANE_SETTINGS: readonly { lane: LaneName; flag: string; env: string }[] = LANES.map((lane) => ({ lane, flag: RUN_TYPES[lane].laneFlag, env: RUN_TYPES[lane].laneEnv }));

/** "N" (integer 1..100000) → N; anything else → an error message naming the setting. */
export function parseLaneCapacity(value: string, name: string): number | string {
  const n = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < 1 || n > 100_000) return `${name} must be a whole number of runs at once between 1 and 100000, got "${value}"`;
  return n;
}

/** "N" (integer MIN_MULTISTEP_MEMORY_MB..1048576) → N; anything else → an error message naming the setting. */
export function parseMultiStepMemoryMb(value: string, name: string): number | string {
  const n = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < MIN_MULTISTEP_MEMORY_MB || n > 1_048_576) {
    return `${name} must be a whole number of megabytes between ${MIN_MULTISTEP_MEMORY_MB} and 1048576, got "${value}"`;
  }
  return n;
}

/** A PostgreSQL connection string (`postgres://` or `postgresql://`) → itself; anything else → an error message naming the setting. */
export function parseDatabaseUrl(value: string, name: string): { url: string } | string {
  const url = value.trim();
  if (!/^postgres(ql)?:\/\/./i.test(url)) return `${name} must be a PostgreSQL connection string (postgres://user:password@host:5432/database), got "${value.replace(/:[^:@/]*@/, ':***@')}"`;
  return { url };
}

/** "N" (whole seconds MIN_FAILOVER_DELAY_SECONDS..MAX_FAILOVER_DELAY_SECONDS) → N; anything else → an error message naming the setting. */
export function parseFailoverDelay(value: string, name: string): number | string {
  const n = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < MIN_FAILOVER_DELAY_SECONDS || n > MAX_FAILOVER_DELAY_SECONDS) {
    return `${name} must be a whole number of seconds between ${MIN_FAILOVER_DELAY_SECONDS} and ${MAX_FAILOVER_DELAY_SECONDS}, got "${value}"`;
  }
  return n;
}

function thresholdsFromEnv(env: NodeJS.ProcessEnv): OwnStateThresholds {
  const thresholds = thresholdsOf({}, env, false);
  if (typeof thresholds === 'string') throw new Error(thresholds);
  return thresholds;
}

function lanesFromEnv(env: NodeJS.ProcessEnv): Partial<Record<LaneName, number>> {
  const lanes: Partial<Record<LaneName, number>> = {};
  for (const { lane, env: name } of LANE_SETTINGS) {
    const value = fromEnv(env[name], name, parseLaneCapacity);
    if (value !== undefined) lanes[lane] = value;
  }
  return lanes;
}

export const DEFAULT_RATE_LIMIT_PER_MINUTE = 600;
export const DEFAULT_AUTH_FAILURES_PER_MINUTE = 20;
/** A browser opens at most 6 connections per server, a CLI or agent a few; a reverse proxy in front needs more (docs/DECISIONS.md). */
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 64;

/** A chosen owner key must resist guessing: a generated key has 40 random characters. */
export const MIN_API_KEY_LENGTH = 24;

/** Why KEY cannot be an owner key (an error message naming the setting), or null when it can. */
export function apiKeyProblem(value: string, name: string): string | null {
  if (value.length < MIN_API_KEY_LENGTH) return `${name} must be at least ${MIN_API_KEY_LENGTH} characters (got ${value.length}); generate one with: openssl rand -hex 20`;
  // The bearer token of an Authorization header cannot hold whitespace, so such a key could never be sent.
  if (/\s/.test(value)) return `${name} must not contain whitespace`;
  return null;
}

function checkedApiKey(value: string | null | undefined, name: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  const problem = apiKeyProblem(value, name);
  if (problem) throw new Error(problem);
  return value;
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;

/** "a.example,b.example" → names in lower case, without a trailing dot or IPv6 brackets; an error message for anything that is not a host. */
export function parsePublicHosts(value: string, name: string): string[] | string {
  const hosts: string[] = [];
  for (const raw of value.split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const bare = entry.startsWith('[') && entry.endsWith(']') ? entry.slice(1, -1) : entry;
    if (isIP(bare) === 0 && !HOST_NAME.test(bare)) {
      return `${name} takes host names or IP addresses separated by commas, without scheme, port or path; got "${entry}"`;
    }
    hosts.push(bare.toLowerCase().replace(/\.$/, ''));
  }
  return hosts;
}

/** An absolute http(s) URL without query, fragment or credentials → the URL; anything else → an error message naming the setting. */
export function parsePublicUrl(value: string, name: string): URL | string {
  const problem = `${name} must be the http:// or https:// address people open the console at (e.g. https://sightline.example.com), got "${value}"`;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return problem;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username || url.password) return problem;
  return url;
}

/** How Config keeps a public URL: as written, without a trailing slash. */
export const publicUrlText = (url: URL): string => url.toString().replace(/\/+$/, '');

/** The host name of a URL accepted by parsePublicUrl, as the Host check compares it (lower case, no IPv6 brackets). */
export function publicUrlHost(publicUrl: string): string {
  return new URL(publicUrl).hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]', '::0']);

/**
 * The base of links Sightline sends when no public URL is set: the address it listens on, except
 * that a wildcard (0.0.0.0, ::) is no address a browser can open — then the machine's first
 * non-loopback IPv4 address (which the Host check accepts on a wildcard listen), else 127.0.0.1.
 */
export function listenLinkBase(host: string, port: number, interfaceAddresses: { address: string; family: string; internal: boolean }[]): string {
  let linkHost = host.trim();
  if (WILDCARD_HOSTS.has(linkHost)) linkHost = interfaceAddresses.find((entry) => entry.family === 'IPv4' && !entry.internal)?.address ?? '127.0.0.1';
  return `http://${linkHost.includes(':') && !linkHost.startsWith('[') ? `[${linkHost}]` : linkHost}:${port}`;
}

/** "N" (integer ≥ 1) → N; anything else → an error message naming the setting. */
export function parseRateLimit(value: string, name: string): number | string {
  const n = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < 1) return `${name} must be a whole number of requests per minute (at least 1), got "${value}"`;
  return n;
}

/** "N" (integer 1..1000000) → N; anything else → an error message naming the setting. */
export function parseMaxConnections(value: string, name: string): number | string {
  const n = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < 1 || n > 1_000_000) return `${name} must be a whole number of connections between 1 and 1000000, got "${value}"`;
  return n;
}

/** "N" (integer ≥ 0) → N, "unlimited" → null; anything else → an error message naming the setting. */
export function parseMaxChecks(value: string, name: string): number | null | string {
  const text = value.trim().toLowerCase();
  if (text === 'unlimited') return null;
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n)) return `${name} must be a whole number of checks (0 or more) or "unlimited", got "${value}"`;
  return n;
}

export const DEFAULT_AGENT_HEALTH_PORT = 8081;

/** "8081" → 8081 (0 picks a free port); anything else → an error message naming the setting. */
export function parseHealthPort(value: string, name: string): number | string {
  const port = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || port > 65535) return `${name} must be an integer between 0 and 65535, got "${value}"`;
  return port;
}

function ignoredSettingsOf(env: NodeJS.ProcessEnv): string[] {
  const ignored: string[] = [];
  if (env.JOB_CONCURRENCY) ignored.push(`JOB_CONCURRENCY is no longer read: each check type has its own lane (${LANE_FLAGS_TEXT}).`);
  return ignored;
}

export const DEFAULT_RAW_RETENTION_DAYS = 30;
export const DEFAULT_ROLLUP_RETENTION_DAYS = 400;
export const DEFAULT_NOTIFICATION_RETENTION_DAYS = 30;

/** "N" (integer ≥ 1) → N; anything else → an error message naming the setting. */
export function parseRetentionDays(value: string, name: string): number | string {
  const n = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < 1) return `${name} must be a whole number of days (at least 1), got "${value}"`;
  return n;
}

function fromEnv<T>(value: string | undefined, name: string, parse: (v: string, n: string) => T | string): T | undefined {
  if (value === undefined || value === '') return undefined;
  const parsed = parse(value, name);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
}

function publicUrlFromEnv(env: NodeJS.ProcessEnv): string | null {
  const url = fromEnv(env.SIGHTLINE_PUBLIC_URL, 'SIGHTLINE_PUBLIC_URL', parsePublicUrl);
  return url ? publicUrlText(url) : null;
}

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 4310;

/** The OS's per-user application-data folder. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Sightline');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Sightline');
  return join(env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'sightline');
}

/**
 * The folder holding package.json: two levels above this file in the sources, and two above
 * out/serve/server.mjs when the server runs bundled (bin/server-bundle.mjs) — found, not assumed.
 */
export const PROJECT_ROOT = findProjectRoot(fileURLToPath(new URL('.', import.meta.url)));

function findProjectRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'src-main'))) return dir;
    if (dirname(dir) === dir) return resolve(start, '..', '..');
  }
}

export function resolveConfig(overrides: Partial<Config> = {}, env: NodeJS.ProcessEnv = process.env): Config {
  return {
    host: overrides.host ?? DEFAULT_HOST,
    port: overrides.port ?? DEFAULT_PORT,
    dataDir: resolve(overrides.dataDir ?? env.SIGHTLINE_DATA_DIR ?? defaultDataDir(env)),
    secretKeyFile: overrides.secretKeyFile !== undefined ? overrides.secretKeyFile : env.SIGHTLINE_SECRET_KEY_FILE ? resolve(env.SIGHTLINE_SECRET_KEY_FILE) : null,
    apiKey: overrides.apiKey !== undefined ? checkedApiKey(overrides.apiKey, '--api-key') : checkedApiKey(env.SIGHTLINE_API_KEY, 'SIGHTLINE_API_KEY'),
    rendererDir: overrides.rendererDir === undefined ? join(PROJECT_ROOT, 'out', 'renderer') : overrides.rendererDir,
    migrationsDir: overrides.migrationsDir ?? join(PROJECT_ROOT, 'src-main', 'db', 'migrations'),
    logLevel: overrides.logLevel ?? env.SIGHTLINE_LOG_LEVEL ?? 'warn',
    rateLimitPerMinute: overrides.rateLimitPerMinute ?? fromEnv(env.SIGHTLINE_RATE_LIMIT, 'SIGHTLINE_RATE_LIMIT', parseRateLimit) ?? DEFAULT_RATE_LIMIT_PER_MINUTE,
    authFailuresPerMinute:
      overrides.authFailuresPerMinute ?? fromEnv(env.SIGHTLINE_AUTH_FAILURE_LIMIT, 'SIGHTLINE_AUTH_FAILURE_LIMIT', parseRateLimit) ?? DEFAULT_AUTH_FAILURES_PER_MINUTE,
    maxConnectionsPerAddress:
      overrides.maxConnectionsPerAddress ??
      fromEnv(env.SIGHTLINE_MAX_CONNECTIONS_PER_ADDRESS, 'SIGHTLINE_MAX_CONNECTIONS_PER_ADDRESS', parseMaxConnections) ??
      DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
    publicHosts: overrides.publicHosts ?? fromEnv(env.SIGHTLINE_PUBLIC_HOSTS, 'SIGHTLINE_PUBLIC_HOSTS', parsePublicHosts) ?? [],
    publicUrl: overrides.publicUrl !== undefined ? overrides.publicUrl : publicUrlFromEnv(env),
    rawRetentionDays: overrides.rawRetentionDays ?? fromEnv(env.SIGHTLINE_RETENTION_DAYS, 'SIGHTLINE_RETENTION_DAYS', parseRetentionDays) ?? DEFAULT_RAW_RETENTION_DAYS,
    rollupRetentionDays:
      overrides.rollupRetentionDays ?? fromEnv(env.SIGHTLINE_ROLLUP_RETENTION_DAYS, 'SIGHTLINE_ROLLUP_RETENTION_DAYS', parseRetentionDays) ?? DEFAULT_ROLLUP_RETENTION_DAYS,
    notificationRetentionDays:
      overrides.notificationRetentionDays ??
      fromEnv(env.SIGHTLINE_NOTIFICATION_RETENTION_DAYS, 'SIGHTLINE_NOTIFICATION_RETENTION_DAYS', parseRetentionDays) ??
      DEFAULT_NOTIFICATION_RETENTION_DAYS,
    maxChecks: overrides.maxChecks !== undefined ? overrides.maxChecks : fromEnv(env.SIGHTLINE_MAX_CHECKS, 'SIGHTLINE_MAX_CHECKS', parseMaxChecks),
    lanes: { ...lanesFromEnv(env), ...overrides.lanes },
    multiStepMemoryMb:
      overrides.multiStepMemoryMb ?? fromEnv(env.SIGHTLINE_MULTISTEP_MEMORY_MB, 'SIGHTLINE_MULTISTEP_MEMORY_MB', parseMultiStepMemoryMb) ?? DEFAULT_MULTISTEP_MEMORY_MB,
    agentHealthPort: overrides.agentHealthPort ?? fromEnv(env.AGENT_HEALTH_PORT, 'AGENT_HEALTH_PORT', parseHealthPort) ?? DEFAULT_AGENT_HEALTH_PORT,
    canaries: overrides.canaries ?? fromEnv(env.SIGHTLINE_CANARIES, 'SIGHTLINE_CANARIES', parseCanaries)?.setting,
    thresholds: { ...thresholdsFromEnv(env), ...overrides.thresholds },
    failoverDelaySeconds:
      overrides.failoverDelaySeconds ?? fromEnv(env.SIGHTLINE_FAILOVER_DELAY, 'SIGHTLINE_FAILOVER_DELAY', parseFailoverDelay) ?? DEFAULT_FAILOVER_DELAY_SECONDS,
    databaseUrl: overrides.databaseUrl !== undefined ? overrides.databaseUrl : databaseUrlFromEnv(env),
    ignoredSettings: overrides.ignoredSettings ?? ignoredSettingsOf(env),
  };
}

function databaseUrlFromEnv(env: NodeJS.ProcessEnv): string | null {
  return fromEnv(env.SIGHTLINE_DATABASE_URL, 'SIGHTLINE_DATABASE_URL', parseDatabaseUrl)?.url ?? null;
}
