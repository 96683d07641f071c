import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { api } from './api';
import { trackChild } from './cleanup';
import { REPO_ROOT } from './server';

export interface FlowTargetStats {
  itemGets: number;
  itemPosts: number;
  headerGets: number;
  other: number;
}

export interface FlowTarget {
  /** http://127.0.0.1:<port>, what the checks get as API_BASE. */
  url: string;
  pid: number;
  stats(): Promise<FlowTargetStats | null>;
  stop(): Promise<void>;
}

const SERVER_FILE = fileURLToPath(new URL('./flow-target-server.ts', import.meta.url));

/** Starts bench/lib/flow-target-server.ts in its own node process and waits for its address. */
export async function startFlowTarget(): Promise<FlowTarget> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_FILE], { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
  trackChild(child);
  const url = await new Promise<string>((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => reject(new Error('the flow target did not print its address within 30 s')), 30_000);
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      buffer += chunk;
      const match = /flow target listening on (\S+)/.exec(buffer);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the flow target exited (code ${code}) before it listened`));
    });
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    pid: child.pid!,
    stats: async () => {
      try {
        const res = await api(url, 'GET', '/stats', undefined, 5_000);
        return res.status === 200 ? (res.body as FlowTargetStats) : null;
      } catch {
        return null;
      }
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.stdin!.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
