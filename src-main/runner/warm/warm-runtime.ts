import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { ApiScriptRun, ExecutionJob, MultiStepSandbox, WarmApiScriptResult, WarmResult, WarmRunner } from '../types';
import { prepareApiScript, prepareFiles } from './bundle';
import type { RunOutcome, RunRequest } from './protocol';
import { Semaphore } from '../semaphore';
import { RUNTIME_PROCESS_LIMITS, sandboxTmpfsMb } from '../sandbox';
import { RuntimeProcess, type ProcessReply } from './runtime-process';

export const DEADLINE_GRACE_MS = 10_000;
/** Second tries run alone in a process of their own, this many at once. */
const SOLO_PROCESSES = 2;

export interface WarmRuntimeOptions {
  sandbox: MultiStepSandbox;
  node?: string;
  nodeModules: string;
  /** The memory limit of a run's process (--multistep-memory-mb): each thread's heap gets three quarters of it. */
  memoryMb: number;
  /** Worker threads per runtime process; default one per core. */
  threads?: number;
  tempRoot?: string;
  platform?: NodeJS.Platform;
  /** Replace a process after this many runs (its threads are replaced more often). */
  runsPerProcess?: number;
  /** A process unused this long is stopped. */
  idleMs?: number;
  /** Runtime processes at most (one per account that runs scripts); the least recently used idle one makes room. */
  maxProcesses?: number;
  /**
   * The server's own deadline for a run is its time limit plus this (default 10 s; the runtime stops
   * a run itself 3 s after its limit). Past it the run is a TIMEOUT and its runtime process is killed.
   */
  deadlineGraceMs?: number;
  onLog?: (line: string) => void;
}

/**
 * RLIMIT_DATA of a runtime process: room for each thread's heap and its runs' buffers, plus two
 * threads more for runs re-run alone. Each run is held to its own limit inside (heap per thread,
 * buffers per run); this outer bound only keeps a runaway from taking the machine.
 */
function processMemoryMb(memoryMb: number, threads: number): number {
  return (threads + 2) * (memoryMb + 128);
}

/**
 * The warm multi-step runtime (docs/ARCHITECTURE.md, "The warm multi-step runtime"): long-lived
 * runtime processes in the sandbox, one per account (runs of one account may share a process; runs
 * of two never do), each with worker threads that have @playwright/test loaded once.
 */
export class WarmRuntime implements WarmRunner {
  private readonly processes = new Map<string, RuntimeProcess>();
  private readonly retiring = new Set<RuntimeProcess>();
  /** Processes of one run each, for second tries; a few at once (each loads @playwright/test). */
  private readonly solos = new Set<RuntimeProcess>();
  private readonly soloSlots = new Semaphore(SOLO_PROCESSES);
  private readonly reaper: ReturnType<typeof setInterval>;
  private closed = false;
  readonly threads: number;

  constructor(private readonly options: WarmRuntimeOptions) {
    this.threads = options.threads ?? Math.max(1, availableParallelism());
    this.reaper = setInterval(() => this.reap(), 30_000);
    this.reaper.unref();
  }

  /**
   * Runs one multi-step job. A process that ends mid-run (crashed, killed, ended for another run's
   * deadline or its output) is replaced and the run tried once more, alone in a process of its own,
   * so a run at fault cannot take the others' second try with it. Lost twice, the run is Sightline's
   * error; ended for its output when alone (either try), the script's.
   */
  async run(job: Extract<ExecutionJob, { checkType: 'MULTI_STEP' }>): Promise<WarmResult> {
    const prepared = await prepareFiles(job.check);
    if ('unsupported' in prepared) return { kind: 'unsupported', feature: prepared.unsupported };
    if ('syntaxError' in prepared) return { kind: 'syntax', message: prepared.syntaxError };
    const env: Record<string, string> = {};
    for (const variable of job.check.environmentVariables) env[variable.key] = variable.value ?? '';
    const playwrightConfig = job.check.playwrightConfig ?? undefined;
    const request = { entry: prepared.entry, files: prepared.files, env, timeoutMs: job.timeoutMs, memoryLimitMb: this.options.memoryMb, playwrightConfig };
    const outcome = await this.runTwice(request, job);
    if (outcome.kind === 'aborted') return outcome;
    const { reply, durationMs } = outcome;
    if (reply.kind === 'api-script') throw new Error('the warm runtime answered a multi-step run as an API script');
    return fromOutcome(reply, durationMs);
  }

  /**
   * Runs an API check's setup or teardown script (runner/api-scripts.ts) the way a multi-step run
   * goes: the same processes (one per account), isolation, limits and second try.
   */
  async runApiScript(job: ApiScriptRun): Promise<WarmApiScriptResult> {
    const prepared = await prepareApiScript(job, job.phase);
    if ('unsupported' in prepared) return { kind: 'syntax', message: `${job.phase} scripts cannot use ${prepared.unsupported}` };
    if ('syntaxError' in prepared) return { kind: 'syntax', message: prepared.syntaxError };
    const request = {
      entry: prepared.entry,
      files: prepared.files,
      env: job.env,
      timeoutMs: job.timeoutMs,
      memoryLimitMb: this.options.memoryMb,
      apiScript: { phase: job.phase, request: job.request, response: job.response },
    };
    const outcome = await this.runTwice(request, job);
    if (outcome.kind === 'aborted') return outcome;
    const { reply, durationMs } = outcome;
    if (reply.kind === 'api-script') return { kind: 'done', request: reply.request, response: reply.response, logs: reply.logs, error: reply.error, timedOut: reply.timedOut, durationMs };
    if (reply.kind === 'stopped') return reply;
    // Only a runtime that could not start answers so here (the thread reports what a script cannot use as its error).
    if (reply.kind === 'unsupported') return { kind: 'unavailable', message: `the warm runtime cannot run on ${reply.feature}` };
    throw new Error('the warm runtime answered an API script as a multi-step run');
  }

  /** A run on the account's process, and once more alone when that process ended under it. */
  private async runTwice(request: Omit<RunRequest, 'type' | 'runId'>, job: RunLimits): Promise<Attempted> {
    const graceMs = this.options.deadlineGraceMs ?? DEADLINE_GRACE_MS;
    const first = await this.attempt(this.processFor(job.accountId ?? 'local'), request, job, graceMs);
    if (first !== 'again') return first;
    try {
      await this.soloSlots.acquire(job.signal);
    } catch {
      return { kind: 'aborted' };
    }
    const solo = this.newProcess(1);
    this.solos.add(solo);
    try {
      const second = await this.attempt(solo, request, job, graceMs);
      if (second !== 'again') return second;
    } finally {
      solo.stop();
      this.solos.delete(solo);
      this.soloSlots.release();
    }
    throw new Error('the warm multi-step runtime process ended twice while running this check');
  }

  /** One try on `process`: the run's result, or `again` when the process ended under it and it may be tried once more. */
  private async attempt(process: RuntimeProcess, request: Omit<RunRequest, 'type' | 'runId'>, job: RunLimits, graceMs: number): Promise<Attempted | 'again'> {
    if (job.signal?.aborted) return { kind: 'aborted' };
    const runId = randomUUID();
    const started = performance.now();
    const onAbort = () => process.cancel(runId);
    job.signal?.addEventListener('abort', onAbort, { once: true });
    let reply: ProcessReply | 'aborted';
    try {
      reply = await Promise.race([process.run({ runId, ...request }, job.timeoutMs + graceMs), aborted(job.signal)]);
    } finally {
      job.signal?.removeEventListener('abort', onAbort);
    }
    if (reply === 'aborted') return { kind: 'aborted' };
    if (reply.kind === 'result') {
      this.maybeRetire(process, reply.rssMb, reply.openFiles ?? 0);
      return { kind: 'reply', reply: reply.outcome, durationMs: performance.now() - started };
    }
    this.forget(process);
    const ended = (outcome: RunOutcome | OutputStopped): Attempted => ({ kind: 'reply', reply: outcome, durationMs: performance.now() - started });
    if (reply.kind === 'overdue') return ended({ kind: 'stopped', reason: 'hung', message: `its runtime did not answer within the limit plus ${graceMs / 1000} s, so the runtime was ended` });
    if (reply.kind === 'output') return reply.alone ? ended({ kind: 'stopped', reason: 'output', message: reply.message }) : 'again';
    if (process.startError) return ended({ kind: 'unsupported', feature: `this machine (the runtime could not start: ${process.startError})` });
    return 'again';
  }

  private processFor(account: string): RuntimeProcess {
    const existing = this.processes.get(account);
    if (existing?.alive) return existing;
    if (this.closed) throw new Error('the warm multi-step runtime is shut down');
    this.makeRoom();
    const created = this.newProcess(this.threads);
    this.processes.set(account, created);
    return created;
  }

  private newProcess(threads: number): RuntimeProcess {
    if (this.closed) throw new Error('the warm multi-step runtime is shut down');
    const { options } = this;
    const threadHeapMb = Math.max(64, Math.floor((options.memoryMb * 3) / 4));
    const created = new RuntimeProcess({
      sandbox: options.sandbox,
      node: options.node ?? process.execPath,
      nodeModules: options.nodeModules,
      processMemoryMb: processMemoryMb(options.memoryMb, threads),
      threads,
      threadHeapMb,
      tmpfsMb: sandboxTmpfsMb(options.memoryMb),
      tempRoot: options.tempRoot,
      platform: options.platform ?? process.platform,
      onLog: options.onLog,
    });
    void created.start();
    return created;
  }

  private makeRoom(): void {
    const max = this.options.maxProcesses ?? 8;
    if (this.processes.size < max) return;
    const idle = [...this.processes.entries()].filter(([, p]) => p.inFlight === 0).sort((a, b) => a[1].lastUsedAt - b[1].lastUsedAt)[0];
    if (idle) {
      idle[1].stop();
      this.processes.delete(idle[0]);
    }
  }

  /** A process grown past its memory, half its open files or its run count is replaced: new runs go to a fresh one, it ends when idle. */
  private maybeRetire(process: RuntimeProcess, rssMb: number, openFiles: number): void {
    const limit = processMemoryMb(this.options.memoryMb, this.threads);
    const files = openFiles < RUNTIME_PROCESS_LIMITS.openFiles / 2;
    if (rssMb < limit * 0.8 && files && process.served < (this.options.runsPerProcess ?? 50_000)) return;
    this.forget(process);
    this.retiring.add(process);
    this.reap();
  }

  private forget(process: RuntimeProcess): void {
    for (const [account, candidate] of this.processes) if (candidate === process) this.processes.delete(account);
  }

  private reap(): void {
    const idleMs = this.options.idleMs ?? 15 * 60_000;
    for (const process of this.retiring) {
      if (process.inFlight > 0) continue;
      process.stop();
      this.retiring.delete(process);
    }
    for (const [account, process] of this.processes) {
      if (!process.alive || (process.inFlight === 0 && Date.now() - process.lastUsedAt > idleMs)) {
        process.stop();
        this.processes.delete(account);
      }
    }
  }

  /** Runs carried now, over every process. */
  get inFlight(): number {
    return [...this.processes.values(), ...this.retiring, ...this.solos].reduce((n, p) => n + p.inFlight, 0);
  }

  close(): void {
    this.closed = true;
    clearInterval(this.reaper);
    for (const process of [...this.processes.values(), ...this.retiring, ...this.solos]) process.stop();
    this.processes.clear();
    this.retiring.clear();
  }
}

/** A run stopped for its output (the process was ended for it): said here, as the runtime cannot say it. */
type OutputStopped = { kind: 'stopped'; reason: 'output'; message: string };

/** What a run needs of its job here. */
interface RunLimits {
  timeoutMs: number;
  accountId?: string;
  signal?: AbortSignal;
}

/** A try's end: the runtime's answer (or one made here for a process that ended), or the run was aborted. */
type Attempted = { kind: 'reply'; reply: RunOutcome | OutputStopped; durationMs: number } | { kind: 'aborted' };

function aborted(signal: AbortSignal | undefined): Promise<'aborted'> {
  return new Promise((resolve) => {
    if (!signal) return;
    if (signal.aborted) return resolve('aborted');
    signal.addEventListener('abort', () => resolve('aborted'), { once: true });
  });
}

function fromOutcome(outcome: Exclude<RunOutcome, { kind: 'api-script' }> | OutputStopped, durationMs: number): WarmResult {
  if (outcome.kind === 'report') return { kind: 'report', report: outcome.report, durationMs };
  if (outcome.kind === 'unsupported') return { kind: 'unsupported', feature: outcome.feature };
  return { kind: 'stopped', reason: outcome.reason, message: outcome.message };
}
