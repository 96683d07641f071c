import type { AgentRunType } from '../../src-shared/check-types';
import { runApi } from './executors/api';
import { runDns } from './executors/dns';
import { runGrpc } from './executors/grpc';
import { runIcmp } from './executors/icmp';
import { runMultiStep } from './executors/multistep';
import { runSsl } from './executors/ssl';
import { runTcp } from './executors/tcp';
import { runTraceroute } from './executors/traceroute';
import { runUrl } from './executors/url';
import type { ExecutionJob, ExecutionResult, Executor, ExecutorDeps } from './types';

/** The job of one check type, as its executor takes it. */
export type JobOf<K extends AgentRunType> = Extract<ExecutionJob, { checkType: K }>;

/** One executor per check type an agent runs (runner/executors/<type>.ts): a type without one does not compile. Heartbeats have none: the server judges them. */
export const EXECUTORS: { [K in AgentRunType]: (job: JobOf<K>, deps: ExecutorDeps) => Promise<ExecutionResult> } = {
  ICMP: runIcmp,
  TRACEROUTE: runTraceroute,
  MULTI_STEP: runMultiStep,
  SSL: runSsl,
  API: runApi,
  URL: runUrl,
  TCP: runTcp,
  DNS: runDns,
  GRPC: runGrpc,
};

/** Runs one check once. A down target is a result with hasFailures; only a bug in Sightline throws. */
export const runJob: Executor = (job, deps) => {
  // Each executor takes its own type's job; the compiler does not follow job.checkType to the entry it picks.
  const executor = EXECUTORS[job.checkType] as Executor;
  return executor(job, deps);
};
