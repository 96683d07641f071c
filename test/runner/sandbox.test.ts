import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startHealthServer } from '../../src-main/agent/health-server';
import { parseMultiStepMemoryMb, resolveConfig } from '../../src-main/core/config';
import { DB_FILE_NAME } from '../../src-main/db/connection';
import { runJob } from '../../src-main/runner/run-job';
import { probeSandbox } from '../../src-main/runner/sandbox';
import { installedNodeModules } from '../../src-main/runner/multistep-workspace';
import type { ExecutionJob } from '../../src-main/runner/types';
import { startServer, type TestServer } from '../helpers/server';
import { trpcClient } from '../helpers/trpc';
import { MultiStepRunInput } from '../../src-shared/schemas/multistep-check';

interface StoredResult {
  resultType: 'ATTEMPT' | 'FINAL';
  hasFailures: boolean;
  hasErrors: boolean;
  isCancelled: boolean;
  timedOut: boolean;
  error: { kind: string; message: string } | null;
  multiStepCheckResult: { jobLog: { stream: string; text: string }[]; tests: { title: string; status: string }[] } | null;
}

/** Creates a multi-step check (no retries), runs it once and returns its stored FINAL result, as the API shows it. */
async function runScript(server: TestServer, script: string, variables: Record<string, string> = {}): Promise<StoredResult> {
  const environmentVariables = Object.entries(variables).map(([key, value]) => ({ key, value }));
  const created = await server.api('POST', '/v1/checks/multistep?autoAssignAlerts=false', { name: `sandbox ${randomUUID()}`, script, environmentVariables, doubleCheck: false });
  expect(created.status, created.text).toBe(201);
  const checkId = created.body.id as string;
  const triggered = await server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: [checkId] } });
  expect(triggered.status, triggered.text).toBe(201);
  const sessionId = triggered.body.sessions[0].checkSessionId as string;
  const done = await server.api('GET', `/v1/check-sessions/${sessionId}/completion?maxWaitSeconds=30`);
  expect(done.status, done.text).toBe(200);
  const final = (done.body.results as { resultType: string; checkResultId: string }[]).find((r) => r.resultType === 'FINAL');
  const result = await server.api('GET', `/v1/check-results/${checkId}/${final?.checkResultId}`);
  expect(result.status, result.text).toBe(200);
  return result.body as StoredResult;
}

function logText(result: StoredResult): string {
  return (result.multiStepCheckResult?.jobLog ?? []).map((line) => line.text).join('');
}

/** The JSON a probing script printed after "REPORT ". */
function reportOf(result: StoredResult): Record<string, any> {
  const match = /REPORT (.*)/.exec(logText(result));
  expect(match, logText(result) || JSON.stringify(result.error)).not.toBeNull();
  return JSON.parse(match?.[1] ?? '{}') as Record<string, any>;
}

/** Host processes whose command line holds the marker (zombies have none). */
async function hostProcessesWith(marker: string): Promise<string[]> {
  const found: string[] = [];
  for (const pid of (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry))) {
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.includes(marker)) found.push(`${pid}: ${cmdline.replace(/\0/g, ' ')}`);
  }
  return found;
}

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'warn', base: undefined }, stream), lines };
}

/** Everything a script tries against the machine it runs on, printed as one JSON line. */
const PROBING_SCRIPT = `
import { test } from '@playwright/test';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
const attempt = (what: () => string) => { try { return 'ok:' + what().replace(/\\0/g, ' ').slice(0, 300); } catch (e: any) { return e.code ?? String(e); } };
test('probe the machine', async ({ request }) => {
  const env = process.env;
  const report = {
    uid: process.getuid?.(),
    pids: readdirSync('/proc').filter((p) => /^\\d+$/.test(p)).map(Number),
    serverCmdline: attempt(() => readFileSync('/proc/' + env.SERVER_PID + '/cmdline', 'utf8')),
    serverEnviron: attempt(() => readFileSync('/proc/' + env.SERVER_PID + '/environ', 'utf8')),
    parentCmdline: attempt(() => readFileSync('/proc/' + process.ppid + '/cmdline', 'utf8')),
    initCmdline: attempt(() => readFileSync('/proc/1/cmdline', 'utf8')),
    initEnviron: attempt(() => readFileSync('/proc/1/environ', 'utf8')),
    database: attempt(() => readFileSync(env.DATABASE_FILE!, 'utf8')),
    homeFile: attempt(() => readFileSync(env.HOME_FILE!, 'utf8')),
    plant: attempt(() => { writeFileSync(join(env.DATA_DIR!, 'planted.txt'), 'x'); return 'written'; }),
    systemWrite: attempt(() => { writeFileSync('/usr/planted.txt', 'x'); return 'written'; }),
    env: Object.keys(env),
    home: env.HOME,
    http: (await request.get(env.TARGET + '/ping')).status(),
  };
  console.log('REPORT ' + JSON.stringify(report));
});`;

/** Only what a check may rely on anywhere: its environment, its temp folder, loopback. */
const ENV_SCRIPT = `
import { test } from '@playwright/test';
test('environment', async ({ request }) => {
  const report = { env: Object.keys(process.env), home: process.env.HOME, http: (await request.get(process.env.TARGET + '/ping')).status() };
  console.log('REPORT ' + JSON.stringify(report));
});`;

/** Allocates about 2 GB, as a Buffer or as JavaScript arrays (1 MB of doubles each). */
const bufferHog = `import { test } from '@playwright/test';
test('hog', async () => { const big = Buffer.alloc(2 * 1024 ** 3, 1); console.log('allocated ' + big.length); });`;
const heapHog = `import { test } from '@playwright/test';
test('hog', async () => { const kept: number[][] = []; for (let i = 0; i < 2048; i++) kept.push(new Array(131072).fill(i + 0.5)); console.log('kept ' + kept.length); });`;

/** Env keys a run may show: what Sightline sets, what Playwright adds for its worker, what the shell adds. */
const RUN_ENV = new Set(['PATH', 'HOME', 'TMPDIR', 'CI', 'FORCE_COLOR', 'PLAYWRIGHT_JSON_OUTPUT_FILE', 'PWD', 'DEBUG_COLORS', 'BROWSERSLIST_IGNORE_OLD_DATA']);
const isRunEnv = (key: string) => RUN_ENV.has(key) || /^(PLAYWRIGHT_|PW_|TEST_)/.test(key);

describe('multi-step runs on Linux', { timeout: 180_000 }, () => {
  const canary = `canary-${randomUUID()}`;
  const homeFile = join(homedir(), `.sightline-sandbox-test-${randomUUID()}`);
  let target: Server;
  let targetUrl = '';
  const hits: string[] = [];

  beforeAll(async () => {
    process.env.SIGHTLINE_TEST_CANARY = canary;
    await writeFile(homeFile, canary);
    target = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.end('pong');
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    delete process.env.SIGHTLINE_TEST_CANARY;
    await rm(homeFile, { force: true });
    target.closeAllConnections();
    await new Promise((resolve) => target.close(resolve));
  });

  const probeVariables = (server: TestServer) => ({
    SERVER_PID: String(process.pid),
    DATABASE_FILE: join(server.dataDir, DB_FILE_NAME),
    DATA_DIR: server.dataDir,
    HOME_FILE: homeFile,
    TARGET: targetUrl,
  });

  describe('in a bubblewrap sandbox', () => {
    let server: TestServer;
    beforeAll(async () => {
      // The sandbox itself is what is tested: a warm run's own fs would refuse /proc and the data
      // folder before bubblewrap is asked (warm-isolation.test.ts), so the probe gets node's fs
      // through the raw-fs test hook (runner/warm/raw-fs-hook.ts), as a script past it would.
      process.env.SIGHTLINE_TEST_HOOKS = '1';
      process.env.SIGHTLINE_TEST_RAW_FS = '1';
      server = await startServer();
    });
    afterAll(async () => {
      delete process.env.SIGHTLINE_TEST_HOOKS;
      delete process.env.SIGHTLINE_TEST_RAW_FS;
      await server?.stop();
    });

    it('says so in agent.health, /health and the backend', async () => {
      const expected = { mode: 'bubblewrap', reason: null, memoryLimitMb: 512 };
      expect((await server.backend.agentHealth()).multiStepIsolation).toEqual(expected);
      const health = await trpcClient(server.url, server.key).agent.health.query();
      expect(health.multiStepIsolation).toEqual(expected);
      expect(health.message).not.toMatch(/NOT isolated/);
      const probes = await startHealthServer({ port: 0, host: '127.0.0.1', logger: server.backend.deps.logger, health: () => server.backend.agentHealth() });
      try {
        const body = (await (await fetch(`${probes.url}/health`)).json()) as { multiStepIsolation: unknown };
        expect(body.multiStepIsolation).toEqual(expected);
      } finally {
        await probes.close();
      }
    });

    it("keeps the script from the server's processes, database, home, data folder, system and environment; the network works", async () => {
      expect(existsSync(join(server.dataDir, DB_FILE_NAME))).toBe(true);
      const before = await readdir(server.dataDir);
      const result = await runScript(server, PROBING_SCRIPT, probeVariables(server));
      expect(result).toMatchObject({ hasFailures: false, hasErrors: false, error: null });
      const report = reportOf(result);

      // An unprivileged user in its own PID namespace: none of the server's processes is there.
      expect(report.uid).toBe(65534);
      expect(report.pids).not.toContain(process.pid);
      expect(report.pids.length).toBeLessThan(20);
      expect(report.serverCmdline).toBe('ENOENT');
      expect(report.serverEnviron).toBe('ENOENT');
      for (const seen of [report.parentCmdline, report.initCmdline, report.initEnviron]) {
        expect(seen).not.toContain(server.key);
        expect(seen).not.toContain(canary);
        expect(seen).not.toContain('vitest');
      }
      // No data folder, no home, a read-only system.
      expect(report.database).toBe('ENOENT');
      expect(report.homeFile).toBe('ENOENT');
      expect(report.plant).toMatch(/^E/);
      expect(report.systemWrite).toMatch(/^(EROFS|EACCES|EPERM)$/);
      expect(await readdir(server.dataDir)).toEqual(before);
      // Only the check's variables and what the run itself sets.
      expect(report.env.filter((key: string) => !isRunEnv(key) && !(key in probeVariables(server)))).toEqual([]);
      expect(JSON.stringify(result)).not.toContain(canary);
      // Loopback APIs answer; the private temp folder is gone after the run.
      expect(report.http).toBe(200);
      expect(hits).toContain('/ping');
      expect(report.home).toMatch(/sightline-multistep-/);
      expect(existsSync(report.home)).toBe(false);
    });

    it('ends every process the run started, detached and double-forked ones too', async () => {
      const marker = `sightline-escapee-${randomUUID()}`;
      const script = `
import { test } from '@playwright/test';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
test('leave something running', async () => {
  const home = process.env.HOME;
  spawn('/bin/sh', ['-c', 'touch "$HOME/detached"; sleep 300; echo ${marker}'], { detached: true, stdio: 'ignore' }).unref();
  spawn('setsid', ['/bin/sh', '-c', '(sleep 301; echo ${marker}) & touch "$HOME/forked"; exit 0'], { detached: true, stdio: 'ignore' }).unref();
  for (let i = 0; i < 200 && !(existsSync(home + '/detached') && existsSync(home + '/forked')); i++) await new Promise((r) => setTimeout(r, 25));
  console.log('left ' + existsSync(home + '/detached') + ' ' + existsSync(home + '/forked'));
});`;
      const result = await runScript(server, script);
      expect(result).toMatchObject({ hasFailures: false, error: null });
      expect(logText(result)).toContain('left true true');
      await vi.waitFor(async () => expect(await hostProcessesWith(marker)).toEqual([]), { timeout: 5000, interval: 100 });
    });

    it('fails a run that allocates 2 GB with a "memory limit" error, as a Buffer or on the heap', async () => {
      for (const script of [bufferHog, heapHog]) {
        const result = await runScript(server, script);
        expect(result).toMatchObject({ hasFailures: true, hasErrors: false, isCancelled: false, timedOut: false, error: { kind: 'SCRIPT_ERROR' } });
        expect(result.error?.message).toMatch(/^the script went over its memory limit of 512 MB per process and was stopped/);
        expect(logText(result)).not.toMatch(/allocated|kept/);
      }
    });
  });

  describe('without bubblewrap (missing, as on macOS and Windows)', () => {
    let server: TestServer;
    let lines: Record<string, unknown>[];
    beforeAll(async () => {
      const capture = capturingLogger();
      lines = capture.lines;
      server = await startServer({ logger: capture.logger, tools: { bwrap: '/nonexistent/bwrap' }, config: { multiStepMemoryMb: 300 } });
    });
    afterAll(async () => {
      await server?.stop();
    });

    it('says plainly, once in the log and in agent.health and /health, that scripts are not isolated', async () => {
      const warnings = lines.filter((line) => String(line.msg).includes('multi-step scripts are NOT isolated'));
      expect(warnings).toHaveLength(1);
      expect(String(warnings[0]?.msg)).toContain('bubblewrap ("/nonexistent/bwrap") is not installed: install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap');
      const health = await trpcClient(server.url, server.key).agent.health.query();
      expect(health.multiStepIsolation).toEqual({ mode: 'none', reason: expect.stringContaining('is not installed'), memoryLimitMb: 300 });
      expect(health.message).toMatch(/Multi-step scripts are NOT isolated: they run as the agent's user/);
      expect(await server.backend.agentHealth()).toEqual(health);
    });

    it('still runs scripts, with a clean environment and the memory limit', async () => {
      const result = await runScript(server, ENV_SCRIPT, { TARGET: targetUrl });
      expect(result).toMatchObject({ hasFailures: false, hasErrors: false, error: null });
      const report = reportOf(result);
      expect(report.http).toBe(200);
      expect(report.env.filter((key: string) => !isRunEnv(key) && key !== 'TARGET')).toEqual([]);
      expect(JSON.stringify(result)).not.toContain(canary);
      expect(existsSync(report.home)).toBe(false);

      const hog = await runScript(server, bufferHog);
      expect(hog).toMatchObject({ hasFailures: true, hasErrors: false, isCancelled: false, error: { kind: 'SCRIPT_ERROR' } });
      expect(hog.error?.message).toMatch(/^the script went over its memory limit of 300 MB per process and was stopped/);
    });
  });

  describe('when the sandbox or node cannot be started', () => {
    let tempRoot = '';
    beforeAll(async () => {
      tempRoot = await mkdtemp(join(tmpdir(), 'sightline-sandbox-fault-'));
    });
    afterAll(async () => {
      await rm(tempRoot, { recursive: true, force: true });
    });
    const job = (script: string): ExecutionJob => ({ checkId: randomUUID(), checkType: 'MULTI_STEP', runLocation: 'local', timeoutMs: 10_000, check: MultiStepRunInput.parse({ script }) });
    const passing = "import { test } from '@playwright/test';\ntest('ok', () => {});";

    it.runIf(process.getuid?.() === 0)("throws (the agent records Sightline's internal error, not the target's failure) when bubblewrap cannot set up a run", async () => {
      // Probed with a temp root nobody may enter, then handed one: the sandbox is refused at run time.
      await chmod(tempRoot, 0o711);
      const sandbox = await probeSandbox({ now: () => new Date(), tempRoot }, { nodeModules: installedNodeModules() });
      expect(sandbox).toMatchObject({ isolation: 'bubblewrap', runAs: { uid: 65534, gid: 65534 } });
      await chmod(tempRoot, 0o700);
      await expect(runJob(job(passing), { now: () => new Date(), tempRoot, multiStepSandbox: sandbox })).rejects.toThrow(/^the multi-step sandbox could not be set up: bwrap: /);
      expect(await readdir(tempRoot)).toEqual([]);
    });

    it('reports a missing node as TOOL_MISSING with the path, sandboxed or not', async () => {
      for (const bwrap of [undefined, '/nonexistent/bwrap']) {
        const result = await runJob(job(passing), { now: () => new Date(), tempRoot, tools: { node: '/nonexistent/node', bwrap } });
        expect(result).toMatchObject({ hasErrors: true, hasFailures: true, error: { kind: 'TOOL_MISSING', message: 'multi-step checks need Node.js: "/nonexistent/node" could not be run' } });
      }
    });
  });

  describe('the memory limit setting', () => {
    it('defaults to 512 MB, takes SIGHTLINE_MULTISTEP_MEMORY_MB, and refuses what Playwright cannot start with', () => {
      expect(resolveConfig({ dataDir: '/tmp/x' }, {}).multiStepMemoryMb).toBe(512);
      expect(resolveConfig({ dataDir: '/tmp/x' }, { SIGHTLINE_MULTISTEP_MEMORY_MB: '1024' }).multiStepMemoryMb).toBe(1024);
      expect(() => resolveConfig({ dataDir: '/tmp/x' }, { SIGHTLINE_MULTISTEP_MEMORY_MB: '128' })).toThrow(
        'SIGHTLINE_MULTISTEP_MEMORY_MB must be a whole number of megabytes between 256 and 1048576, got "128"',
      );
      expect(parseMultiStepMemoryMb('2gb', '--multistep-memory-mb')).toBe('--multistep-memory-mb must be a whole number of megabytes between 256 and 1048576, got "2gb"');
      expect(parseMultiStepMemoryMb('256', '--multistep-memory-mb')).toBe(256);
    });
  });
});
