import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { trackChild } from './cleanup';

/**
 * The public CLI the bench drives, the same release and cache folder as test/cli/harness.ts (whose
 * module pulls in vitest, so the bench keeps its own copy of the install step).
 */
export const CLI_VERSION = '8.23.2';

export function cliCacheDir(): string {
  return process.env.SIGHTLINE_CLI_CACHE || join(homedir(), '.cache', 'sightline-cli');
}

const binaryOf = (cacheDir: string) => join(cacheDir, 'node_modules', '.bin', 'checkly');

function installedVersion(cacheDir: string): string | null {
  try {
    return (JSON.parse(readFileSync(join(cacheDir, 'node_modules', 'checkly', 'package.json'), 'utf8')) as { version?: string }).version ?? null;
  } catch {
    return null;
  }
}

/** The `checkly` binary, installed into the cache folder (outside the repository) when missing. */
export async function ensureCheckly(): Promise<string> {
  const cacheDir = cliCacheDir();
  const binary = binaryOf(cacheDir);
  if (installedVersion(cacheDir) === CLI_VERSION && existsSync(binary)) return binary;
  mkdirSync(cacheDir, { recursive: true });
  if (!existsSync(join(cacheDir, 'package.json'))) writeFileSync(join(cacheDir, 'package.json'), JSON.stringify({ name: 'sightline-cli-cache', private: true }, null, 2));
  process.stdout.write(`  installing checkly@${CLI_VERSION} into ${cacheDir}\n`);
  await promisify(execFile)('npm', ['install', '--prefix', cacheDir, '--no-audit', '--no-fund', '--loglevel=error', `checkly@${CLI_VERSION}`], { timeout: 300_000 });
  if (!existsSync(binary)) throw new Error(`npm installed checkly@${CLI_VERSION} into ${cacheDir} but ${binary} is missing`);
  return binary;
}

export interface CliTarget {
  url: string;
  key: string;
  accountId: string;
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Spawn → exit, by the bench's clock. */
  wallMs: number;
}

/** Runs the CLI in `cwd` against `target` (CHECKLY_ENV=local) with a private HOME, like a CI job would. */
export async function runCheckly(binary: string, target: CliTarget, args: string[], cwd: string, timeoutMs = 300_000): Promise<CliRun> {
  const home = mkdtempSync(join(tmpdir(), 'sightline-bench-cli-home-'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    TMPDIR: tmpdir(),
    CI: '1',
    NO_COLOR: '1',
    FORCE_COLOR: '0',
    CHECKLY_ENV: 'local',
    CHECKLY_API_URL: target.url,
    CHECKLY_API_KEY: target.key,
    CHECKLY_ACCOUNT_ID: target.accountId,
  };
  try {
    return await new Promise<CliRun>((resolve, reject) => {
      const started = Date.now();
      const child = spawn(binary, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
      trackChild(child);
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      const timer = setTimeout(() => {
        stderr += `\n[bench] killed after ${timeoutMs} ms`;
        child.kill('SIGKILL');
      }, timeoutMs);
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code, stdout, stderr, wallMs: Date.now() - started });
      });
    });
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
