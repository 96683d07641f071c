import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMultiStep } from '../../src-main/runner/executors/multistep';
import type { ExecutionJob, ExecutionResult, ExecutorDeps } from '../../src-main/runner/types';
import { MultiStepRunInput } from '../../src-shared/schemas/multistep-check';
import { warmExecutorDeps } from '../helpers/warm-runtime';

/** The warm runtime with real sandboxed processes and a real API on loopback. */
describe('the warm multi-step runtime', { timeout: 120_000 }, () => {
  let api: Server;
  let base = '';
  let deps: ExecutorDeps = { now: () => new Date() };
  let closeWarm = () => {};

  beforeAll(async () => {
    api = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ id: 42, path: req.url, method: req.method }));
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    ({ deps, close: closeWarm } = await warmExecutorDeps());
  });
  afterAll(async () => {
    closeWarm();
    api.closeAllConnections();
    await new Promise((resolve) => api.close(resolve));
  });

  const job = (script: string, options: { accountId?: string; timeoutMs?: number; dependencies?: { path: string; content: string }[]; secret?: string; playwrightConfig?: unknown } = {}): ExecutionJob => ({
    checkId: 'c0ffee00-0000-4000-8000-0000000000aa',
    checkType: 'MULTI_STEP',
    runLocation: 'local',
    timeoutMs: options.timeoutMs ?? 5000,
    accountId: options.accountId ?? 'account-a',
    check: MultiStepRunInput.parse({
      script,
      dependencies: options.dependencies ?? [],
      environmentVariables: [{ key: 'API_BASE', value: base }, ...(options.secret ? [{ key: 'TOKEN', value: options.secret, secret: true }] : [])],
      ...(options.playwrightConfig ? { playwrightConfig: options.playwrightConfig } : {}),
    }),
  });
  const run = (script: string, options?: Parameters<typeof job>[1]) => runMultiStep(job(script, options) as Extract<ExecutionJob, { checkType: 'MULTI_STEP' }>, deps);
  const log = (result: ExecutionResult) => (result.multiStepCheckResult?.jobLog ?? []).map((line) => line.text).join('');

  const FLOW = `import { test, expect } from '@playwright/test';
test('item round trip', async ({ request }) => {
  const got = await request.get(\`\${process.env.API_BASE}/items/42\`);
  expect(got.status()).toBe(200);
  expect(await got.json()).toStrictEqual({ id: 42, path: '/items/42', method: 'GET' });
  const posted = await request.post(\`\${process.env.API_BASE}/items\`, { data: { name: 'x' }, headers: { Authorization: 'Bearer ' + process.env.TOKEN, 'X-Trace': 'abc' } });
  await expect(posted).toBeOK();
  console.log('token ' + process.env.TOKEN);
});`;

  it('runs a two-request flow in milliseconds once warm, says so, and scrubs secrets', async () => {
    await run(FLOW); // the process starts once
    const started = performance.now();
    const result = await run(FLOW, { secret: 'S3cr3t-warm-token' });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(result).toMatchObject({ hasFailures: false, hasErrors: false, error: null });
    expect(result.multiStepCheckResult).toMatchObject({ runtime: 'WARM', tests: [{ title: 'item round trip', status: 'passed' }] });
    expect(log(result)).toBe('token [scrubbed]\n');
    const got = JSON.stringify({ id: 42, path: '/items/42', method: 'GET' });
    const posted = JSON.stringify({ id: 42, path: '/items', method: 'POST' });
    expect(result.multiStepCheckResult?.tests[0]?.requests).toEqual([
      {
        method: 'GET',
        url: `${base}/items/42`,
        status: 200,
        durationMs: expect.any(Number),
        sizeBytes: got.length,
        responseHeaders: expect.objectContaining({ 'content-type': 'application/json' }),
        responseBody: { text: got, bytes: got.length },
      },
      {
        method: 'POST',
        url: `${base}/items`,
        status: 200,
        durationMs: expect.any(Number),
        sizeBytes: posted.length,
        // The secret in a header is scrubbed by the header's name and by its value.
        requestHeaders: { authorization: '[scrubbed]', 'x-trace': 'abc', 'content-type': 'application/json' },
        requestBody: { text: '{"name":"x"}', bytes: 12 },
        responseHeaders: expect.objectContaining({ 'content-type': 'application/json' }),
        responseBody: { text: posted, bytes: posted.length },
      },
    ]);
    expect(JSON.stringify(result)).not.toContain('S3cr3t-warm-token');
  });

  it('lists the calls a test made, a failed one with its error', async () => {
    const script = `import { test } from '@playwright/test';
test('calls', async ({ request }) => {
  await request.fetch(process.env.API_BASE + '/things', { method: 'delete' });
  await request.get('http://127.0.0.1:9/refused').catch(() => undefined);
});`;
    const result = await run(script);
    expect(result.multiStepCheckResult?.tests[0]?.requests).toEqual([
      expect.objectContaining({ method: 'DELETE', url: `${base}/things`, status: 200, durationMs: expect.any(Number), sizeBytes: JSON.stringify({ id: 42, path: '/things', method: 'DELETE' }).length }),
      { method: 'GET', url: 'http://127.0.0.1:9/refused', durationMs: expect.any(Number), error: expect.stringContaining('ECONNREFUSED') },
    ]);
  });

  it('reports a failed expectation at the line of the script as written (TypeScript, imports, a code frame)', async () => {
    const script = `import { test, expect } from '@playwright/test';
import { wanted } from './lib/wanted';

interface Item { id: number }

test('status', async ({ request }) => {
  const response = await request.get(process.env.API_BASE + '/items/1');
  const item: Item = await response.json();
  expect(item.id).toBe(wanted());
});`;
    const result = await run(script, { dependencies: [{ path: 'lib/wanted.ts', content: 'export const wanted = (): number => 7;\n' }] });
    expect(result).toMatchObject({ hasFailures: true, error: { kind: 'ASSERTION_FAILED' } });
    const [error] = result.multiStepCheckResult?.errors ?? [];
    expect(error?.message).toMatch(/Expected: 7\s+Received: 42/);
    expect(error?.location).toMatchObject({ file: 'check.spec.ts', line: 9 });
    expect(error?.snippet).toMatch(/^> +9 \| {3}expect\(item\.id\)\.toBe\(wanted\(\)\);$/m);
  });

  it('gives every run fresh globals: what one script patches, the next does not see', async () => {
    const patch = await run(`import { test } from '@playwright/test';
test('patch', async () => { (Array.prototype as any).evil = 1; (globalThis as any).leak = 'x'; (JSON as any).parse = () => 'patched'; });`);
    expect(patch.hasFailures).toBe(false);
    const check = await run(`import { test, expect } from '@playwright/test';
test('clean', async () => { expect(([] as any).evil).toBeUndefined(); expect((globalThis as any).leak).toBeUndefined(); expect(JSON.parse('1')).toBe(1); });`);
    expect(check).toMatchObject({ hasFailures: false, error: null });
  });

  it('keeps runs apart: each has its own folder and may write nowhere else; each account has its own runtime process', async () => {
    const write = `import { test } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
test('leave a file', async () => {
  writeFileSync(tmpdir() + '/mine', 'kept until the run ends');
  writeFileSync('/tmp/' + 'x', '');
});`;
    const wrote = await run(write);
    expect(wrote.multiStepCheckResult?.runtime).toBe('WARM');
    expect(wrote).toMatchObject({ hasFailures: true, error: { kind: 'SCRIPT_ERROR' } });
    expect(wrote.error?.message).toMatch(/EACCES: permission denied: a warm run's files live in its own folder/);
    const look = `import { test, expect } from '@playwright/test';
import { tmpdir } from 'node:os';
test('look', async () => { console.log('home ' + process.env.HOME + ' ' + tmpdir()); });`;
    const a = await run(look, { accountId: 'account-a' });
    const a2 = await run(look, { accountId: 'account-a' });
    const b = await run(look, { accountId: 'account-b' });
    const homeOf = (result: ExecutionResult) => /home (\S+) (\S+)/.exec(log(result));
    expect(homeOf(a)?.[1]).toMatch(/sightline-multistep-/);
    expect(homeOf(a)?.[1]).toBe(homeOf(a)?.[2]);
    expect(homeOf(a2)?.[1]).not.toBe(homeOf(a)?.[1]);
    // Each account has its own runtime process and folder.
    const root = (result: ExecutionResult) => homeOf(result)?.[1]?.split('/sightline-multistep-')[0];
    expect(root(a)).toBe(root(a2));
    expect(root(a)).not.toBe(root(b));
  });

  it('runs a script that needs what the warm runtime lacks on the full path, and says why', async () => {
    const script = `import { test, expect } from '@playwright/test';
test.use({ extraHTTPHeaders: { 'x-from': 'sightline' } });
test('with headers', async ({ request }) => {
  expect((await request.get(process.env.API_BASE + '/items/1')).ok()).toBe(true);
});`;
    const result = await run(script, { timeoutMs: 20_000 });
    expect(result).toMatchObject({ hasFailures: false, error: null });
    expect(result.multiStepCheckResult).toMatchObject({ runtime: 'FULL', fullPathReason: 'the warm runtime does not support test.use()' });
  });

  it("applies the check's playwrightConfig on the warm path: use options on every request context (the script's own win), the baseURL fixture, the test and expect timeouts", async () => {
    // Answers what reached it: the path, the configured header and user agent, and basic credentials.
    const echo = createServer((req, res) => {
      if (!req.headers.authorization) {
        res.writeHead(401, { 'www-authenticate': 'Basic realm="x"' });
        return res.end();
      }
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ path: req.url, tag: req.headers['x-sightline'] ?? null, agent: req.headers['user-agent'], auth: req.headers.authorization }));
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    const echoBase = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
    try {
      const playwrightConfig = {
        timeout: 1500,
        expect: { timeout: 300 },
        use: { baseURL: echoBase, extraHTTPHeaders: { 'x-sightline': 'applied' }, userAgent: 'sightline-config', httpCredentials: { username: 'u', password: 'p' } },
      };
      const script = `import { test, expect, request as requests } from '@playwright/test';
test('configured', async ({ request, baseURL, playwright }) => {
  expect(baseURL).toBe(process.env.ECHO_BASE);
  expect(await (await request.get('/fixture')).json()).toEqual({ path: '/fixture', tag: 'applied', agent: 'sightline-config', auth: 'Basic dTpw' });
  const own = await playwright.request.newContext();
  expect((await (await own.get('/own')).json()).tag).toBe('applied');
  const overridden = await requests.newContext({ extraHTTPHeaders: { 'x-sightline': 'mine' } });
  expect((await (await overridden.get('/mine')).json()).tag).toBe('mine');
  const started = Date.now();
  await expect.poll(() => 1).toBe(2).catch(() => undefined);
  console.log('poll gave up in time: ' + (Date.now() - started < 1000));
});
test('slow', async () => {
  await new Promise((resolve) => setTimeout(resolve, 3000));
});`;
      const configuredJob = job(script, { timeoutMs: 20_000, playwrightConfig }) as Extract<ExecutionJob, { checkType: 'MULTI_STEP' }>;
      configuredJob.check.environmentVariables.push({ ...configuredJob.check.environmentVariables[0], key: 'ECHO_BASE', value: echoBase });
      const result = await runMultiStep(configuredJob, deps);
      expect(result.multiStepCheckResult?.runtime, JSON.stringify(result.multiStepCheckResult?.fullPathReason)).toBe('WARM');
      const [configured, slow] = result.multiStepCheckResult?.tests ?? [];
      expect(configured, JSON.stringify(configured)).toMatchObject({ title: 'configured', status: 'passed' });
      expect(log(result)).toContain('poll gave up in time: true');
      // The config's test timeout (1.5 s), not the run's limit (20 s).
      expect(slow).toMatchObject({ title: 'slow', status: 'timedOut' });
      expect(JSON.stringify(slow)).toContain('Test timeout of 1500ms exceeded.');
    } finally {
      echo.closeAllConnections();
      await new Promise((resolve) => echo.close(resolve));
    }
  });

  it('stops only the faulty ones among healthy runs: a hung loop, 1 GB as a Buffer, 1 GB on the heap, process.exit()', async () => {
    const hung = `import { test } from '@playwright/test';\ntest('spin', async () => { for (;;) {} });`;
    const buffer = `import { test } from '@playwright/test';\ntest('buffer', async () => { console.log(Buffer.alloc(1024 ** 3).length); });`;
    const heap = `import { test } from '@playwright/test';\ntest('heap', async () => { const kept: number[][] = []; for (let i = 0; i < 1024; i++) kept.push(new Array(131072).fill(i + 0.5)); console.log(kept.length); });`;
    const exit = `import { test } from '@playwright/test';\ntest('exit', async () => { process.exit(1); });`;
    const faulty = [hung, buffer, heap, exit].map((script) => run(script, { timeoutMs: 3000 }));
    const healthy = Array.from({ length: 12 }, () => run(FLOW));
    const sound = await Promise.all(healthy);
    expect(sound.filter((r) => r.hasFailures).map((r) => r.error?.message)).toEqual([]);
    const [spun, buffered, heaped, exited] = await Promise.all(faulty);
    expect(spun).toMatchObject({ hasFailures: true, timedOut: true, error: { kind: 'TIMEOUT' } });
    for (const result of [buffered, heaped]) {
      expect(result).toMatchObject({ hasFailures: true, error: { kind: 'SCRIPT_ERROR' } });
      expect(result?.error?.message).toMatch(/^the script went over its memory limit of 512 MB/);
    }
    expect(exited).toMatchObject({ hasFailures: true, error: { kind: 'SCRIPT_ERROR', message: expect.stringContaining('process.exit(1) was called') } });
    // The runtime carries on.
    expect(await run(FLOW)).toMatchObject({ hasFailures: false });
  });

  it('hooks, describe blocks, steps and skips behave as in Playwright', async () => {
    const script = `import { test, expect } from '@playwright/test';
let apiContext: any;
test.beforeAll(async ({ playwright }) => { apiContext = await playwright.request.newContext({ baseURL: process.env.API_BASE }); });
test.afterAll(async () => { await apiContext.dispose(); });
test.describe('items', () => {
  test.beforeEach(async () => { console.log('before each'); });
  test('read', async () => {
    await test.step('get it', async () => {
      await test.step('inner', async () => { expect((await apiContext.get('/items/7')).status()).toBe(200); });
    });
  });
  test.skip('not now', async () => {});
  test('skips itself', async () => { test.skip(true, 'not today'); throw new Error('not reached'); });
});`;
    const result = await run(script);
    expect(result).toMatchObject({ hasFailures: false, error: null });
    expect(result.multiStepCheckResult?.tests).toEqual([
      {
        title: 'items › read',
        status: 'passed',
        duration: expect.any(Number),
        errors: [],
        steps: [{ title: 'get it', duration: expect.any(Number), steps: [{ title: 'inner', duration: expect.any(Number) }] }],
        requests: [expect.objectContaining({ method: 'GET', url: `${base}/items/7`, status: 200, durationMs: expect.any(Number), sizeBytes: JSON.stringify({ id: 42, path: '/items/7', method: 'GET' }).length })],
      },
      { title: 'items › not now', status: 'skipped', duration: 0, errors: [], steps: [], requests: [] },
      { title: 'items › skips itself', status: 'skipped', duration: expect.any(Number), errors: [], steps: [], requests: [] },
    ]);
    expect(log(result)).toBe('before each\nbefore each\n');
  });
});
