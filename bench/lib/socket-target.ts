import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { trackChild } from './cleanup';
import { REPO_ROOT } from './server';

export interface SocketTargetStats {
  connections: number;
  queries: number;
  nxdomain: number;
  undecodable: number;
  /** Connections to the quiet TCP listener, or queries to the silent DNS port. */
  quiet: number;
}

export interface SocketTarget {
  /** "host:port" of each listener (TCP) or of the one DNS server. */
  endpoints: string[];
  /** "host:port" that accepts and never speaks (TCP) or never answers (DNS over UDP). */
  quiet: string;
  pid: number;
  stats(): Promise<SocketTargetStats | null>;
  stop(): Promise<void>;
}

const SERVER_FILE = fileURLToPath(new URL('./socket-target-server.ts', import.meta.url));

/** Starts bench/lib/socket-target-server.ts (`tcp <addresses> <ports>` or `dns`) in its own node process. */
export async function startSocketTarget(args: string[]): Promise<SocketTarget> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_FILE, ...args], { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
  trackChild(child);
  let buffer = '';
  const waiting: ((stats: SocketTargetStats | null) => void)[] = [];
  child.stdout!.setEncoding('utf8');
  const ready = new Promise<{ endpoints: string[]; quiet: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the socket target (${args.join(' ')}) did not listen within 60 s`)), 60_000);
    child.stdout!.on('data', (chunk: string) => {
      buffer += chunk;
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        const readyLine = /^socket target ready (.+)$/.exec(line);
        if (readyLine) {
          clearTimeout(timer);
          resolve(JSON.parse(readyLine[1]!) as { endpoints: string[]; quiet: string });
        }
        const statsLine = /^socket target stats (.+)$/.exec(line);
        if (statsLine) waiting.shift()?.(JSON.parse(statsLine[1]!) as SocketTargetStats);
        newline = buffer.indexOf('\n');
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the socket target exited (code ${code}) before it listened`));
    });
  });
  const { endpoints, quiet } = await ready;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    endpoints,
    quiet,
    pid: child.pid!,
    stats: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(null);
        const timer = setTimeout(() => resolve(null), 5_000);
        waiting.push((stats) => {
          clearTimeout(timer);
          resolve(stats);
        });
        child.stdin!.write('stats\n');
      }),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.stdin!.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
