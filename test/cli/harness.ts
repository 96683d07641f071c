import { spawn, execFile } from 'node:child_process';
import { access, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { inject, vi } from 'vitest';

/** The release of the public API's CLI the suite drives (the last one that runs on Node 20). */
export const CLI_VERSION = '8.23.2';

/** Generous per-test timeout for CLI tests: the CLI takes one to two seconds to start. */
export const CLI_TEST_TIMEOUT = 120_000;
/** Hooks may install the CLI (about 10 s from the registry, minutes on a slow network). */
export const CLI_HOOK_TIMEOUT = 360_000;

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by the own-process project of vitest.config.ts: each of its files starts in a fresh worker. */
    ownProcess: boolean;
  }
}

// Every vitest file that uses the harness gets these without asking: each CLI run takes 1-2 s to start.
// A reused worker would run this once for its first file only, hence the own-process project.
if (process.env.VITEST) {
  if (inject('ownProcess') !== true) throw new Error('a test file that uses test/cli/harness.ts belongs in the own-process project (OWN_PROCESS in vitest.config.ts)');
  vi.setConfig({ testTimeout: CLI_TEST_TIMEOUT, hookTimeout: CLI_HOOK_TIMEOUT });
}

/** Where the CLI is installed: outside the repository, so `npm ci` and the checkout stay clean. */
export function cliCacheDir(): string {
  return process.env.SIGHTLINE_CLI_CACHE || join(homedir(), '.cache', 'sightline-cli');
}

/** The server the CLI talks to: anything with a base url, an API key and (optionally) an account id. */
export interface CliTarget {
  url: string;
  key: string;
  /** The account the key belongs to; defaults to `backend.accountId` of a test server. */
  accountId?: string;
  backend?: { accountId: string };
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Milliseconds from the CLI's last output to its exit: how long it lingered after saying everything. */
  lingerMs: number;
}

export interface RunCliOptions {
  /** Working directory; defaults to a private temporary folder. */
  cwd?: string;
  /** Kills the CLI after this many milliseconds (default 60 s); the result then has code null. */
  timeoutMs?: number;
  /** Written to the CLI's stdin, which is then closed. */
  input?: string;
}

const execFileAsync = promisify(execFile);
let installing: Promise<string> | null = null;
async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

function binaryPath(cacheDir: string): string {
  return join(cacheDir, 'node_modules', '.bin', process.platform === 'win32' ? 'checkly.cmd' : 'checkly');
}

async function installedVersion(cacheDir: string): Promise<string | null> {
  try {
    const manifest = JSON.parse(await readFile(join(cacheDir, 'node_modules', 'checkly', 'package.json'), 'utf8')) as { version?: string };
    return manifest.version ?? null;
  } catch {
    return null;
  }
}

async function isInstalled(cacheDir: string): Promise<boolean> {
  return (await installedVersion(cacheDir)) === CLI_VERSION && (await exists(binaryPath(cacheDir)));
}

/**
 * Test files run in parallel processes: one installs while the others wait for its lock folder to go
 * (a lock older than the install's time limit is taken over).
 */
async function install(cacheDir: string): Promise<string> {
  const binary = binaryPath(cacheDir);
  if (await isInstalled(cacheDir)) return binary;
  await mkdir(cacheDir, { recursive: true });
  const lock = join(cacheDir, '.install-lock');
  const deadline = Date.now() + 360_000;
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch {
      if (await isInstalled(cacheDir)) return binary;
      if (Date.now() > deadline) {
        await rm(lock, { recursive: true, force: true });
        continue;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    if (await isInstalled(cacheDir)) return binary;
    return await installLocked(cacheDir, binary);
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

async function installLocked(cacheDir: string, binary: string): Promise<string> {
  if (!(await exists(join(cacheDir, 'package.json')))) {
    await writeFile(join(cacheDir, 'package.json'), JSON.stringify({ name: 'sightline-cli-cache', private: true }, null, 2));
  }
  try {
    await execFileAsync(
      'npm',
      ['install', '--prefix', cacheDir, '--no-audit', '--no-fund', '--loglevel=error', `checkly@${CLI_VERSION}`],
      { timeout: 300_000, maxBuffer: 16 * 1024 * 1024 },
    );
  } catch (error) {
    const detail = error instanceof Error ? ((error as { stderr?: string }).stderr || error.message) : String(error);
    throw new Error(
      `Could not install checkly@${CLI_VERSION} into ${cacheDir} (is the npm registry reachable?). ` +
        `Install it by hand with "npm install --prefix ${cacheDir} checkly@${CLI_VERSION}" or point SIGHTLINE_CLI_CACHE at a folder that has it.\n${detail}`,
      { cause: error },
    );
  }
  if (!(await exists(binary))) throw new Error(`npm installed checkly@${CLI_VERSION} into ${cacheDir} but ${binary} is missing`);
  return binary;
}

/** The path of the `checkly` binary, installing checkly@8.23.2 into the cache folder first when it is missing. */
export function ensureCli(): Promise<string> {
  if (!installing) {
    installing = install(cliCacheDir()).catch((error: unknown) => {
      installing = null;
      throw error;
    });
  }
  return installing;
}

const CHECKOUT = resolve(import.meta.dirname, '..', '..');

function insideCheckout(dir: string): boolean {
  const path = relative(CHECKOUT, resolve(dir));
  return !path.startsWith('..') && !isAbsolute(path);
}

/**
 * Runs the CLI against `server` (CHECKLY_ENV=local with its url, key and account) in a private HOME,
 * with `extraEnv` on top (a value of `undefined` removes a variable),
 * so the CLI's config files never leak between runs or into the user's home. Never throws for a
 * non-zero exit: the caller asserts on `code`.
 */
export async function runCli(
  server: CliTarget,
  args: string[],
  extraEnv: Record<string, string | undefined> = {},
  opts: RunCliOptions = {},
): Promise<CliResult> {
  // The CLI writes a checkly.config.ts where it runs: never let that be the checkout.
  if (opts.cwd !== undefined && insideCheckout(opts.cwd)) throw new Error(`runCli: run the CLI in a temporary folder, not in the checkout (${opts.cwd})`);
  const binary = await ensureCli();
  const home = await mkdtemp(join(tmpdir(), 'sightline-cli-home-'));
  const accountId = server.accountId ?? server.backend?.accountId;
  if (!accountId) throw new Error('runCli needs the account id: pass a test server or { url, key, accountId }');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    USERPROFILE: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    TMPDIR: tmpdir(),
    CI: '1',
    NO_COLOR: '1',
    FORCE_COLOR: '0',
    CHECKLY_ENV: 'local',
    CHECKLY_API_URL: server.url,
    CHECKLY_API_KEY: server.key,
    CHECKLY_ACCOUNT_ID: accountId,
  };
  for (const [name, value] of Object.entries(extraEnv)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  try {
    return await new Promise<CliResult>((resolve, reject) => {
      const child = spawn(binary, args, { cwd: opts.cwd ?? home, env, stdio: ['pipe', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      let lastOutputAt = Date.now();
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        lastOutputAt = Date.now();
      });
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
        lastOutputAt = Date.now();
      });
      const timer = setTimeout(() => {
        stderr += `\n[runCli] killed after ${opts.timeoutMs ?? 60_000} ms`;
        child.kill('SIGKILL');
      }, opts.timeoutMs ?? 60_000);
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code, stdout, stderr, lingerMs: Date.now() - lastOutputAt });
      });
      child.stdin.end(opts.input ?? '');
    });
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}

