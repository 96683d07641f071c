import type { spawn } from 'node:child_process';
import type {
  AssertionOutcome,
  Comparison,
  IcmpCheckResult,
  MultiStepCheckResult,
  TracerouteCheckResult,
  TracerouteProtocol,
} from '../../src-shared/schemas/result-payloads';

// The payloads of a result are defined once, in src-shared, for the runner, the services and the console.
export type {
  AssertionOutcome,
  Comparison,
  IcmpCheckResult,
  Latency,
  MultiStepCheckResult,
  MultiStepError,
  MultiStepLogLine,
  MultiStepStep,
  MultiStepTest,
  PingReply,
  TracerouteCheckResult,
  TracerouteHop,
  TracerouteProtocol,
} from '../../src-shared/schemas/result-payloads';

/** The contract between the scheduler and the executors: plain data in, plain data out, no database. */

export type IpFamily = 'IPv4' | 'IPv6';

export interface CheckAssertion {
  source: string;
  comparison: Comparison;
  property?: string | null;
  target?: string | null;
  regex?: string | null;
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

export type ErrorKind = 'NETWORK_ERROR' | 'TIMEOUT' | 'ASSERTION_FAILED' | 'TOOL_MISSING' | 'SCRIPT_ERROR' | 'INVALID_TARGET';

export interface ExecutionError {
  kind: ErrorKind;
  message: string;
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
