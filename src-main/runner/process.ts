import { spawn as nodeSpawn } from 'node:child_process';
import { ByteWindow } from './bounded-lines';
import type { ExecutorDeps } from './types';

export interface ToolRun {
  command: string;
  args: string[];
  timeoutMs: number;
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Whether deps.wrapCommand applies (system probes yes, the multi-step node child no). */
  wrap?: boolean;
  /** Signal sent first on overrun; the process group is killed with SIGKILL shortly after. */
  softKillSignal?: NodeJS.Signals;
  /** Run as this user and group (a root server starts the multi-step sandbox as nobody). */
  uid?: number;
  gid?: number;
  /** Bytes stdout and stderr together may carry within any `windowMs`; past it the tool is killed (`outputLimited`). */
  outputLimit?: { maxWindowBytes: number; windowMs: number };
}

export interface ToolOutcome {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  aborted: boolean;
  /** The binary does not exist or cannot be executed. */
  missing: boolean;
  /** Killed for writing faster than its outputLimit. */
  outputLimited?: boolean;
  durationMs: number;
}

const MAX_OUTPUT = 4 * 1024 * 1024;
const HARD_KILL_AFTER_MS = 1000;
// A time limit that fires this late was held up: this process was frozen (SIGSTOP, a laptop lid) or stalled.
const LATE_TIMER_MS = 1000;
// Then the tool may well have finished meanwhile, its exit not yet read: the loop reads it before the limit counts.
const EXIT_READ_GRACE_MS = 500;
// A process that escaped the group (setsid) may hold the output pipes open after the tool exited.
const PIPES_GRACE_MS = 2000;
// `ip netns exec` reports a missing binary itself instead of failing to spawn.
const EXEC_FAILED = /exec of "[^"]*" failed: (No such file|Permission denied)/;

function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is already gone
  }
}

/** Runs a tool in its own process group (never through a shell) and always resolves. */
export function runTool(run: ToolRun, deps: ExecutorDeps): Promise<ToolOutcome> {
  const spawn = deps.spawn ?? nodeSpawn;
  const [command, args] = run.wrap !== false && deps.wrapCommand ? deps.wrapCommand(run.command, run.args) : [run.command, run.args];
  const startedAt = performance.now();
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    let aborted = false;
    let missing = false;
    let outputLimited = false;
    let settled = false;
    const child = spawn(command, args, {
      cwd: run.cwd,
      env: run.env ?? process.env,
      detached: true,
      shell: false,
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
      ...(run.uid === undefined ? {} : { uid: run.uid }),
      ...(run.gid === undefined ? {} : { gid: run.gid }),
    });
    const stop = (signal: NodeJS.Signals) => {
      killGroup(child.pid, signal);
      if (signal !== 'SIGKILL') setTimeout(() => killGroup(child.pid, 'SIGKILL'), HARD_KILL_AFTER_MS).unref();
    };
    const limitAt = performance.now() + run.timeoutMs;
    let graced = false;
    const onLimit = () => {
      if (!graced && performance.now() - limitAt > LATE_TIMER_MS) {
        graced = true;
        timer = setTimeout(onLimit, EXIT_READ_GRACE_MS);
        return;
      }
      timedOut = true;
      stop(run.softKillSignal ?? 'SIGKILL');
    };
    let timer = setTimeout(onLimit, run.timeoutMs);
    const onAbort = () => {
      aborted = true;
      stop('SIGKILL');
    };
    if (run.signal?.aborted) onAbort();
    else run.signal?.addEventListener('abort', onAbort, { once: true });

    // What is kept is capped; what arrives is also counted, so a tool cannot keep us reading forever.
    const window = run.outputLimit ? new ByteWindow(run.outputLimit.windowMs) : null;
    const counted = (chunk: string) => {
      if (!window || !run.outputLimit || outputLimited) return;
      if (window.add(chunk.length, performance.now()) <= run.outputLimit.maxWindowBytes) return;
      outputLimited = true;
      stop('SIGKILL');
    };
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      counted(chunk);
      if (stdout.length < MAX_OUTPUT) stdout += chunk;
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      counted(chunk);
      if (stderr.length < MAX_OUTPUT) stderr += chunk;
    });
    const finish = (exitCode: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      run.signal?.removeEventListener('abort', onAbort);
      if (EXEC_FAILED.test(stderr)) missing = true;
      resolve({ exitCode, stdout, stderr, timedOut, aborted, missing, ...(outputLimited ? { outputLimited } : {}), durationMs: performance.now() - startedAt });
    };
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'EACCES') missing = true;
      else stderr += String(error.message);
      finish(null);
    });
    child.on('close', (code) => finish(code));
    child.on('exit', (code) => {
      setTimeout(() => {
        child.stdout?.destroy();
        child.stderr?.destroy();
        finish(code);
      }, PIPES_GRACE_MS).unref();
    });
  });
}
