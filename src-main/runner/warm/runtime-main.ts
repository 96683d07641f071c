import { readdirSync } from 'node:fs';
import { Socket } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Worker } from 'node:worker_threads';
import { FromThread, ToRuntime, type FromRuntime, type RunOutcome, type RunRequest } from './protocol';

/**
 * The main thread of a warm runtime process (inside the multi-step sandbox). It keeps worker threads
 * with @playwright/test loaded and hands each run to the least busy one. A thread that stops
 * answering (a script blocking its event loop) or runs out of memory is replaced; the runs it
 * carried are then run again one to a thread, so the run at fault fails alone and the others finish.
 */

const THREADS = Math.max(1, Number(process.env.SIGHTLINE_WARM_THREADS) || 2);
const THREAD_HEAP_MB = Math.max(64, Number(process.env.SIGHTLINE_WARM_THREAD_HEAP_MB) || 384);
/** A thread is replaced after this many runs, or when its heap stays above half its limit. */
const RUNS_PER_THREAD = Math.max(1, Number(process.env.SIGHTLINE_WARM_RUNS_PER_THREAD) || 5000);
const PING_MS = 200;
/** A thread with runs that has not answered a ping for this long is blocked. */
const UNRESPONSIVE_MS = 1000;
/** A thread that has not answered for this long gets no new runs until it does. */
const LAGGING_MS = 500;
/** After its time limit, how long a run may take to wind down before its thread is stopped. */
const HARD_GRACE_MS = 3000;
/** Threads that run one run at a time, for runs whose shared thread failed; the process has room for this many beside the shared ones. */
const ISOLATION_THREADS = 2;

const channel = new Socket({ fd: 3, readable: true, writable: true });
const reply = (message: FromRuntime) => channel.write(`${JSON.stringify(message)}\n`);
/** The process's size; 0 when it cannot be read (no descriptor left to read it with): a run's hog must not crash the runtime. */
const rssMb = () => {
  try {
    return Math.round(process.memoryUsage.rss() / 1048576);
  } catch {
    return 0;
  }
};
/** Open file descriptors of the process, for the server to retire a runtime that nears its limit; undefined when unreadable. */
const openFiles = (): number | undefined => {
  try {
    return readdirSync('/proc/self/fd').length;
  } catch {
    return undefined;
  }
};
const resultOf = (runId: string, outcome: RunOutcome): FromRuntime => {
  const files = openFiles();
  return { type: 'result', runId, outcome, rssMb: rssMb(), ...(files === undefined ? {} : { openFiles: files }) };
};

interface InFlight {
  request: RunRequest;
  deadline: number;
  sentAt: number;
  /** Run again alone after its shared thread failed: now any failure of its thread is its own. */
  isolated: boolean;
}

interface Thread {
  worker: Worker;
  ready: boolean;
  runs: Map<string, InFlight>;
  lastPong: number;
  served: number;
  retiring: boolean;
  /** A thread of one run, for a run whose shared thread failed. */
  isolation: boolean;
  gone: boolean;
}

const threads = new Set<Thread>();
const waiting: InFlight[] = [];
let readySent = false;

function startThread(isolation = false): Thread {
  const worker = new Worker(join(__dirname, 'runtime-thread.cjs'), { resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB } });
  const thread: Thread = { worker, ready: false, runs: new Map(), lastPong: Date.now(), served: 0, retiring: false, isolation, gone: false };
  threads.add(thread);
  worker.on('message', (raw: unknown) => onThreadMessage(thread, raw));
  worker.on('error', (error: Error & { code?: string }) => onThreadGone(thread, error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crashed', error.message));
  worker.on('exit', () => onThreadGone(thread, 'crashed', 'its thread exited'));
  return thread;
}

function onThreadMessage(thread: Thread, raw: unknown): void {
  const message = FromThread.parse(raw);
  thread.lastPong = Date.now();
  if (message.type === 'ready') {
    thread.ready = true;
    if (!readySent && [...threads].filter((t) => !t.isolation).every((t) => t.ready)) {
      readySent = true;
      reply({ type: 'ready', threads: THREADS });
    }
    pump();
    return;
  }
  if (message.type === 'pong') return;
  if (!thread.runs.delete(message.runId)) return;
  thread.served++;
  reply(resultOf(message.runId, message.outcome));
  // An isolation thread that finished its run is sound: it takes the next run waiting to run alone.
  const moreAlone = waiting.some((run) => run.isolated);
  if ((thread.isolation && !moreAlone) || thread.served >= RUNS_PER_THREAD || message.heapUsedMb > THREAD_HEAP_MB / 2) retire(thread);
  pump();
}

function retire(thread: Thread): void {
  thread.retiring = true;
  if (thread.runs.size === 0) stopThread(thread);
  if (!thread.isolation) ensureThreads();
}

function stopThread(thread: Thread): void {
  thread.gone = true;
  threads.delete(thread);
  void thread.worker.terminate();
}

/** A thread died or was stopped: its runs are settled, alone ones with the reason, shared ones run again alone. */
function onThreadGone(thread: Thread, reason: 'memory' | 'hung' | 'crashed', detail: string): void {
  const runs = [...thread.runs.values()];
  thread.runs.clear();
  if (!thread.gone) stopThread(thread);
  // The run at fault has most likely run longest: the newest go first, so the sound ones are not stuck behind it.
  const again: InFlight[] = [];
  for (const run of runs.sort((a, b) => b.sentAt - a.sentAt)) {
    if (run.isolated || runs.length === 1) settleStopped(run, reason, detail);
    else {
      run.isolated = true;
      again.push(run);
    }
  }
  waiting.unshift(...again);
  ensureThreads();
  pump();
}

function settleStopped(run: InFlight, reason: 'memory' | 'hung' | 'crashed', detail: string): void {
  const messages = {
    hung: `the script blocked its runtime past its time limit of ${run.request.timeoutMs} ms (a synchronous loop?) and was stopped`,
    memory: `the script went over its memory limit and was stopped (${detail})`,
    crashed: `the script's runtime thread ended unexpectedly: ${detail}`,
  };
  const outcome: RunOutcome = { kind: 'stopped', reason, message: messages[reason] };
  reply(resultOf(run.request.runId, outcome));
}

function ensureThreads(): void {
  const shared = [...threads].filter((t) => !t.isolation && !t.retiring);
  for (let i = shared.length; i < THREADS; i++) startThread();
}

function pump(): void {
  for (let i = 0; i < waiting.length; ) {
    const run = waiting[i];
    if (!run) break;
    const now = Date.now();
    const answering = (t: Thread) => t.runs.size === 0 || now - t.lastPong < LAGGING_MS;
    const target = run.isolated ? aloneThread() : [...threads].filter((t) => t.ready && !t.isolation && !t.retiring && answering(t)).sort((a, b) => a.runs.size - b.runs.size)[0];
    if (!target) {
      i++;
      continue;
    }
    waiting.splice(i, 1);
    run.deadline = now + run.request.timeoutMs + HARD_GRACE_MS;
    run.sentAt = now;
    target.runs.set(run.request.runId, run);
    target.worker.postMessage(run.request);
    // Started over alone: the server's deadline for it starts over too (once).
    if (run.isolated) reply({ type: 'restarted', runId: run.request.runId });
  }
}

/** A free isolation thread, started when there is room for one more (it takes its run once ready). */
function aloneThread(): Thread | undefined {
  const alone = [...threads].filter((t) => t.isolation && !t.retiring);
  const free = alone.find((t) => t.ready && t.runs.size === 0);
  if (free) return free;
  if (alone.length < ISOLATION_THREADS) startThread(true);
  return undefined;
}

function watch(): void {
  const now = Date.now();
  for (const thread of [...threads]) {
    if (thread.runs.size === 0) {
      if (thread.ready) thread.worker.postMessage({ type: 'ping' });
      continue;
    }
    const silent = now - thread.lastPong > UNRESPONSIVE_MS;
    const overdue = [...thread.runs.values()].filter((run) => run.deadline < now);
    if (silent && ((!thread.isolation && thread.runs.size > 1) || overdue.length > 0)) {
      // Blocked: every run on it waits on the one at fault, which is found by running them alone.
      onThreadGone(thread, 'hung', 'blocked');
      continue;
    }
    // Answering, yet past its hard limit (its tests' own limits should have ended it): stopped alone.
    for (const run of overdue) {
      thread.runs.delete(run.request.runId);
      thread.worker.postMessage({ type: 'cancel', runId: run.request.runId });
      settleStopped(run, 'hung', 'overdue');
    }
    thread.worker.postMessage({ type: 'ping' });
  }
}

const lines = createInterface({ input: channel });
lines.on('line', (line) => {
  const message = ToRuntime.parse(JSON.parse(line));
  if (message.type === 'cancel') {
    for (const thread of threads) if (thread.runs.delete(message.runId)) thread.worker.postMessage(message);
    const index = waiting.findIndex((run) => run.request.runId === message.runId);
    if (index >= 0) waiting.splice(index, 1);
    return;
  }
  waiting.push({ request: message, deadline: Date.now() + message.timeoutMs + HARD_GRACE_MS, sentAt: Date.now(), isolated: false });
  pump();
});
// The server went away: so does the runtime (bubblewrap's --die-with-parent covers a SIGKILL).
channel.on('close', () => process.exit(0));
channel.on('error', () => process.exit(0));

ensureThreads();
setInterval(watch, PING_MS).unref();
