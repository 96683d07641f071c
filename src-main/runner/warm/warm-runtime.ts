import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { ExecutionJob, MultiStepSandbox, WarmResult, WarmRunner } from '../types';
import { prepareFiles } from './bundle';
import type { RunOutcome } from './protocol';
import { sandboxTmpfsMb } from '../sandbox';
import { RuntimeProcess, type ProcessReply } from './runtime-process';

export const DEADLINE_GRACE_MS = 10_000;

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
  private readonly reaper: ReturnType<typeof setInterval>;
  private closed = false;
  readonly threads: number;

  constructor(private readonly options: WarmRuntimeOptions) {
    this.threads = options.threads ?? Math.max(1, availableParallelism());
    this.reaper = setInterval(() => this.reap(), 30_000);
    this.reaper.unref();
  }

  /**
   * Runs one multi-step job. A process lost mid-run (crashed, killed, ended for another run's
   * deadline) is replaced and the run tried once more; lost twice, the run is Sightline's error.
   * A process ended for its output fails the run as its script's fault when it was the only run
   * there (or on its second try); among others, the run is tried once more like a lost one.
   */
  async run(job: Extract<ExecutionJob, { checkType: 'MULTI_STEP' }>): Promise<WarmResult> {
    const prepared = await prepareFiles(job.check);
    if ('unsupported' in prepared) return { kind: 'unsupported', feature: prepared.unsupported };
    if ('syntaxError' in prepared) return { kind: 'syntax', message: prepared.syntaxError };
    const env: Record<string, string> = {};
    for (const variable of job.check.environmentVariables) env[variable.key] = variable.value ?? '';
    const request = { entry: prepared.entry, files: prepared.files, env, timeoutMs: job.timeoutMs, memoryLimitMb: this.options.memoryMb };
    const graceMs = this.options.deadlineGraceMs ?? DEADLINE_GRACE_MS;
    for (let attempt = 1; attempt <= 2; attempt++) {
      if (job.signal?.aborted) return { kind: 'aborted' };
      const process = this.processFor(job.accountId ?? 'local');
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
      if (reply.kind === 'overdue') {
        this.forget(process);
        return { kind: 'stopped', reason: 'hung', message: `its runtime did not answer within the limit plus ${graceMs / 1000} s, so the runtime was ended` };
      }
      if (reply.kind === 'output') {
        this.forget(process);
        if (reply.alone || attempt === 2) return { kind: 'stopped', reason: 'output', message: reply.message };
        continue;
      }
      if (reply.kind === 'lost') {
        this.forget(process);
        if (process.startError) return { kind: 'unsupported', feature: `this machine (the runtime could not start: ${process.startError})` };
        continue;
      }
      this.maybeRetire(process, reply.rssMb);
      return fromOutcome(reply.outcome, performance.now() - started);
    }
    throw new Error('the warm multi-step runtime process ended twice while running this check');
  }

  private processFor(account: string): RuntimeProcess {
    const existing = this.processes.get(account);
    if (existing?.alive) return existing;
    if (this.closed) throw new Error('the warm multi-step runtime is shut down');
    this.makeRoom();
    const { options } = this;
    const threadHeapMb = Math.max(64, Math.floor((options.memoryMb * 3) / 4));
    const created = new RuntimeProcess({
      sandbox: options.sandbox,
      node: options.node ?? process.execPath,
      nodeModules: options.nodeModules,
      processMemoryMb: processMemoryMb(options.memoryMb, this.threads),
      threads: this.threads,
      threadHeapMb,
      tmpfsMb: sandboxTmpfsMb(options.memoryMb),
      tempRoot: options.tempRoot,
      platform: options.platform ?? process.platform,
      onLog: options.onLog,
    });
    this.processes.set(account, created);
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

  /** A process grown past its memory or its run count is replaced: new runs go to a fresh one, it ends when idle. */
  private maybeRetire(process: RuntimeProcess, rssMb: number): void {
    const limit = processMemoryMb(this.options.memoryMb, this.threads);
    if (rssMb < limit * 0.8 && process.served < (this.options.runsPerProcess ?? 50_000)) return;
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
    return [...this.processes.values(), ...this.retiring].reduce((n, p) => n + p.inFlight, 0);
  }

  close(): void {
    this.closed = true;
    clearInterval(this.reaper);
    for (const process of [...this.processes.values(), ...this.retiring]) process.stop();
    this.processes.clear();
    this.retiring.clear();
  }
}

function aborted(signal: AbortSignal | undefined): Promise<'aborted'> {
  return new Promise((resolve) => {
    if (!signal) return;
    if (signal.aborted) return resolve('aborted');
    signal.addEventListener('abort', () => resolve('aborted'), { once: true });
  });
}

function fromOutcome(outcome: RunOutcome, durationMs: number): WarmResult {
  if (outcome.kind === 'report') return { kind: 'report', report: outcome.report, durationMs };
  if (outcome.kind === 'unsupported') return { kind: 'unsupported', feature: outcome.feature };
  return { kind: 'stopped', reason: outcome.reason, message: outcome.message };
}
