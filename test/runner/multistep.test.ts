import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runJob } from '../../src-main/runner/run-job';
import type { ExecutionJob, ExecutorDeps } from '../../src-main/runner/types';
import type { z } from 'zod';
import { MultiStepRunInput } from '../../src-shared/schemas/multistep-check';

let server: Server;
let base = '';
let tempRoot = '';
const received: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  tempRoot = await mkdtemp(join(tmpdir(), 'sightline-runner-test-'));
  server = createServer((req, res) => {
    received.push(req.headers);
    if (req.url === '/hang') return; // never answers
    res.writeHead(req.url === '/broken' ? 500 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ok: req.url !== '/broken' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(tempRoot, { recursive: true, force: true });
});
afterEach(async () => {
  // every run removes its work dir, whatever happened
  expect(await readdir(tempRoot)).toEqual([]);
});

const deps = (): ExecutorDeps => ({ now: () => new Date(), tempRoot });

function multiStepJob(script: string, check: Partial<z.input<typeof MultiStepRunInput>> = {}, timeoutMs = 15_000): ExecutionJob {
  return { checkId: 'c0ffee00-0000-4000-8000-000000000003', checkType: 'MULTI_STEP', runLocation: 'local', timeoutMs, check: MultiStepRunInput.parse({ script, ...check }) };
}

// Playwright starts slowly on a busy 2-core machine; the limits below leave it room.
describe('multi-step against a local HTTP server', { timeout: 60_000 }, () => {
  it('passes and records the steps', async () => {
    const script = `
import { test, expect } from '@playwright/test';
import { path } from './lib/paths';
test('health is ok', async ({ request }) => {
  await test.step('GET /health', async () => {
    const response = await request.get(process.env.BASE_URL + path);
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });
  console.log('checked ' + path);
});`;
    const result = await runJob(
      multiStepJob(script, {
        dependencies: [{ path: 'lib/paths.ts', content: "export const path = '/health';\n" }],
        environmentVariables: [{ key: 'BASE_URL', value: base, secret: false }],
      }),
      deps(),
    );
    expect(result).toMatchObject({ hasFailures: false, hasErrors: false, timedOut: false, error: null });
    const ms = result.multiStepCheckResult;
    expect(ms?.runtimeVersion).toMatch(/^@playwright\/test \d+\.\d+/);
    expect(ms?.tests).toEqual([expect.objectContaining({ title: 'health is ok', status: 'passed', errors: [], steps: [expect.objectContaining({ title: 'GET /health' })] })]);
    expect(ms?.jobLog).toEqual([{ stream: 'stdout', text: 'checked /health\n' }]);
    expect(ms?.endTime).toBeGreaterThanOrEqual(ms?.startTime ?? Infinity);
    expect(result.responseTime).toBeGreaterThan(0);
  });

  it('fails on a failed expectation and records the message', async () => {
    const script = `
import { test, expect } from '@playwright/test';
test('broken endpoint', async ({ request }) => {
  await test.step('GET /broken', async () => {
    const response = await request.get('${base}/broken');
    expect(response.status()).toBe(200);
  });
});`;
    const result = await runJob(multiStepJob(script), deps());
    expect(result).toMatchObject({ hasFailures: true, hasErrors: false, timedOut: false, error: { kind: 'ASSERTION_FAILED' } });
    expect(result.error?.message).toContain('test "broken endpoint": Error: expect(received).toBe(expected)');
    expect(result.error?.message).toContain('Expected: 200');
    expect(result.error?.message).toContain('Received: 500');
    const test = result.multiStepCheckResult?.tests[0];
    expect(test).toMatchObject({ status: 'failed', steps: [{ title: 'GET /broken', error: expect.stringContaining('Received: 500') }] });
    expect(test?.errors[0]).toMatchObject({ location: { file: 'check.spec.ts', line: 6 } });
    expect(JSON.stringify(result)).not.toContain(tempRoot);
  });

  it('inverts a failing run with shouldFail', async () => {
    const script = `
import { test, expect } from '@playwright/test';
test('expects failure', async ({ request }) => {
  expect((await request.get('${base}/broken')).status()).toBe(200);
});`;
    const result = await runJob(multiStepJob(script, { shouldFail: true }), deps());
    expect(result).toMatchObject({ hasFailures: false, error: null });
  });

  it('times out when the server never answers', async () => {
    const script = `
import { test } from '@playwright/test';
test('hangs', async ({ request }) => {
  await request.get('${base}/hang', { timeout: 0 });
});`;
    const result = await runJob(multiStepJob(script, {}, 1500), { ...deps(), multiStepStartupAllowanceMs: 30_000 });
    expect(result).toMatchObject({ timedOut: true, hasFailures: true, error: { kind: 'TIMEOUT' } });
    expect(result.error?.message).toContain('test "hangs" timed out');
    expect(result.multiStepCheckResult?.tests[0].status).toBe('timedOut');
  });

  it('kills a run that overruns its hard limit', async () => {
    const script = `
import { test } from '@playwright/test';
test('spins', () => { for (;;) { /* blocks the worker's own timers */ } });`;
    const started = Date.now();
    const result = await runJob(multiStepJob(script, {}, 1000), { ...deps(), multiStepStartupAllowanceMs: 2000 });
    expect(result).toMatchObject({
      timedOut: true,
      hasFailures: true,
      error: { kind: 'TIMEOUT', message: 'the multi-step run exceeded its time limit of 1000 ms and was stopped' },
    });
    // killed at 1000 + 2000 ms; the rest is process start-up on a busy machine
    expect(Date.now() - started).toBeLessThan(8000);
  });

  // Printed through console, Playwright's runner keeps the output and reaches its memory limit first.
  for (const [what, write, limit] of [
    ['writes to its file descriptors straight', 'writeSync(1, chunk)', /output limit/],
    ['prints', 'console.log(chunk)', /output limit|memory limit/],
  ] as const) {
    it(`stops a run that ${what} 600 MiB at a limit: the script's fault, and the server reads a bounded amount`, async () => {
      const script = `
import { test } from '@playwright/test';
import { writeSync } from 'node:fs';
test('floods', async () => {
  const chunk = 'x'.repeat(1 << 20);
  for (let sent = 0; sent < 600; ) {
    try { ${write}; sent++; } catch (error: any) { if (error.code !== 'EAGAIN') throw error; await new Promise((resolve) => setTimeout(resolve, 1)); }
  }
});`;
      const result = await runJob(multiStepJob(script, {}, 30_000), deps());
      expect(result).toMatchObject({ hasFailures: true, error: { kind: 'SCRIPT_ERROR', message: expect.stringMatching(limit) } });
    });
  }

  it('reports a script that does not compile as SCRIPT_ERROR', async () => {
    const result = await runJob(multiStepJob("import { test } from '@playwright/test';\ntest('x', async ( => {});"), deps());
    expect(result).toMatchObject({ hasFailures: true, error: { kind: 'SCRIPT_ERROR' } });
    expect(result.multiStepCheckResult?.errors.length).toBeGreaterThan(0);
  });

  it('refuses dependency paths that leave the work dir', async () => {
    for (const path of ['../escape.ts', '/etc/passwd', 'lib/../../x.ts', 'node_modules/x.js']) {
      const result = await runJob(multiStepJob('console.log(1)', { dependencies: [{ path, content: 'x' }] }), deps());
      expect(result).toMatchObject({ hasErrors: true, hasFailures: true, error: { kind: 'SCRIPT_ERROR' } });
      expect(result.error?.message).toMatch(/^dependency path /);
    }
  });

  it('scrubs secret values and sensitive headers from everything recorded', async () => {
    const secret = 'tok-3xample secret/+=';
    const script = `
import { test, expect } from '@playwright/test';
test('leaky', async ({ request }) => {
  const token = process.env.API_TOKEN;
  console.log('token is ' + token);
  console.error('base64 ' + Buffer.from(token).toString('base64') + ' url ' + encodeURIComponent(token));
  await test.step('call with ' + token, async () => {
    const ok = await request.get('${base}/ok', { headers: { authorization: 'Bearer ' + token } });
    expect(ok.status()).toBe(200);
  });
  await request.get('http://127.0.0.1:1/refused', { headers: { Authorization: 'Bearer literal-auth-value', 'x-api-key': 'literal-key-value', cookie: 'sid=literal-cookie-value' } });
});`;
    const result = await runJob(multiStepJob(script, { environmentVariables: [{ key: 'API_TOKEN', value: secret, secret: true }] }), deps());
    // the secret reached the script and the server
    expect(received.some((h) => h.authorization === `Bearer ${secret}`)).toBe(true);
    expect(result).toMatchObject({ hasFailures: true, error: { kind: 'NETWORK_ERROR' } });
    const recorded = JSON.stringify(result);
    for (const leaked of [secret, Buffer.from(secret).toString('base64'), encodeURIComponent(secret), 'literal-auth-value', 'literal-key-value', 'literal-cookie-value']) {
      expect(recorded).not.toContain(leaked);
    }
    expect(recorded).toContain('[scrubbed]');
    expect(result.multiStepCheckResult?.tests[0].steps[0].title).toBe('call with [scrubbed]');
    expect(result.multiStepCheckResult?.jobLog).toContainEqual({ stream: 'stdout', text: 'token is [scrubbed]\n' });
  });
});
