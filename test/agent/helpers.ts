import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { PROJECT_ROOT } from '../../src-main/core/config';

/** Polls until `probe` returns a value other than undefined, or fails after `timeoutMs`. */
export async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 15_000, everyMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export interface CliProcess {
  child: ChildProcess;
  stdout: string[];
  stderr: string[];
  exited: Promise<number | null>;
  /** Resolves with the first capture group of the first stdout line matching `pattern`. */
  line(pattern: RegExp, timeoutMs?: number): Promise<string>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const running = new Set<ChildProcess>();

/** Kills the processes a failed test left behind (only those started here). */
export function killLeftovers(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

function cleanEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith('SIGHTLINE_') || name === 'AGENT_HEALTH_PORT') delete env[name];
  // No canary (the machine's gateway) unless a test names one: test traffic stays on loopback.
  return { ...env, SIGHTLINE_CANARIES: 'off', ...extra };
}

/** Runs `node bin/sightline.mjs <args>` and collects its output line by line. */
export function spawnSightline(args: string[], env: NodeJS.ProcessEnv = {}): CliProcess {
  const child = spawn(process.execPath, [join(PROJECT_ROOT, 'bin', 'sightline.mjs'), ...args], { cwd: PROJECT_ROOT, env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  const stdout: string[] = [];
  const stderr: string[] = [];
  const listeners = new Set<(line: string) => void>();
  createInterface({ input: child.stdout! }).on('line', (text) => {
    stdout.push(text);
    for (const listener of listeners) listener(text);
  });
  createInterface({ input: child.stderr! }).on('line', (text) => stderr.push(text));
  const exited = once(child, 'exit').then(([code]) => {
    running.delete(child);
    return code as number | null;
  });
  const describe = () => `stdout:\n${stdout.join('\n')}\nstderr:\n${stderr.join('\n')}`;
  return {
    child,
    stdout,
    stderr,
    exited,
    line(pattern, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = (text: string) => {
          const match = pattern.exec(text);
          if (!match) return false;
          finish();
          resolve(match[1] ?? match[0]);
          return true;
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`no line matching ${pattern} within ${timeoutMs} ms\n${describe()}`));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        if (stdout.some((text) => check(text))) return;
        listeners.add(check);
        void exited.then((code) => {
          if (!listeners.has(check)) return;
          finish();
          reject(new Error(`process exited (${code}) before a line matching ${pattern}\n${describe()}`));
        });
      });
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

export async function probe(url: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** Whether a process with this id runs (a zombie, dead but not yet reaped, does not). */
export function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The state follows the command name, which is in parentheses and may hold spaces.
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** The ids of every process below `pid` (Linux /proc), children first. */
export function descendantsOf(pid: number): number[] {
  const attempt = <T>(read: () => T, fallback: T): T => {
    try {
      return read();
    } catch {
      return fallback;
    }
  };
  const found: number[] = [];
  const visit = (parent: number) => {
    for (const task of attempt(() => readdirSync(`/proc/${parent}/task`), [] as string[])) {
      const children = attempt(() => readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8'), '');
      for (const child of children.split(' ').filter(Boolean).map(Number)) {
        found.push(child);
        visit(child);
      }
    }
  };
  visit(pid);
  return found;
}
