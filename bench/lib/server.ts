import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { trackChild } from './cleanup';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BENCH_API_KEY = 'bench-key-0123456789abcdef';

export interface ServerOptions {
  dataDir: string;
  /** Fixed port (the restart scenario must know it before the server says it); default 0. */
  port?: number;
  /** More `serve` flags, e.g. ['--lane-multistep', '1']. */
  extraArgs?: string[];
  readyTimeoutMs?: number;
}

export interface LogSummary {
  lines: number;
  warnings: number;
  errors: number;
  /** Distinct warning/error messages with their count, in order of first appearance. */
  messages: Map<string, number>;
}

export interface ServerHandle {
  /** The server process itself (bin/sightline.mjs runs the sources in-process with tsx). */
  pid: number;
  apiUrl: string;
  /** Null when the probes line never came. */
  healthUrl: string | null;
  /** Epoch ms just before spawn(), and when the API line was read. */
  spawnedAt: number;
  apiLineAt: number;
  log: LogSummary;
  logFile: string;
  /** SIGTERM, then SIGKILL after timeoutMs; resolves with the exit code (null when killed). */
  stop(timeoutMs?: number): Promise<{ code: number | null; signal: string | null; stopMs: number }>;
  child: ChildProcess;
}

/** setpriv --pdeathsig makes the server stop with the bench even when the bench is SIGKILLed. */
const hasSetpriv = spawnSync('setpriv', ['--help'], { stdio: 'ignore' }).status === 0;

function serveCommand(options: ServerOptions): { command: string; args: string[] } {
  const args = [
    join(REPO_ROOT, 'bin', 'sightline.mjs'),
    'serve',
    '--data-dir',
    options.dataDir,
    '--port',
    String(options.port ?? 0),
    '--agent-health-port',
    '0',
    '--api-key',
    BENCH_API_KEY,
    '--no-console-build',
    // The benchmarks' traffic stays on loopback: no pings to the machine's gateway.
    '--no-canary',
    '--rate-limit',
    '1000000',
    ...(options.extraArgs ?? []),
  ];
  // BENCH_SERVER_CPU_PROF=<dir>: the server writes a CPU profile there when it stops (to find what a figure spends).
  const profDir = process.env.BENCH_SERVER_CPU_PROF;
  if (profDir) args.unshift('--cpu-prof', `--cpu-prof-dir=${profDir}`);
  // BENCH_SERVER_NODE_ARGS="--trace-gc --heapsnapshot-signal=SIGUSR2": more flags for the server's node (its stdout goes to bench-server.out).
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  if (nodeArgs.length > 0) args.unshift(...nodeArgs);
  if (hasSetpriv) return { command: 'setpriv', args: ['--pdeathsig', 'SIGTERM', '--', process.execPath, ...args] };
  return { command: process.execPath, args };
}

function summariseLogLine(line: string, log: LogSummary): void {
  log.lines++;
  let level: number;
  let message = line.slice(0, 200);
  try {
    const parsed = JSON.parse(line) as { level?: number; msg?: string };
    level = parsed.level ?? 0;
    if (parsed.msg) message = parsed.msg.slice(0, 200);
  } catch {
    // not JSON (a plain "Warning: ..." line): counted as a warning
    level = 40;
  }
  if (level >= 50) log.errors++;
  else if (level >= 40) log.warnings++;
  else return;
  if (log.messages.size < 50 || log.messages.has(message)) log.messages.set(message, (log.messages.get(message) ?? 0) + 1);
}

function lines(stream: NodeJS.ReadableStream, onLine: (line: string) => void, copy?: WriteStream): void {
  let buffer = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    copy?.write(chunk);
    buffer += chunk;
    let newline = buffer.indexOf('\n');
    while (newline >= 0) {
      onLine(buffer.slice(0, newline));
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf('\n');
    }
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Spawns `sightline serve` and resolves once it printed its API line (and, shortly after, the probes line). */
export async function startServer(options: ServerOptions): Promise<ServerHandle> {
  const { command, args } = serveCommand(options);
  const logFile = join(options.dataDir, 'bench-server.log');
  const copy = createWriteStream(logFile, { flags: 'a' });
  const stdoutCopy = process.env.BENCH_SERVER_NODE_ARGS ? createWriteStream(join(options.dataDir, 'bench-server.out'), { flags: 'a' }) : undefined;
  const spawnedAt = Date.now();
  const child = spawn(command, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SIGHTLINE_LOG_LEVEL: process.env.SIGHTLINE_LOG_LEVEL ?? 'warn' } });
  trackChild(child);
  const log: LogSummary = { lines: 0, warnings: 0, errors: 0, messages: new Map() };
  const stderrTail: string[] = [];
  const stdout: string[] = [];
  const seen: { api: string | null; apiAt: number; health: string | null } = { api: null, apiAt: 0, health: null };
  let notify: () => void = () => undefined;
  lines(child.stdout!, (line) => {
    if (stdout.length < 50) stdout.push(line);
    const api = /Sightline API listening on (\S+)/.exec(line);
    if (api) {
      seen.api = api[1];
      seen.apiAt = Date.now();
    }
    const health = /Agent health probes on (\S+)/.exec(line);
    if (health) seen.health = health[1];
    notify();
  }, stdoutCopy);
  lines(
    child.stderr!,
    (line) => {
      summariseLogLine(line, log);
      stderrTail.push(line);
      if (stderrTail.length > 8) stderrTail.shift();
    },
    copy,
  );
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  child.once('exit', () => {
    copy.end();
    stdoutCopy?.end();
    notify();
  });

  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  const waitFor = async (ready: () => boolean, until: number) => {
    while (!ready() && child.exitCode === null && child.signalCode === null && Date.now() < until) {
      await new Promise<void>((resolve) => {
        notify = resolve;
        setTimeout(resolve, 250);
      });
    }
  };
  await waitFor(() => seen.api !== null, deadline);
  const apiUrl = seen.api;
  if (apiUrl === null) {
    child.kill('SIGKILL');
    // 'close' comes after the last of stderr was read.
    await new Promise<void>((resolve) => {
      child.once('close', () => resolve());
      setTimeout(resolve, 2_000);
    });
    throw new Error(`the server did not print its API line within ${options.readyTimeoutMs ?? 60_000} ms (exit ${child.exitCode ?? child.signalCode ?? 'none'}); stdout: ${stdout.join(' | ') || '(none)'}; stderr: ${stderrTail.join(' | ').slice(0, 1500) || '(none)'}; log: ${logFile}`);
  }
  await waitFor(() => seen.health !== null, Date.now() + 5_000);

  const stop = async (timeoutMs = 60_000) => {
    const started = Date.now();
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    const result = await exited;
    clearTimeout(timer);
    return { ...result, stopMs: Date.now() - started };
  };
  return { pid: child.pid!, apiUrl, healthUrl: seen.health, spawnedAt, apiLineAt: seen.apiAt, log, logFile, stop, child };
}
