import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runMultiStep } from '../../src-main/runner/executors/multistep';
import type { ExecutionJob, ExecutorDeps } from '../../src-main/runner/types';
import { multiStepTemplate, type MultiStepTemplateId } from '../../src-shared/rules/multistep-templates';
import { MultiStepRunInput } from '../../src-shared/schemas/multistep-check';
import { warmExecutorDeps } from '../helpers/warm-runtime';

const PASSWORD = 'correct-horse-battery';
const TOKEN = 'tok-7f3a';

/** The console's templates, run as they are offered, on the warm runtime against an API on loopback. */
describe('the multi-step templates', { timeout: 60_000 }, () => {
  let api: Server;
  let base = '';
  // How the API answers GET /health in the current test.
  let health: 'ok' | 'error' | 'slow' = 'ok';
  let deps: ExecutorDeps = { now: () => new Date() };
  let closeWarm = () => {};

  beforeAll(async () => {
    api = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        if (req.url === '/health') {
          if (health === 'slow') setTimeout(() => json(200, { ok: true }), 1300);
          else json(health === 'ok' ? 200 : 500, { ok: health === 'ok' });
        } else if (req.method === 'POST' && req.url === '/login') {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { username?: string; password?: string };
          if (body.username === 'ops' && body.password === PASSWORD) json(200, { token: TOKEN });
          else json(401, { error: 'bad credentials' });
        } else if (req.url === '/me') {
          if (req.headers.authorization === `Bearer ${TOKEN}`) json(200, { name: 'ops' });
          else json(401, { error: 'no token' });
        } else json(404, {});
      });
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
  beforeEach(() => {
    health = 'ok';
  });

  /** Runs a template with the values an operator fills in for its variables. */
  const run = (id: MultiStepTemplateId, values: Record<string, string>) => {
    const template = multiStepTemplate(id);
    const job: ExecutionJob = {
      checkId: 'c0ffee00-0000-4000-8000-0000000000bb',
      checkType: 'MULTI_STEP',
      runLocation: 'local',
      timeoutMs: 10_000,
      accountId: 'account-templates',
      check: MultiStepRunInput.parse({
        script: template.script,
        dependencies: [],
        environmentVariables: template.variables.map((variable) => ({ key: variable.key, value: values[variable.key] ?? '', secret: variable.secret })),
      }),
    };
    return runMultiStep(job as Extract<ExecutionJob, { checkType: 'MULTI_STEP' }>, deps);
  };

  it('"One request" passes against an API that answers 200 in time, on the warm runtime, listing its call', async () => {
    const result = await run('one-request', { API_BASE: base });
    expect(result).toMatchObject({ hasFailures: false, error: null });
    expect(result.multiStepCheckResult?.runtime).toBe('WARM');
    expect(result.multiStepCheckResult?.tests.map((test) => [test.title, test.status])).toEqual([['one request answers in time', 'passed']]);
    // Each call also keeps its headers and bodies (issue 31): the figures are what this template asserts.
    expect(result.multiStepCheckResult?.tests[0]?.requests).toMatchObject([{ method: 'GET', url: `${base}/health`, status: 200, durationMs: expect.any(Number), sizeBytes: 11 }]);
  });

  it('"One request" fails with the status it expected when the API answers 500', async () => {
    health = 'error';
    const result = await run('one-request', { API_BASE: base });
    expect(result).toMatchObject({ hasFailures: true, error: { kind: 'ASSERTION_FAILED' } });
    expect(result.error?.message).toContain('GET /health answers 200');
    expect(result.error?.message).toMatch(/Expected: 200\s+Received: 500/);
  });

  it('"One request" fails with its time limit when the API answers too slowly', async () => {
    health = 'slow';
    const result = await run('one-request', { API_BASE: base });
    expect(result).toMatchObject({ hasFailures: true, error: { kind: 'ASSERTION_FAILED' } });
    expect(result.error?.message).toContain('GET /health answers within 1000 ms');
    expect(result.error?.message).toMatch(/Expected: < 1000/);
  });

  it('"Log in, then call" logs in with the secret password, calls with the token, and never shows the password', async () => {
    const result = await run('login-then-call', { API_BASE: base, API_USER: 'ops', API_PASSWORD: PASSWORD });
    expect(result).toMatchObject({ hasFailures: false, error: null });
    const [test] = result.multiStepCheckResult?.tests ?? [];
    expect(test?.steps.map((step) => [step.title, step.error])).toEqual([
      ['log in', undefined],
      ['call with the token', undefined],
    ]);
    expect(test?.requests).toMatchObject([
      { method: 'POST', url: `${base}/login`, status: 200, durationMs: expect.any(Number), sizeBytes: 20 },
      { method: 'GET', url: `${base}/me`, status: 200, durationMs: expect.any(Number), sizeBytes: 14 },
    ]);
    expect(JSON.stringify(result)).not.toContain(PASSWORD);
  });

  it('"Log in, then call" fails at the login step with a clear assertion when the credentials are wrong', async () => {
    const result = await run('login-then-call', { API_BASE: base, API_USER: 'ops', API_PASSWORD: 'wrong' });
    expect(result).toMatchObject({ hasFailures: true, error: { kind: 'ASSERTION_FAILED' } });
    expect(result.error?.message).toContain('POST /login answers 200');
    expect(result.error?.message).toMatch(/Expected: 200\s+Received: 401/);
    const [test] = result.multiStepCheckResult?.tests ?? [];
    expect(test?.steps.map((step) => [step.title, Boolean(step.error)])).toEqual([['log in', true]]);
    expect(test?.requests).toMatchObject([{ method: 'POST', url: `${base}/login`, status: 401, durationMs: expect.any(Number), sizeBytes: 27 }]);
  });
});
