import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runApiSetupScript, runApiTeardownScript } from '../../src-main/runner/api-scripts';
import { runApi } from '../../src-main/runner/executors/api';
import type { JobOf } from '../../src-main/runner/run-job';
import { ApiRunInput } from '../../src-shared/schemas/api-check';
import type { ExecutorDeps } from '../../src-main/runner/types';
import type { ApiScriptRequest, ApiScriptResponse } from '../../src-main/runner/warm/protocol';
import { warmExecutorDeps } from '../helpers/warm-runtime';

/**
 * Issue 33 item 2: setup and teardown scripts of API checks on the real warm runtime (real sandbox,
 * real runtime process), against a real local target.
 */
describe('API check setup and teardown scripts on the warm runtime', { timeout: 120_000 }, () => {
  let target: Server;
  let base = '';
  let deps: ExecutorDeps = { now: () => new Date() };
  let close = () => {};

  beforeAll(async () => {
    target = createServer((req, res) => {
      if (req.url === '/token' && req.headers['x-client'] === 'sightline') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ token: 'tok-123' }));
        return;
      }
      res.statusCode = 404;
      res.end('no');
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
    ({ deps, close } = await warmExecutorDeps(256));
  });
  afterAll(async () => {
    close();
    target.closeAllConnections();
    await new Promise((resolve) => target.close(resolve));
  });

  const request = (): ApiScriptRequest => ({ method: 'GET', url: `${base}/things`, body: '', headers: { accept: 'application/json' }, queryParameters: {} });
  const response = (): ApiScriptResponse => ({ statusCode: 500, statusText: 'Internal Server Error', body: '{"state":"broken"}', headers: { 'content-type': 'application/json' }, timings: { total: 12 }, timingPhases: { dns: 0, total: 12 } });

  it('a setup script fetches a token with the check variables and sets it on the request; what it logs is kept', async () => {
    const script = [
      "const reply = await fetch(`${process.env.AUTH_BASE}/token`, { headers: { 'x-client': 'sightline' } })",
      'const { token } = await reply.json()',
      "request.headers['Authorization'] = `Bearer ${token}`",
      "request.queryParameters.page = '2'",
      "request.method = 'post'",
      "request.body = JSON.stringify({ from: 'setup' })",
      "console.log('token length', token.length)",
    ].join('\n');
    const outcome = await runApiSetupScript(deps, { source: { script }, request: request(), env: { AUTH_BASE: base } });
    expect(outcome.kind).toBe('ok');
    if (outcome.kind !== 'ok') return;
    expect(outcome.value).toEqual({ method: 'POST', url: `${base}/things`, body: '{"from":"setup"}', headers: { accept: 'application/json', Authorization: 'Bearer tok-123' }, queryParameters: { page: '2' } });
    expect(outcome.logs.map((line) => [line.level, line.msg])).toEqual([['INFO', 'token length 7']]);
  });

  it('a TypeScript script with static imports and a local file sent with it (as the CLI sends an entrypoint)', async () => {
    const script = ["import { createHmac } from 'node:crypto'", "import { sign } from './lib/sign'", '', 'request.headers["x-signature"] = sign(createHmac, request.url as string)'].join('\n');
    const dependencies = [{ path: 'scripts/lib/sign.ts', content: "import type { createHmac } from 'node:crypto'\n\nexport function sign(hmac: typeof createHmac, text: string): string {\n  return hmac('sha256', 'k').update(text).digest('hex')\n}\n" }];
    const outcome = await runApiSetupScript(deps, { source: { script, scriptPath: 'scripts/setup.ts', dependencies }, request: request(), env: {} });
    expect(outcome.kind === 'failed' ? outcome.error.message : outcome.kind).toBe('ok');
    if (outcome.kind !== 'ok') return;
    expect(outcome.value.headers['x-signature']).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a teardown script sees request and response and changes the response the assertions will judge', async () => {
    const script = [
      'const parsed = JSON.parse(response.body)',
      "if (request.headers.accept !== 'application/json') throw new Error('request not visible')",
      'response.statusCode = 200',
      "response.body = JSON.stringify({ ...parsed, state: 'fixed', secret: undefined })",
      "response.headers['x-teardown'] = process.env.MARK",
      'console.warn(`was ${parsed.state}`)',
    ].join('\n');
    const outcome = await runApiTeardownScript(deps, { source: { script }, request: request(), response: response(), env: { MARK: 'seen' } });
    expect(outcome.kind).toBe('ok');
    if (outcome.kind !== 'ok') return;
    expect(outcome.value.statusCode).toBe(200);
    expect(JSON.parse(outcome.value.body)).toEqual({ state: 'fixed' });
    expect(outcome.value.headers['x-teardown']).toBe('seen');
    expect(outcome.value.timings).toEqual({ total: 12 });
    expect(outcome.logs.map((line) => [line.level, line.msg])).toEqual([['ERROR', 'was broken']]);
  });

  it('a script that throws fails with a SCRIPT_ERROR naming its line; what it logged before is kept', async () => {
    const script = "console.log('before')\n\nthrow new Error('no token for you')\n";
    const outcome = await runApiSetupScript(deps, { source: { script }, request: request(), env: {} });
    expect(outcome.kind).toBe('failed');
    if (outcome.kind !== 'failed') return;
    expect(outcome.error.kind).toBe('SCRIPT_ERROR');
    expect(outcome.error.message).toBe('the setup script failed: Error: no token for you (setup-script.ts:3:7)');
    expect(outcome.logs.map((line) => line.msg)).toEqual(['before']);
  });

  it('a script that never finishes ends at its time limit as a TIMEOUT; one that blocks its thread too', async () => {
    const waiting = await runApiSetupScript(deps, { source: { script: "console.log('waiting')\nawait new Promise(() => {})" }, request: request(), env: {}, timeoutMs: 800 });
    expect(waiting).toMatchObject({ kind: 'failed', timedOut: true, error: { kind: 'TIMEOUT', message: 'the setup script did not finish within its time limit of 800 ms' } });
    expect(waiting.logs.map((line) => line.msg)).toEqual(['waiting']);
    const blocking = await runApiTeardownScript(deps, { source: { script: 'while (true) {}' }, request: request(), response: response(), env: {}, timeoutMs: 800 });
    expect(blocking).toMatchObject({ kind: 'failed', timedOut: true, error: { kind: 'TIMEOUT' } });
    // The runtime is still there for the next script.
    const after = await runApiSetupScript(deps, { source: { script: "request.headers.ok = 'yes'" }, request: request(), env: {} });
    expect(after.kind === 'ok' && after.value.headers.ok).toBe('yes');
  });

  it('a script cannot reach what multi-step isolation forbids, nor the server variables it was not given', async () => {
    const spawn = await runApiSetupScript(deps, { source: { script: "const { execSync } = require('child_process')\nrequest.headers.out = String(execSync('id'))" }, request: request(), env: {} });
    expect(spawn).toMatchObject({ kind: 'failed', error: { kind: 'SCRIPT_ERROR' } });
    expect(spawn.kind === 'failed' && spawn.error.message).toContain('setup scripts cannot use the child_process module');
    const env = await runApiSetupScript(deps, { source: { script: 'request.headers.keys = Object.keys(process.env).sort().join(",")' }, request: request(), env: { ONLY: '1' } });
    expect(env.kind === 'ok' && env.value.headers.keys?.split(',')).not.toContain('SIGHTLINE_DATA_DIR');
    expect(env.kind === 'ok' && env.value.headers.keys?.split(',')).toContain('ONLY');
    const escape = await runApiSetupScript(deps, { source: { script: "request.headers.ctor = String(typeof (function () { return this })().constructor.constructor('return process')().mainModule)" }, request: request(), env: {} });
    expect(escape.kind === 'ok' ? escape.value.headers.ctor : 'failed').not.toBe('object');
  });

  it('a script that breaks the request shape, or does not compile, is the script error', async () => {
    const broken = await runApiSetupScript(deps, { source: { script: 'request.url = 42' }, request: request(), env: {} });
    expect(broken).toMatchObject({ kind: 'failed', error: { kind: 'SCRIPT_ERROR', message: 'the setup script failed: TypeError: request.url must be a string' } });
    const syntax = await runApiSetupScript(deps, { source: { script: 'request.headers.x = (' }, request: request(), env: {} });
    expect(syntax).toMatchObject({ kind: 'failed', error: { kind: 'SCRIPT_ERROR' } });
    expect(syntax.kind === 'failed' && syntax.error.message).toMatch(/^the setup script cannot be compiled: /);
  });

  it('the API executor: a check without scripts never calls the runtime; one with a setup script does, and the target sees its header', async () => {
    const real = deps.warmRuntime;
    if (!real) throw new Error('no warm runtime');
    let calls = 0;
    const counting: ExecutorDeps = { ...deps, warmRuntime: { run: (job) => real.run(job), runApiScript: (job) => (calls++, real.runApiScript(job)) } };
    const job = (extra: Record<string, unknown>): JobOf<'API'> => ({
      checkId: 'c0ffee00-0000-4000-8000-0000000000aa',
      checkType: 'API',
      runLocation: 'local',
      timeoutMs: 25_000,
      check: ApiRunInput.parse({ request: { method: 'GET', url: `${base}/token`, assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] }, ...extra }),
    });
    const plain = await runApi(job({}), counting);
    expect(calls).toBe(0);
    expect(plain.hasFailures).toBe(true);
    const scripted = await runApi(job({ localSetupScript: "request.headers['X-Client'] = 'sightline'" }), counting);
    expect(calls).toBe(1);
    expect(scripted).toMatchObject({ hasFailures: false, hasErrors: false });
  });

  it('without a warm runtime a script is Sightline’s fault (it throws), never a failure of the target', async () => {
    await expect(runApiSetupScript({ now: () => new Date() }, { source: { script: '' }, request: request(), env: {} })).rejects.toThrow(/no warm runtime/);
  });
});
