import type { spawn } from 'node:child_process';

/** The contract between the scheduler and the executors: plain data in, plain data out, no database. */

export const COMPARISONS = [
  'EQUALS',
  'NOT_EQUALS',
  'GREATER_THAN',
  'LESS_THAN',
  'IS_EMPTY',
  'NOT_EMPTY',
  'CONTAINS',
  'NOT_CONTAINS',
  'IS_NULL',
  'NOT_NULL',
] as const;
export type Comparison = (typeof COMPARISONS)[number];

export type IpFamily = 'IPv4' | 'IPv6';

export interface CheckAssertion {
  source: string;
  comparison: Comparison;
  property?: string | null;
  target?: string | null;
  regex?: string | null;
}

export interface AssertionOutcome {
  source: string;
  property: string;
  comparison: Comparison;
  target: string;
  regex: string | null;
  /** The value compared after the property lookup and the regex, as recorded. */
  actual: string | number | boolean | null;
  passed: boolean;
  /** Why the assertion could not be evaluated (bad regex, non-numeric value for GREATER_THAN...). */
  error?: string;
}

/** Response-time limits shared by all types; null or absent means "no limit". */
export interface ResponseTimeLimits {
  degradedResponseTime?: number | null;
  maxResponseTime?: number | null;
  shouldFail?: boolean | null;
}

export interface IcmpCheckInput extends ResponseTimeLimits {
  request: {
    hostname: string;
    ipFamily?: IpFamily | null;
    pingCount?: number | null;
    assertions?: CheckAssertion[] | null;
  };
  degradedPacketLossThreshold?: number | null;
  maxPacketLossThreshold?: number | null;
}

export type TracerouteProtocol = 'TCP' | 'UDP' | 'ICMP' | 'SCTP';

export interface TracerouteCheckInput extends ResponseTimeLimits {
  request: {
    url: string;
    protocol?: TracerouteProtocol | null;
    port?: number | null;
    ipFamily?: IpFamily | null;
    maxHops?: number | null;
    maxUnknownHops?: number | null;
    ptrLookup?: boolean | null;
    /** Seconds a probe is waited for. */
    timeout?: number | null;
    assertions?: CheckAssertion[] | null;
  };
}

export interface MultiStepCheckInput extends ResponseTimeLimits {
  script: string;
  scriptPath?: string | null;
  dependencies?: { path: string; content: string }[] | null;
  environmentVariables?: { key: string; value: string | null; secret?: boolean | null }[] | null;
}

interface JobBase {
  checkId: string;
  runLocation: string;
  /** Hard limit for the whole run; the executor stops the tool when it is exceeded. */
  timeoutMs: number;
  signal?: AbortSignal;
}

export type ExecutionJob =
  | (JobBase & { checkType: 'ICMP'; check: IcmpCheckInput })
  | (JobBase & { checkType: 'TRACEROUTE'; check: TracerouteCheckInput })
  | (JobBase & { checkType: 'MULTI_STEP'; check: MultiStepCheckInput });

export type CheckTypeOfJob = ExecutionJob['checkType'];

export type ErrorKind = 'NETWORK_ERROR' | 'TIMEOUT' | 'ASSERTION_FAILED' | 'TOOL_MISSING' | 'SCRIPT_ERROR' | 'INVALID_TARGET';

export interface ExecutionError {
  kind: ErrorKind;
  message: string;
}

export interface Latency {
  min: number;
  avg: number;
  max: number;
  stdDev: number;
}

export interface PingReply {
  sequence: number;
  ttl: number | null;
  timeMs: number;
}

export interface IcmpCheckResult {
  hostname: string;
  resolvedAddress?: string;
  packetsSent: number;
  packetsReceived: number;
  /** Percent, 0..100. */
  packetLoss: number;
  /** All zeros when no reply came back. */
  latency: Latency;
  pings?: PingReply[];
}

export interface TracerouteHop {
  hop_number: number;
  main_ip: string | null;
  main_host: string | null;
  sent: number;
  received: number;
  loss_percentage: number;
  rtt: { last_ms: number; avg_ms: number; best_ms: number; worst_ms: number; stddev_ms: number };
}

export interface TracerouteCheckResult {
  hostname: string;
  resolvedIp: string | null;
  protocol: TracerouteProtocol;
  port: number | null;
  hops: TracerouteHop[];
  totalHops: number;
  destinationReached: boolean;
  finalHopLatency: Latency | null;
}

export interface MultiStepError {
  message: string;
  location?: { file: string; line: number; column: number };
  snippet?: string;
}

export interface MultiStepStep {
  title: string;
  duration: number;
  error?: string;
  steps?: MultiStepStep[];
}

export interface MultiStepTest {
  title: string;
  status: string;
  duration: number;
  errors: MultiStepError[];
  steps: MultiStepStep[];
}

export interface MultiStepLogLine {
  stream: 'stdout' | 'stderr';
  text: string;
}

export interface MultiStepCheckResult {
  /** Epoch milliseconds, as in the reference MultiStepResultBrowser. */
  startTime: number;
  endTime: number;
  runtimeVersion: string;
  errors: MultiStepError[];
  tests: MultiStepTest[];
  jobLog: MultiStepLogLine[];
}

export interface ExecutionResult {
  hasErrors: boolean;
  hasFailures: boolean;
  isDegraded: boolean;
  overMaxResponseTime: boolean;
  aborted: boolean;
  timedOut: boolean;
  /** Milliseconds. */
  responseTime: number;
  startedAt: string;
  stoppedAt: string;
  error: ExecutionError | null;
  assertions: AssertionOutcome[];
  icmpCheckResult?: IcmpCheckResult;
  tracerouteCheckResult?: TracerouteCheckResult;
  multiStepCheckResult?: MultiStepCheckResult;
}

export type SpawnFn = typeof spawn;

/** How multi-step scripts are kept from the machine: a bubblewrap sandbox, or nothing but process limits. */
export type MultiStepIsolation = 'bubblewrap' | 'none';

export interface MultiStepSandbox {
  isolation: MultiStepIsolation;
  /** Why scripts are not isolated, with the fix; null when they are. */
  reason: string | null;
  /** The bwrap binary, when isolated. */
  bwrap: string | null;
  /** bwrap is started as this user (a root server drops to nobody); null: as the server's own user. */
  runAs: { uid: number; gid: number } | null;
  /** bubblewrap ≥ 0.8 can forbid new user namespaces inside the sandbox. */
  disableUserns: boolean;
}

export interface ExecutorDeps {
  now(): Date;
  spawn?: SpawnFn;
  /** Paths of the system tools; a test points one at a missing binary. */
  tools?: { ping?: string; fping?: string; mtr?: string; node?: string; bwrap?: string };
  /** Prefixes a tool command, e.g. to run it inside a network namespace with `ip netns exec`. */
  wrapCommand?: (command: string, args: string[]) => [string, string[]];
  platform?: NodeJS.Platform;
  /** Resolves a traceroute target to an address; defaults to node:dns lookup. */
  resolveHost?: (hostname: string, family: 4 | 6) => Promise<string>;
  /** Path of @playwright/test's cli.js; defaults to the one installed with Sightline. */
  playwrightCli?: string;
  /** Parent directory for multi-step work dirs; defaults to the OS temp dir. */
  tempRoot?: string;
  /** How long Playwright may take to start before the job's own time limit begins; default 10000 ms. */
  multiStepStartupAllowanceMs?: number;
  /** Probes per hop for traceroute; default 3. */
  tracerouteCycles?: number;
  /** How multi-step runs are isolated, as probed at start; without it the executor probes once per process. */
  multiStepSandbox?: MultiStepSandbox;
  /** Memory limit of each process of a multi-step run, in MB; default 512. */
  multiStepMemoryMb?: number;
}

export type Executor = (job: ExecutionJob, deps: ExecutorDeps) => Promise<ExecutionResult>;
