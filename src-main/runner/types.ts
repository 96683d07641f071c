import type { spawn } from 'node:child_process';
import type { IcmpRunInput } from '../../src-shared/schemas/icmp-monitor';
import type { MultiStepRunInput } from '../../src-shared/schemas/multistep-check';
import type { Execution, ExecutionResult } from '../../src-shared/schemas/run-job';
import type { TracerouteRunInput } from '../../src-shared/schemas/traceroute-monitor';
import type { PwReport } from './report-shape';
import type { ApiScriptJob, RunOutcome } from './warm/protocol';
import type { Comparison } from '../../src-shared/schemas/result-payloads';

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

/** Executor inputs are the run contract's (src-shared/schemas/run-job.ts), parsed from stored check bodies. */
export type IcmpCheckInput = IcmpRunInput;
export type TracerouteCheckInput = TracerouteRunInput;
export type MultiStepCheckInput = MultiStepRunInput;

/** An assertion as the verdict reads it: any type's, so one evaluator serves them all. */
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

/** A job as an executor gets it: the contract's execution, the signal that stops it, and whose check it is (runs of one account may share a runtime). */
export type ExecutionJob = Execution & { signal?: AbortSignal; accountId?: string };

export type { ErrorKind, ExecutionResult } from '../../src-shared/schemas/run-job';

/** The error of a result: what went wrong, in words for the operator. */
export type ExecutionError = NonNullable<ExecutionResult['error']>;

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
  /** bubblewrap ≥ 0.7 (not setuid) sizes a tmpfs: the sandbox gets a sized /tmp and /dev/shm; without, neither. */
  sizedTmpfs?: boolean;
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
  /** The warm multi-step runtime; without it every multi-step run starts `playwright test` (the full path). */
  warmRuntime?: WarmRunner;
}

export type Executor = (job: ExecutionJob, deps: ExecutorDeps) => Promise<ExecutionResult>;

/** How a run on the warm runtime ended (runner/warm/warm-runtime.ts). */
export type WarmResult =
  | { kind: 'report'; report: PwReport; durationMs: number }
  | { kind: 'unsupported'; feature: string }
  | { kind: 'syntax'; message: string }
  | { kind: 'stopped'; reason: 'hung' | 'memory' | 'crashed' | 'output'; message: string }
  | { kind: 'aborted' };

/** An API check's setup or teardown script for the warm runtime (runner/api-scripts.ts). */
export interface ApiScriptRun {
  phase: ApiScriptJob['phase'];
  /** The script as sent (localSetupScript / localTearDownScript), its path and its local files. */
  script: string;
  scriptPath?: string | null;
  dependencies?: { path: string; content: string }[] | null;
  request: ApiScriptJob['request'];
  response: ApiScriptJob['response'];
  /** What the script sees as process.env. */
  env: Record<string, string>;
  timeoutMs: number;
  accountId?: string;
  signal?: AbortSignal;
}

/** How an API check's script ended on the warm runtime. */
export type WarmApiScriptResult =
  | (Omit<Extract<RunOutcome, { kind: 'api-script' }>, 'kind'> & { kind: 'done'; durationMs: number })
  | { kind: 'syntax'; message: string }
  | { kind: 'stopped'; reason: 'hung' | 'memory' | 'crashed' | 'output'; message: string }
  /** The runtime could not run it at all: Sightline's fault, never the target's. */
  | { kind: 'unavailable'; message: string }
  | { kind: 'aborted' };

export interface WarmRunner {
  run(job: Extract<ExecutionJob, { checkType: 'MULTI_STEP' }>): Promise<WarmResult>;
  runApiScript(job: ApiScriptRun): Promise<WarmApiScriptResult>;
}
