import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { PROJECT_ROOT } from '../../src-main/core/config';

export interface CliServer {
  child: ChildProcess;
  url: string;
  /** The owner key printed on a first start, or null when none was printed. */
  printedKey: string | null;
  stdout: string[];
  stderr: string[];
  /** Resolves with [exit code, signal] once the process has exited. */
  exited: Promise<[number | null, NodeJS.Signals | null]>;
  /** Sends the signal and resolves with the exit code once the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const running = new Set<ChildProcess>();

/** Kills CLI processes a failed test left behind (only those started here). */
export function killLeftovers(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith('SIGHTLINE_')) delete env[name];
  // No canary (the machine's gateway) unless a test names one: test traffic stays on loopback.
  env.SIGHTLINE_CANARIES = 'off';
  return env;
}

export interface StartCliOptions {
  /** Extra environment over the test's own (whose SIGHTLINE_* variables are dropped). */
  env?: NodeJS.ProcessEnv;
  /** Run checks on their schedule (default: --no-scheduler, so a test's runs are the ones it triggers). */
  scheduler?: boolean;
}

/**
 * Runs `sightline serve` and resolves once it prints its listening line. `--no-console-build` keeps
 * the test from building the console bundle (out/renderer) as a side effect.
 */
export async function startCli(args: string[], options: StartCliOptions = {}): Promise<CliServer> {
  const child = spawn(process.execPath, [join(PROJECT_ROOT, 'bin', 'sightline.mjs'), 'serve', '--no-console-build', ...(options.scheduler ? [] : ['--no-scheduler']), ...args], {
    cwd: PROJECT_ROOT,
    env: { ...cleanEnv(), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const exited = once(child, 'exit').then(([code, signal]) => {
    running.delete(child);
    return [code, signal] as [number | null, NodeJS.Signals | null];
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => stderr.push(line));

  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      stdout.push(line);
      const match = /^Sightline API listening on (http:\/\/\S+)$/.exec(line);
      if (match) resolve(match[1]);
    });
    void exited.then(([code, signal]) => reject(new Error(`sightline serve exited with ${code ?? signal} before listening:\n${stdout.join('\n')}\n${stderr.join('\n')}`)));
  });

  const keyLine = stdout.find((line) => /\bsl_[A-Za-z0-9_-]+/.test(line));
  const printedKey = keyLine ? /\b(sl_[A-Za-z0-9_-]+)/.exec(keyLine)![1] : null;
  return {
    child,
    url,
    printedKey,
    stdout,
    stderr,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return (await exited)[0];
    },
  };
}
