import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_MASK } from '../../src-shared/rules/secrets';
import { trpcCode } from '../helpers/trpc';
import { useServerWithClients } from '../helpers/trpc-server';

// A real target on 127.0.0.1: answers 503 with a JSON body, and echoes what it got in headers.
let target: Server;
let base = '';
const seen: { url: string; auth: string | undefined; token: string | undefined; from?: string }[] = [];

beforeAll(async () => {
  target = createServer((req, res) => {
    const from = req.headers['x-from'] as string | undefined;
    seen.push({ url: req.url ?? '', auth: req.headers.authorization, token: req.headers['x-token'] as string | undefined, ...(from ? { from } : {}) });
    if (req.url === '/moved') {
      res.writeHead(302, { location: '/health' });
      return res.end();
    }
    res.writeHead(503, { 'content-type': 'application/json', 'x-shop': 'eu-1' });
    res.end(JSON.stringify({ status: 'down' }));
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => target.close(() => resolve()));
});

describe('console.sendNow: "Send now" sends an unsaved API check or URL monitor and records nothing', () => {
  const env = useServerWithClients();

  it('sends the request with its headers, query and group defaults; answers with the status, body, headers and each assertion with what it saw', async () => {
    const group = await env.trpc.checkGroups.create.mutate({
      group: { name: 'Shop', apiCheckDefaults: { url: '', headers: [{ key: 'x-token', value: 'from-group' }], queryParameters: [], assertions: [], basicAuth: { username: '', password: '' } } },
    });
    seen.length = 0;
    const result = await env.trpc.console.sendNow.mutate({
      checkType: 'API',
      groupId: group.id,
      check: {
        request: {
          method: 'GET',
          url: `${base}/health`,
          queryParameters: [{ key: 'deep', value: '1' }],
          basicAuth: { username: 'ops', password: 'pw' },
          assertions: [
            { source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' },
            { source: 'JSON_BODY', property: '$.status', comparison: 'EQUALS', target: 'up' },
          ],
        },
      },
    });
    expect(result.status).toBe('FAILED');
    expect(seen).toEqual([{ url: '/health?deep=1', auth: `Basic ${Buffer.from('ops:pw').toString('base64')}`, token: 'from-group' }]);
    const api = result.apiCheckResult as { response: { status: number; body: string; headers: Record<string, string> }; assertions: { target: string; actual: unknown; passed: boolean }[] };
    expect(api.response.status).toBe(503);
    expect(JSON.parse(api.response.body)).toEqual({ status: 'down' });
    expect(api.response.headers['x-shop']).toBe('eu-1');
    expect(api.assertions.map((a) => [a.target, a.actual, a.passed])).toEqual([
      ['200', 503, false],
      ['up', 'down', false],
    ]);
    expect((await env.server.api('GET', '/v1/checks')).body).toEqual([]);
    expect(await env.trpc.checkSessions.listRecent.query({})).toEqual([]);
  });

  it("uses the form's variables ({{NAME}} in the URL and headers, a stored secret kept by its mask) and runs the setup script, as a stored run would", async () => {
    const created = await env.server.api('POST', '/v1/checks/api?autoAssignAlerts=false', {
      name: 'Stored',
      activated: false,
      request: { method: 'GET', url: `${base}/health` },
      environmentVariables: [{ key: 'TOKEN', value: 'stored-secret-7', secret: true }],
    });
    expect(created.status, created.text).toBe(201);
    seen.length = 0;
    const result = await env.trpc.console.sendNow.mutate({
      checkType: 'API',
      checkId: created.body.id as string,
      check: {
        request: { method: 'GET', url: `${base}/{{AREA}}`, headers: [{ key: 'x-token', value: '{{TOKEN}}' }] },
        environmentVariables: [
          { key: 'AREA', value: 'health', secret: false },
          { key: 'TOKEN', value: SECRET_MASK, secret: true },
        ],
        localSetupScript: "request.headers['x-from'] = 'setup-script'",
      },
    });
    expect(seen).toEqual([{ url: '/health', auth: undefined, token: 'stored-secret-7', from: 'setup-script' }]);
    const api = result.apiCheckResult as { request: { url: string; headers: Record<string, string> }; jobLog?: unknown };
    expect(api.request.url).toBe(`${base}/health`);
    // The secret is scrubbed from what the console is shown.
    expect(JSON.stringify(api.request.headers)).not.toContain('stored-secret-7');
    expect(api.jobLog).toBeDefined();
  });

  it('sends a URL monitor once: the GET follows its redirect and the status code assertion is judged', async () => {
    seen.length = 0;
    const result = await env.trpc.console.sendNow.mutate({
      checkType: 'URL',
      check: { request: { url: `${base}/moved`, followRedirects: true, assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '503' }] } },
    });
    expect(result.status).toBe('PASSED');
    expect(seen.map((request) => request.url)).toEqual(['/moved', '/health']);
    const http = result.apiCheckResult as { response: { status: number }; redirects: { status: number }[] };
    expect(http.response.status).toBe(503);
    expect(http.redirects.map((redirect) => redirect.status)).toEqual([302]);
  });

  it('refuses what a save would refuse, naming the field: a non-http URL, a type with no "Send now", an unknown check', async () => {
    await expect(env.trpc.console.sendNow.mutate({ checkType: 'API', check: { request: { method: 'GET', url: 'ftp://127.0.0.1/' } } })).rejects.toThrow(/request\.url/);
    await expect(env.trpc.console.sendNow.mutate({ checkType: 'MULTI_STEP', check: { script: 'x' } })).rejects.toThrow(/checkType/);
    expect(await trpcCode(env.trpc.console.sendNow.mutate({ checkType: 'URL', check: { request: {} } }))).toBe('BAD_REQUEST');
    expect(await trpcCode(env.trpc.console.sendNow.mutate({ checkType: 'API', checkId: 'no-such-check', check: { request: { method: 'GET', url: `${base}/` } } }))).toBe('NOT_FOUND');
  });
});
