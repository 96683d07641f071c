import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Duplex } from 'node:stream';
import { handOver, launchCommand } from '../sandbox';
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
  tempRoot?: string;
  platform: NodeJS.Platform;
  onLog?: (line: string) => void;
}

/** What became of a run sent to a runtime process; `lost` when the process ended before answering. */
export type ProcessReply = { outcome: RunOutcome; rssMb: number } | 'lost';

/**
 * One warm runtime process: started inside the multi-step sandbox like a run (the same bubblewrap
 * launch, its own folder as the only writable place), fed runs over fd 3.
 */
export class RuntimeProcess {
  private child: ChildProcess | null = null;
  private root: string | null = null;
  private readonly pending = new Map<string, (reply: ProcessReply) => void>();
  private ended = false;
  readonly ready: Promise<boolean>;
  private markReady: (ready: boolean) => void = () => {};
  /** Why the process could not be started (its runs then go to the full path). */
  startError: string | null = null;
  served = 0;
  lastRssMb = 0;
  lastUsedAt = Date.now();

  constructor(private readonly options: RuntimeProcessOptions) {
    this.ready = new Promise((resolve) => {
      this.markReady = resolve;
    });
  }

  get inFlight(): number {
    return this.pending.size;
  }

  get alive(): boolean {
    return !this.ended;
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
      },
      memoryMb: options.processMemoryMb,
      platform: options.platform,
      heapFlag: false,
    });
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
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      // A pipe of a killed runtime can end in ECONNRESET: the process is gone either way (exit handles it).
      stream.on('error', () => undefined);
      createInterface({ input: stream }).on('line', (line) => options.onLog?.(line));
    }
    createInterface({ input: channel }).on('line', (line) => this.onLine(line));
    child.on('error', () => this.end());
    child.on('exit', () => this.end());
    channel.on('error', () => this.end());
  }

  private onLine(line: string): void {
    const parsed = FromRuntime.safeParse(safeJson(line));
    if (!parsed.success) return this.options.onLog?.(`unreadable runtime message: ${line.slice(0, 200)}`);
    const message = parsed.data;
    if (message.type === 'ready') return this.markReady(true);
    this.lastRssMb = message.rssMb;
    const resolve = this.pending.get(message.runId);
    if (!resolve) return;
    this.pending.delete(message.runId);
    this.served++;
    resolve({ outcome: message.outcome, rssMb: message.rssMb });
  }

  async run(request: Omit<RunRequest, 'type'>): Promise<ProcessReply> {
    this.lastUsedAt = Date.now();
    await this.start();
    if (this.ended || !this.child) return 'lost';
    const channel = this.child.stdio[3] as Duplex;
    return new Promise((resolve) => {
      this.pending.set(request.runId, resolve);
      channel.write(`${JSON.stringify({ type: 'run', ...request })}\n`);
    });
  }

  cancel(runId: string): void {
    const resolve = this.pending.get(runId);
    if (!resolve || !this.child) return;
    this.pending.delete(runId);
    (this.child.stdio[3] as Duplex).write(`${JSON.stringify({ type: 'cancel', runId })}\n`);
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    this.markReady(false);
    for (const resolve of this.pending.values()) resolve('lost');
    this.pending.clear();
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
