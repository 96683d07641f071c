import { readdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMultiStep } from '../../src-main/runner/executors/multistep';
import type { ExecutionJob, ExecutionResult, ExecutorDeps } from '../../src-main/runner/types';
import { DEADLINE_GRACE_MS } from '../../src-main/runner/warm/warm-runtime';
import { MultiStepRunInput } from '../../src-shared/schemas/multistep-check';
import { warmExecutorDeps } from '../helpers/warm-runtime';

/** Processes started (through any depth) by this test process whose command line names `needle`. */
function ownProcesses(needle: string): { pid: number; argv: string[] }[] {
  const parentOf = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ')[1]);
  const found: { pid: number; argv: string[] }[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (!argv.some((arg) => arg.includes(needle))) continue;
      for (let up = parentOf(pid); up > 1; up = parentOf(up)) {
        if (up !== process.pid) continue;
        found.push({ pid, argv });
        break;
      }
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/**
 * The limits the server holds a warm runtime to, tried with real sandboxed runtimes. A warm run's own
 * `fs` cannot touch the runtime's descriptors (warm-isolation.test.ts); these scripts stand for one
 * that got past it, through the raw-fs test hook (runner/warm/raw-fs-hook.ts), so the server's own bounds are
 * what is tested.
 */
process.env.SIGHTLINE_TEST_HOOKS = '1';
process.env.SIGHTLINE_TEST_RAW_FS = '1';
describe('the warm runtime under a hostile script', { timeout: 120_000 }, () => {
  let deps: ExecutorDeps = { now: () => new Date() };
  let closeWarm = () => {};
  const logged: string[] = [];

  beforeAll(async () => {
    ({ deps, close: closeWarm } = await warmExecutorDeps(512, (line) => logged.push(line)));
  });
  afterAll(() => closeWarm());

  const job = (script: string, accountId: string, timeoutMs = 5000): Extract<ExecutionJob, { checkType: 'MULTI_STEP' }> => ({
    checkId: 'c0ffee00-0000-4000-8000-0000000000bb',
    checkType: 'MULTI_STEP',
    runLocation: 'local',
    timeoutMs,
    accountId,
    check: MultiStepRunInput.parse({ script, environmentVariables: [] }),
  });
  const run = (script: string, accountId: string, timeoutMs?: number) => runMultiStep(job(script, accountId, timeoutMs), deps);
  const log = (result: ExecutionResult) => (result.multiStepCheckResult?.jobLog ?? []).map((line) => line.text).join('');

  const HOME = `import { test } from '@playwright/test';\ntest('home', async () => { console.log('home ' + process.env.HOME); });`;
  /** The folder of the account's runtime process, from where its runs' HOME folders are. */
  const runtimeRoot = async (accountId: string) => {
    const result = await run(HOME, accountId);
    expect(result).toMatchObject({ hasFailures: false, error: null });
    return dirname(/home (\S+)/.exec(log(result))?.[1] ?? '');
  };
  /** 600 MiB without a newline to a file descriptor of the runtime, as fast as it takes them. */
  const flood = (fd: number) => `import { test } from '@playwright/test';
import { writeSync } from 'node:fs';
test('flood', async () => {
  const chunk = 'x'.repeat(1 << 20);
  for (let sent = 0; sent < 600 * (1 << 20); ) {
    try { sent += writeSync(${fd}, chunk); } catch (error: any) { if (error.code !== 'EAGAIN') throw error; await new Promise((resolve) => setTimeout(resolve, 1)); }
  }
});`;

  for (const fd of [1, 3]) {
    it(`ends a runtime that writes 600 MiB without a newline to fd ${fd}: the run fails at its output limit, the server carries on`, async () => {
      const account = `flood-fd${fd}`;
      const before = await runtimeRoot(account);
      const result = await run(flood(fd), account);
      expect(result).toMatchObject({ hasErrors: true, hasFailures: true, error: { kind: 'SCRIPT_ERROR', message: expect.stringContaining('output limit') } });
      expect(result.error?.message).toContain(fd === 1 ? 'standard output' : 'file descriptor 3');
      // A new runtime takes the account's next run.
      const after = await runtimeRoot(account);
      expect(after).not.toBe(before);
    });
  }

  it('runs the others a flooded runtime carried again, each alone: the flood fails, a sound run beside it passes', async () => {
    const account = 'flood-among-others';
    await runtimeRoot(account);
    const slow = `import { test } from '@playwright/test';\ntest('slow', async () => { await new Promise((resolve) => setTimeout(resolve, 1500)); console.log('sound'); });`;
    const sound = run(slow, account);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [flooded, passed] = await Promise.all([run(flood(1), account), sound]);
    expect(flooded).toMatchObject({ hasErrors: true, error: { kind: 'SCRIPT_ERROR', message: expect.stringContaining('output limit') } });
    expect(passed).toMatchObject({ hasFailures: false, error: null });
    expect(log(passed)).toBe('sound\n');
  });

  it("keeps a sound run from a neighbour that takes every file descriptor of their runtime: it passes on its second try, alone", async () => {
    const account = 'fd-hog';
    await runtimeRoot(account);
    const slow = `import { test } from '@playwright/test';\ntest('slow', async () => { await new Promise((resolve) => setTimeout(resolve, 1500)); console.log('sound'); });`;
    const hog = `import { test } from '@playwright/test';
import { openSync } from 'node:fs';
test('hog', async () => { for (let n = 0; n < 20000; n++) openSync('/dev/null', 'r'); });`;
    const sound = run(slow, account);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const hogged = await run(hog, account).catch((error: unknown) => error);
    expect(hogged).toBeDefined();
    const passed = await sound;
    expect(passed).toMatchObject({ hasFailures: false, error: null });
    expect(log(passed)).toBe('sound\n');
    expect(await run(HOME, account)).toMatchObject({ hasFailures: false });
  });

  it('ends a runtime whose channel gets a stray byte (a run result it mixes into is unreadable): the run fails at once, not never', async () => {
    const stray = `import { test } from '@playwright/test';
import { writeSync } from 'node:fs';
test('stray', async () => { writeSync(3, 'x'); });`;
    const started = performance.now();
    const result = await run(stray, 'stray-byte');
    expect(performance.now() - started).toBeLessThan(5000);
    expect(result).toMatchObject({ hasErrors: true, error: { kind: 'SCRIPT_ERROR', message: expect.stringContaining('file descriptor 3') } });
    expect(await run(HOME, 'stray-byte')).toMatchObject({ hasFailures: false });
  });

  it('times out a run whose runtime is stopped (SIGSTOP) at its limit plus the grace, and replaces the runtime', async () => {
    const account = 'stopped-runtime';
    const root = await runtimeRoot(account);
    const [runtime, ...others] = ownProcesses(`${root}/runtime-main.cjs`).filter((p) => !p.argv[0]?.endsWith('bwrap') && p.argv[0] !== '/bin/sh');
    expect(others).toEqual([]);
    expect(runtime).toBeDefined();
    const limitMs = 2000;
    const started = performance.now();
    const pending = run(HOME, account, limitMs);
    process.kill(runtime?.pid ?? 0, 'SIGSTOP');
    const result = await pending;
    const took = performance.now() - started;
    expect(result).toMatchObject({ hasFailures: true, timedOut: true, error: { kind: 'TIMEOUT' } });
    expect(took).toBeGreaterThanOrEqual(limitMs + DEADLINE_GRACE_MS - 100);
    expect(took).toBeLessThan(limitMs + DEADLINE_GRACE_MS + 3000);
    // The stopped process is gone (killed with its group), and a fresh runtime serves the account.
    await expect.poll(() => ownProcesses(`${root}/runtime-main.cjs`).length).toBe(0);
    expect(await runtimeRoot(account)).not.toBe(root);
  });

  it("lets a runtime's own output reach the server's log cut and rate-limited", async () => {
    const script = `import { test } from '@playwright/test';
import { writeSync } from 'node:fs';
test('chatty', async () => {
  for (let i = 0; i < 300; ) {
    try { writeSync(2, 'chatty ' + 'y'.repeat(5000) + '\\n'); i++; } catch (error: any) { if (error.code !== 'EAGAIN') throw error; await new Promise((resolve) => setTimeout(resolve, 1)); }
  }
});`;
    const result = await run(script, 'chatty');
    expect(result).toMatchObject({ hasFailures: false, error: null });
    await expect.poll(() => logged.find((line) => /^… \d+ lines dropped/.test(line)), { timeout: 5000 }).toBeDefined();
    const lines = logged.filter((line) => line.startsWith('chatty '));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThanOrEqual(40);
    for (const line of lines) expect(line.length).toBeLessThan(2100);
  });

  it("bounds the sandbox's writable memory: the root is read-only, /tmp is a small tmpfs", async () => {
    const script = `import { test, expect } from '@playwright/test';
import { writeFileSync, appendFileSync } from 'node:fs';
test('fill', async () => {
  expect(() => writeFileSync('/kept', 'x')).toThrow(/EROFS|EACCES/);
  expect(() => writeFileSync('/dev/kept', 'x')).toThrow(/EROFS|EACCES/);
  const chunk = Buffer.alloc(16 * 1048576, 1);
  let written = 0;
  try { for (; written < 1024; written += 16) appendFileSync('/tmp/fill', chunk); } catch (error: any) { console.log('stopped at ' + written + ' MiB: ' + error.code); }
});`;
    const result = await run(script, 'tmpfs-filler');
    expect(result).toMatchObject({ hasFailures: false, error: null });
    const stopped = /stopped at (\d+) MiB: (\w+)/.exec(log(result));
    expect(stopped?.[2]).toBe('ENOSPC');
    expect(Number(stopped?.[1])).toBeLessThanOrEqual(128);
  });
});
