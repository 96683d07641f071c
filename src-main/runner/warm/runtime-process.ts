import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import { rawFsHookEnv } from './raw-fs-hook';
import { readBoundedLines, LogThrottle, type LineLimits } from '../bounded-lines';
import { handOver, launchCommand, RUNTIME_PROCESS_LIMITS } from '../sandbox';
import type { MultiStepSandbox } from '../types';
import { runtimeBundle } from './bundle';
import { FromRuntime, type RunOutcome, type RunRequest } from './protocol';

export interface RuntimeProcessOptions {
  sandbox: MultiStepSandbox;
  node: string;
  nodeModules: string;
  /** RLIMIT_DATA of the whole process (its threads share it). */
  processMemoryMb: number;
  threads: number;
  threadHeapMb: number;
  /** The sandbox's /tmp, shared by the process's runs. */
  tmpfsMb: number;
  tempRoot?: string;
  platform: NodeJS.Platform;
  onLog?: (line: string) => void;
}

/**
 * What became of a run sent to a runtime process: its result; `overdue` when it passed the deadline
 * the server gave it and the process was ended for it; `output` when the process was ended for
 * writing past its output limits or garbage on its channel (`alone`: this was its only run, so the
 * run at fault); `lost` when the process ended for any other reason before answering.
 */
export type ProcessReply =
  | { kind: 'result'; outcome: RunOutcome; rssMb: number; openFiles?: number }
  | { kind: 'overdue' }
  | { kind: 'output'; message: string; alone: boolean }
  | { kind: 'lost' };

/** How long a new process may take to load its threads before it is ended (its runs are then lost). */
const START_TIMEOUT_MS = 60_000;
/** fd 3 carries the runs' results, reports included: a line is one message. */
const CHANNEL_LIMITS: LineLimits = { maxLineBytes: 32 * 1048576, maxWindowBytes: 256 * 1048576, windowMs: 10_000 };
/** stdout and stderr carry only what node itself prints (a run's console is its own): little, in short lines. */
const OUTPUT_LIMITS: LineLimits = { maxLineBytes: 256 * 1024, maxWindowBytes: 16 * 1048576, windowMs: 10_000 };
/** What of stdout and stderr reaches the server's log: lines cut to 2 KiB, 20 lines a second per process. */
const LOG_LINES_PER_SECOND = 20;
const LOG_LINE_CHARS = 2048;

interface Pending {
  resolve: (reply: ProcessReply) => void;
  timer: ReturnType<typeof setTimeout> | null;
  deadlineMs: number;
  /** The deadline started over once already (a run restarted by the runtime). */
  rearmed: boolean;
}

/**
 * One warm runtime process: started inside the multi-step sandbox like a run (the same bubblewrap
 * launch, its own folder as the only writable place), fed runs over fd 3. Its pipes are read with
 * bounded lines and rates, and each run has a deadline here, whatever the process does: past a
 * limit or a deadline the process and everything it started are killed.
 */
export class RuntimeProcess {
  private child: ChildProcess | null = null;
  private root: string | null = null;
  private readonly pending = new Map<string, Pending>();
  private ended = false;
  readonly ready: Promise<boolean>;
  private markReady: (ready: boolean) => void = () => {};
  private startTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly log: LogThrottle;
  /** Why the process could not be started (its runs then go to the full path). */
  startError: string | null = null;
  served = 0;
  lastRssMb = 0;
  lastUsedAt = Date.now();

  constructor(private readonly options: RuntimeProcessOptions) {
    this.ready = new Promise((resolve) => {
      this.markReady = resolve;
    });
    this.log = new LogThrottle((line) => options.onLog?.(line), LOG_LINES_PER_SECOND, LOG_LINE_CHARS);
  }

  get inFlight(): number {
    return this.pending.size;
  }

  get alive(): boolean {
    return !this.ended;
  }

  /** The bubblewrap (or, unsandboxed, node) process: its group is what stop() kills. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  private starting: Promise<void> | null = null;

  /** Starts the process once; runs sent before it is up wait for it. */
  start(): Promise<void> {
    this.starting ??= this.launch().catch((error: unknown) => {
      this.startError = error instanceof Error ? error.message : String(error);
      this.options.onLog?.(`the warm runtime could not start: ${this.startError}`);
      this.stop();
    });
    return this.starting;
  }

  private async launch(): Promise<void> {
    const { options } = this;
    const bundle = await runtimeBundle();
    const root = await mkdtemp(join(options.tempRoot ?? tmpdir(), 'sightline-runtime-'));
    this.root = root;
    await writeFile(join(root, 'runtime-main.cjs'), bundle.main);
    await writeFile(join(root, 'runtime-thread.cjs'), bundle.thread);
    if (options.sandbox.isolation === 'bubblewrap') await handOver(root, options.sandbox.runAs);
    const launch = await launchCommand(options.sandbox, {
      node: options.node,
      args: [join(root, 'runtime-main.cjs')],
      cwd: root,
      workspaceRoot: root,
      nodeModules: options.nodeModules,
      env: {
        HOME: root,
        TMPDIR: root,
        NODE_PATH: options.nodeModules,
        FORCE_COLOR: '0',
        SIGHTLINE_WARM_THREADS: String(options.threads),
        SIGHTLINE_WARM_THREAD_HEAP_MB: String(options.threadHeapMb),
        ...(process.versions.electron ? { ELECTRON_RUN_AS_NODE: '1' } : {}),
        ...rawFsHookEnv(),
      },
      memoryMb: options.processMemoryMb,
      platform: options.platform,
      heapFlag: false,
      processLimits: RUNTIME_PROCESS_LIMITS,
      tmpfsMb: options.tmpfsMb,
    });
    if (this.ended) return;
    const child = spawn(launch.command, launch.args, {
      env: launch.env,
      cwd: launch.cwd,
      uid: launch.uid,
      gid: launch.gid,
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      detached: true,
    });
    this.child = child;
    const channel = child.stdio[3] as Duplex;
    const streams = [
      { stream: child.stdout, name: 'standard output (file descriptor 1)' },
      { stream: child.stderr, name: 'standard error (file descriptor 2)' },
    ];
    for (const { stream, name } of streams) {
      if (!stream) continue;
      // A pipe of a killed runtime can end in ECONNRESET: the process is gone either way (exit handles it).
      stream.on('error', () => undefined);
      readBoundedLines(stream, OUTPUT_LIMITS, {
        onLine: (line) => this.log.line(line),
        onOverrun: (overrun) => this.endForOutput(`the script's runtime wrote ${overrun.message} to its ${name}`),
      });
    }
    readBoundedLines(channel, CHANNEL_LIMITS, {
      onLine: (line) => this.onLine(line),
      onOverrun: (overrun) => this.endForOutput(`the script's runtime sent ${overrun.message} on its channel to the server (file descriptor 3: results, and whatever a script writes there)`),
    });
    child.on('error', () => this.end());
    child.on('exit', () => this.end());
    channel.on('error', () => this.end());
    this.startTimer = setTimeout(() => {
      this.options.onLog?.(`the warm runtime did not get ready within ${START_TIMEOUT_MS / 1000} s and was ended`);
      this.stop();
    }, START_TIMEOUT_MS);
    this.startTimer.unref();
  }

  private onLine(line: string): void {
    const parsed = FromRuntime.safeParse(safeJson(line));
    // Only the runtime writes here, in our protocol: anything else is a script writing to fd 3, and
    // a run's result it was mixed into is lost. The process is ended rather than left to its deadline.
    if (!parsed.success) return this.endForOutput('something other than the runtime wrote to its channel to the server (file descriptor 3); a script must not write there');
    const message = parsed.data;
    // Up once all its threads are, or once one of them answered a run (a run can finish first).
    if (this.startTimer) clearTimeout(this.startTimer);
    this.markReady(true);
    if (message.type === 'ready') return;
    if (message.type === 'restarted') return this.rearm(message.runId);
    this.lastRssMb = message.rssMb;
    const entry = this.pending.get(message.runId);
    if (!entry) return;
    this.pending.delete(message.runId);
    if (entry.timer) clearTimeout(entry.timer);
    this.served++;
    entry.resolve({ kind: 'result', outcome: message.outcome, rssMb: message.rssMb, ...(message.openFiles === undefined ? {} : { openFiles: message.openFiles }) });
  }

  /**
   * Sends a run; its deadline (`deadlineMs`, counted from when the process is ready) is the server's
   * own: past it the run is `overdue` and the process is ended, whatever it is doing.
   */
  async run(request: Omit<RunRequest, 'type'>, deadlineMs: number): Promise<ProcessReply> {
    this.lastUsedAt = Date.now();
    await this.start();
    if (this.ended || !this.child) return { kind: 'lost' };
    const channel = this.child.stdio[3] as Duplex;
    return new Promise((resolve) => {
      const entry: Pending = { resolve, timer: null, deadlineMs, rearmed: false };
      this.pending.set(request.runId, entry);
      channel.write(`${JSON.stringify({ type: 'run', ...request })}\n`);
      void this.ready.then((ready) => {
        if (ready && this.pending.get(request.runId) === entry) this.arm(request.runId, entry);
      });
    });
  }

  private arm(runId: string, entry: Pending): void {
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = setTimeout(() => this.overdue(runId), entry.deadlineMs);
    entry.timer.unref();
  }

  /** Only once per run: a runtime that kept restarting a run would otherwise hold it for ever. */
  private rearm(runId: string): void {
    const entry = this.pending.get(runId);
    if (!entry || entry.rearmed || !entry.timer) return;
    entry.rearmed = true;
    this.arm(runId, entry);
  }

  cancel(runId: string): void {
    const entry = this.pending.get(runId);
    if (!entry || !this.child) return;
    this.pending.delete(runId);
    if (entry.timer) clearTimeout(entry.timer);
    (this.child.stdio[3] as Duplex).write(`${JSON.stringify({ type: 'cancel', runId })}\n`);
  }

  private overdue(runId: string): void {
    const entry = this.pending.get(runId);
    if (!entry) return;
    this.pending.delete(runId);
    this.options.onLog?.('a run passed its deadline on the warm runtime: the runtime is ended and its other runs are run again');
    entry.resolve({ kind: 'overdue' });
    this.stop();
  }

  /** Past an output limit: the process is ended and its runs fail as their scripts' own fault. */
  private endForOutput(message: string): void {
    if (this.ended) return;
    this.options.onLog?.(`the warm runtime was ended at its output limit: ${message}`);
    const alone = this.pending.size === 1;
    for (const entry of this.pending.values()) {
      if (entry.timer) clearTimeout(entry.timer);
      entry.resolve({ kind: 'output', message, alone });
    }
    this.pending.clear();
    this.stop();
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.startTimer) clearTimeout(this.startTimer);
    this.markReady(false);
    for (const entry of this.pending.values()) {
      if (entry.timer) clearTimeout(entry.timer);
      entry.resolve({ kind: 'lost' });
    }
    this.pending.clear();
    this.log.flush();
    const root = this.root;
    if (root) void rm(root, { recursive: true, force: true }).catch(() => undefined);
  }

  /** Ends the process and everything it started (its process group; bubblewrap takes its PID namespace along). */
  stop(): void {
    const pid = this.child?.pid;
    if (pid !== undefined && !this.ended) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    this.end();
  }
}

function safeJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return null;
  }
}
