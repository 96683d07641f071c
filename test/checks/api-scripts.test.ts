import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';

/**
 * Issue 33 item 2, end to end through the real server's REST API: an API check's setup script fetches
 * a token from one local endpoint and sets it on the request to a second one that requires it; a
 * teardown script changes the response before the assertions; a throwing script fails the check.
 */

interface ScriptResult {
  hasFailures: boolean;
  hasErrors: boolean;
  apiCheckResult: {
    assertions: { source: string; actual: unknown; passed: boolean }[];
    request: { method: string; url: string; headers: Record<string, string> } | null;
    response: { status: number | null; body: string };
    requestError: string | null;
    kept: string;
    jobLog?: { setup: { level: string; msg: string }[]; teardown: { level: string; msg: string }[] };
  };
}

describe('API check setup and teardown scripts through the server', { timeout: 120_000 }, () => {
  let server: TestServer;
  let target: Server;
  let base = '';
  const seen: { url: string; authorization: string | undefined }[] = [];

  beforeAll(async () => {
    target = createServer((req, res) => {
      seen.push({ url: req.url ?? '', authorization: req.headers.authorization });
      res.setHeader('content-type', 'application/json');
      if (req.url === '/token' && req.method === 'POST') return res.end(JSON.stringify({ token: 'tok-5f3a9c' }));
      if (req.url?.startsWith('/secure')) {
        if (req.headers.authorization !== 'Bearer tok-5f3a9c') {
          res.statusCode = 401;
          return res.end(JSON.stringify({ error: 'token required' }));
        }
        return res.end(JSON.stringify({ ok: true, state: 'raw', query: req.url }));
      }
      res.statusCode = 404;
      res.end('{}');
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
    server = await startServer();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    target.closeAllConnections();
    await new Promise((resolve) => target.close(resolve));
  });

  async function runOnce(body: Record<string, unknown>): Promise<ScriptResult> {
    const created = await server.api('POST', '/v1/checks/api?autoAssignAlerts=false', { doubleCheck: false, name: 'scripted', ...body });
    expect(created.status, created.text).toBe(201);
    const checkId = created.body.id as string;
    const triggered = await server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: [checkId] } });
    expect(triggered.status, triggered.text).toBe(201);
    const done = await server.api('GET', `/v1/check-sessions/${triggered.body.sessions[0].checkSessionId}/completion?maxWaitSeconds=30`);
    expect(done.status, done.text).toBe(200);
    const final = done.body.results.find((r: { resultType: string }) => r.resultType === 'FINAL');
    const detail = await server.api('GET', `/v1/check-results/${checkId}/${final.checkResultId}`);
    expect(detail.status, detail.text).toBe(200);
    return detail.body as ScriptResult;
  }

  const SETUP = [
    "const reply = await fetch(`${process.env.AUTH_BASE}/token`, { method: 'POST' })",
    'const { token } = await reply.json()',
    "request.headers['Authorization'] = `Bearer ${token}`",
    "request.queryParameters.from = 'setup'",
    "console.log('got a token of', token.length, 'characters:', token)",
  ].join('\n');

  it('a setup script fetches a token and sets it as a header: the endpoint that requires it answers 200; the token is scrubbed, the log kept', async () => {
    seen.length = 0;
    const result = await runOnce({
      request: { method: 'GET', url: `${base}/secure`, assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] },
      environmentVariables: [{ key: 'AUTH_BASE', value: base }],
      localSetupScript: SETUP,
    });
    expect(seen.map((s) => [s.url, s.authorization])).toEqual([
      ['/token', undefined],
      ['/secure?from=setup', 'Bearer tok-5f3a9c'],
    ]);
    expect(result).toMatchObject({ hasFailures: false, hasErrors: false });
    expect(result.apiCheckResult.response.status).toBe(200);
    expect(result.apiCheckResult.request?.url).toBe(`${base}/secure?from=setup`);
    expect(result.apiCheckResult.request?.headers.authorization).not.toContain('tok-5f3a9c');
    expect(result.apiCheckResult.jobLog?.setup.map((line) => [line.level, line.msg])).toEqual([['INFO', 'got a token of 10 characters: [scrubbed]']]);
    expect(JSON.stringify(result)).not.toContain('tok-5f3a9c');
  });

  it('without the setup script the same check fails on the 401: the script is what made it pass', async () => {
    const result = await runOnce({ request: { method: 'GET', url: `${base}/secure`, assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] } });
    expect(result).toMatchObject({ hasFailures: true, hasErrors: false });
    expect(result.apiCheckResult.response.status).toBe(401);
    expect(result.apiCheckResult.jobLog).toBeUndefined();
  });

  it('a teardown script changes the response before the assertions judge it', async () => {
    const teardown = ['const body = JSON.parse(response.body)', "body.state = body.ok ? 'checked' : 'bad'", 'response.body = JSON.stringify(body)', "console.log('teardown saw', response.statusCode)"].join('\n');
    const assertions = [{ source: 'JSON_BODY', property: '$.state', comparison: 'EQUALS', target: 'checked' }];
    const passing = await runOnce({ request: { method: 'GET', url: `${base}/secure`, assertions }, environmentVariables: [{ key: 'AUTH_BASE', value: base }], localSetupScript: SETUP, localTearDownScript: teardown });
    expect(passing).toMatchObject({ hasFailures: false, hasErrors: false });
    expect(passing.apiCheckResult.assertions.map((a) => [a.actual, a.passed])).toEqual([['checked', true]]);
    expect(passing.apiCheckResult.jobLog?.teardown.map((line) => line.msg)).toEqual(['teardown saw 200']);
    // Without the token the body says ok: undefined, which the teardown turns into "bad": the assertion fails on what the script left.
    const failing = await runOnce({ request: { method: 'GET', url: `${base}/secure`, assertions }, localTearDownScript: teardown });
    expect(failing).toMatchObject({ hasFailures: true, hasErrors: false });
    expect(failing.apiCheckResult.assertions.map((a) => [a.actual, a.passed])).toEqual([['bad', false]]);
  });

  it('a throwing setup script fails the check with the script error, the request not made and the log kept', async () => {
    seen.length = 0;
    const result = await runOnce({
      request: { method: 'GET', url: `${base}/secure`, assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] },
      localSetupScript: "console.log('about to fail')\nthrow new Error('the auth service said no')",
    });
    expect(seen).toEqual([]);
    expect(result).toMatchObject({ hasFailures: true, hasErrors: false });
    expect(result.apiCheckResult.requestError).toContain('the setup script failed: Error: the auth service said no (setup-script.ts:2:7)');
    expect(result.apiCheckResult.jobLog?.setup.map((line) => line.msg)).toEqual(['about to fail']);
  });
});
