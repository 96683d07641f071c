import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { parseFping } from '../parsers/fping';
import { toolMissing } from '../tool-missing';
import { runTool } from '../process';
import { fpingOutputFor } from '../raw-output';
import { unsafeTargetReason } from '../target';
import type { ExecutionError, ExecutionJob, ExecutionResult, ExecutorDeps } from '../types';
import { settle } from '../verdict';
import { icmpOutcome, replyWaitSeconds } from './icmp';

export type IcmpJob = Extract<ExecutionJob, { checkType: 'ICMP' }>;

type Extra = { hasErrors?: boolean; timedOut?: boolean; aborted?: boolean };
type Target = { address: string } | { fault: ExecutionError; extra: Extra };

const PERIOD_MS = 200;
// fping refuses a shorter gap between any two packets when not run as root.
const PACKET_GAP_MS = 1;

const pingCount = (job: IcmpJob) => job.check.request.pingCount;
const familyOf = (job: IcmpJob) => (job.check.request.ipFamily === 'IPv6' ? 6 : 4);
const replyWaitMs = (job: IcmpJob) => replyWaitSeconds(job.check, pingCount(job), job.timeoutMs) * 1000;

/** Jobs with the same key can share one fping process: the options fping applies to all its targets. */
export function icmpBatchKey(job: IcmpJob): string {
  return `IPv${familyOf(job)}/${pingCount(job)}/${replyWaitMs(job)}`;
}

/** Whether fping can be run; the caller caches the answer. */
export async function fpingAvailable(deps: ExecutorDeps): Promise<boolean> {
  const run = await runTool({ command: deps.tools?.fping ?? 'fping', args: ['-v'], timeoutMs: 5000 }, deps);
  return !run.missing && run.exitCode === 0;
}


async function defaultResolve(hostname: string, family: 4 | 6): Promise<string> {
  return (await lookup(hostname, { family })).address;
}

async function resolveTarget(job: IcmpJob, deps: ExecutorDeps): Promise<Target> {
  const hostname = job.check.request.hostname;
  const family = familyOf(job);
  const unsafe = unsafeTargetReason(hostname);
  if (unsafe) return { fault: { kind: 'INVALID_TARGET', message: `hostname ${unsafe}` }, extra: { hasErrors: true } };
  const literal = isIP(hostname);
  if (literal === family) return { address: hostname };
  if (literal !== 0) return { fault: { kind: 'NETWORK_ERROR', message: `${hostname} is not an IPv${family} address` }, extra: { hasErrors: true } };
  try {
    return { address: await (deps.resolveHost ?? defaultResolve)(hostname, family) };
  } catch (error) {
    return { fault: { kind: 'NETWORK_ERROR', message: `cannot resolve ${hostname}: ${(error as Error).message}` }, extra: {} };
  }
}

/**
 * Runs the ICMP checks of one batch key in a single fping process; results come back in input order.
 * An aborted job gets its aborted result at once while fping goes on for the others; fping is killed once every job it serves is aborted.
 */
export async function runIcmpBatch(jobs: IcmpJob[], deps: ExecutorDeps): Promise<ExecutionResult[]> {
  if (jobs.length === 0) return [];
  const key = icmpBatchKey(jobs[0]);
  if (jobs.some((job) => icmpBatchKey(job) !== key)) throw new Error(`runIcmpBatch needs jobs of one batch key, got ${jobs.map(icmpBatchKey).join(', ')}`);

  const calledAt = deps.now();
  let spawnedAt: Date | null = null;
  const finish = (job: IcmpJob, fault: ExecutionError | null, extra: Extra = {}) =>
    settle({ startedAt: spawnedAt ?? calledAt, stoppedAt: deps.now(), responseTime: 0, limits: { ...job.check }, fault, assertions: [], ...extra });

  const fping = new AbortController();
  const served = new Set(jobs);
  const detach: (() => void)[] = [];
  const abortedResults = jobs.map(
    (job) =>
      new Promise<ExecutionResult>((resolve) => {
        const signal = job.signal;
        if (!signal) return;
        const onAbort = () => {
          resolve(finish(job, null, { aborted: true }));
          served.delete(job);
          if (served.size === 0) fping.abort();
        };
        if (signal.aborted) return onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
        detach.push(() => signal.removeEventListener('abort', onAbort));
      }),
  );

  const run = async (): Promise<ExecutionResult[]> => {
    const targets = await Promise.all(jobs.map((job) => resolveTarget(job, deps)));
    const addresses = new Set<string>();
    // Settled now, so their stoppedAt is when resolution failed rather than when fping ends.
    const unserved = jobs.map((job, i) => {
      const target = targets[i];
      if ('fault' in target) {
        served.delete(job);
        return finish(job, target.fault, target.extra);
      }
      if (served.has(job)) addresses.add(target.address);
      return null;
    });
    if (addresses.size === 0) return jobs.map((job, i) => unserved[i] ?? finish(job, null, { aborted: true }));

    const tool = deps.tools?.fping ?? 'fping';
    const limitMs = Math.max(...jobs.map((job) => job.timeoutMs));
    const first = jobs[0];
    const args = ['-C', String(pingCount(first)), '-q', '-p', String(PERIOD_MS), '-t', String(replyWaitMs(first)), '-i', String(PACKET_GAP_MS), `-${familyOf(first)}`, ...addresses];
    spawnedAt = deps.now();
    // SIGINT first on overrun: fping then still prints what it has for every target.
    const out = await runTool({ command: tool, args, timeoutMs: limitMs, signal: fping.signal, softKillSignal: 'SIGINT' }, deps);
    const pinged = { startedAt: spawnedAt, stoppedAt: deps.now(), timedOut: out.timedOut, limitMs };
    const stats = parseFping(`${out.stderr}\n${out.stdout}`);
    return jobs.map((job, i) => {
      const target = targets[i];
      if ('fault' in target) return unserved[i] ?? finish(job, target.fault, target.extra);
      if (!served.has(job)) return finish(job, null, { aborted: true });
      if (out.missing) return finish(job, toolMissing('fping', tool), { hasErrors: true });
      const found = stats.get(target.address);
      // A clone each: checks sharing an address must not share mutable pings or latency.
      const rawOutput = fpingOutputFor(target.address, args, addresses, `${out.stderr}\n${out.stdout}`);
      if (found) return icmpOutcome(job.check, { kind: 'stats', ...structuredClone(found), resolvedAddress: target.address }, pinged, rawOutput);
      if (out.timedOut) return finish(job, { kind: 'TIMEOUT', message: `ping did not finish within ${limitMs} ms` }, { timedOut: true });
      const said = (out.stderr || out.stdout).trim().slice(0, 500);
      return finish(job, { kind: 'NETWORK_ERROR', message: `fping exited with code ${out.exitCode}: ${said || 'no output'}` }, { hasErrors: true });
    });
  };

  try {
    const work = run();
    return await Promise.all(jobs.map((job, i) => Promise.race([abortedResults[i], work.then((results) => results[i])])));
  } finally {
    for (const undo of detach) undo();
  }
}

/** What an agent batches ICMP runs with: fping's runner, or null where fping cannot be run. */
export interface IcmpBatching {
  run(jobs: ExecutionJob[]): Promise<ExecutionResult[]>;
  key(job: ExecutionJob): string;
}

export async function icmpBatching(deps: ExecutorDeps): Promise<IcmpBatching | null> {
  if (!(await fpingAvailable(deps))) return null;
  return { run: (jobs) => runIcmpBatch(jobs as IcmpJob[], deps), key: (job) => icmpBatchKey(job as IcmpJob) };
}
