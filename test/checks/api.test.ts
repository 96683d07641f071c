import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { rejectedPutCases, validationCases, type Body, type Rejected } from './harness';
import { startTlsTargets, type TlsTargets } from './ssl-certs';

/** A local HTTP target with the behaviours API checks meet: JSON, errors, slowness, auth, loops and endless bodies. */
async function startTarget(): Promise<{ url: string; refusedUrl: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const query = new URL(req.url ?? '/', 'http://x').searchParams;
    if (path.startsWith('/items/')) {
      res.writeHead(200, { 'content-type': 'application/json', 'x-served-by': 'target-1' }).end(JSON.stringify({ id: path.slice(7), name: 'item', tags: ['a', 'b'], region: query.get('region') }));
    } else if (path === '/boom') {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('boom: the database is down\nsecond line\nthird line');
    } else if (path === '/slow') {
      setTimeout(() => res.writeHead(200).end('slow but fine'), 300);
    } else if (path === '/needs-token') {
      const ok = req.headers['x-token'] === 'tok-9f8e7d' && req.headers.authorization === `Basic ${Buffer.from('ops:pw-1234').toString('base64')}`;
      res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' }).end(JSON.stringify({ ok, team: req.headers['x-team'] ?? null }));
    } else if (path === '/loop') {
      res.writeHead(302, { location: '/loop' }).end();
    } else if (path === '/endless') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const push = () => {
        if (res.destroyed) return;
        res.write(chunk, () => setImmediate(push));
      };
      push();
    } else if (path === '/echo' && req.method === 'POST') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ got: Buffer.concat(chunks).toString(), type: req.headers['content-type'] })));
    } else {
      res.writeHead(404).end('not here');
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  // A port nothing listens on: bind and close one.
  const spare = createServer();
  await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
  const refusedPort = (spare.address() as AddressInfo).port;
  await new Promise<void>((resolve) => spare.close(() => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    refusedUrl: `http://127.0.0.1:${refusedPort}/`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const PATH = '/v1/checks/api';
const valid = (members: Body = {}): Body => ({ name: 'Items API', request: { method: 'GET', url: 'https://api.example.com/items/1' }, ...members });
const request = (extra: Body): Body => ({ request: { method: 'GET', url: 'https://api.example.com/items/1', ...extra } });
const assertion = (extra: Body): Body => request({ assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200', ...extra }] });

const REJECTED: Rejected[] = [
  ['request missing', () => ({ name: 'no request' }), 'request'],
  ['method missing', { request: { url: 'https://a.example' } }, 'request.method'],
  ['method unknown', request({ method: 'BREW' }), 'request.method'],
  ['url not http(s)', request({ url: 'ftp://files.example.com/x' }), 'request.url'],
  ['url not a URL', request({ url: 'not a url' }), 'request.url'],
  ['url over 2048 characters', request({ url: `https://a.example/${'x'.repeat(2048)}` }), 'request.url'],
  ['bodyType unknown', request({ bodyType: 'XML' }), 'request.bodyType'],
  ['body over 64 KiB', request({ method: 'POST', bodyType: 'RAW', body: 'x'.repeat(64 * 1024 + 1) }), 'request.body'],
  ['assertion source unknown', assertion({ source: 'COOKIES' }), 'request.assertions[0].source'],
  ['assertion comparison unknown', assertion({ comparison: 'ROUGHLY' }), 'request.assertions[0].comparison'],
  ['JSON path that does not parse', assertion({ source: 'JSON_BODY', property: '$..[', comparison: 'EQUALS', target: 'x' }), 'request.assertions[0].property'],
  ['regex that does not compile', assertion({ source: 'TEXT_BODY', regex: '(unclosed', comparison: 'EQUALS', target: 'x' }), 'request.assertions[0].regex'],
  ['RESPONSE_TIME target not a number', assertion({ source: 'RESPONSE_TIME', comparison: 'LESS_THAN', target: 'fast' }), 'request.assertions[0].target'],
  ['basicAuth without password', request({ basicAuth: { username: 'u' } }), 'request.basicAuth.password'],
  ['maxResponseTime over 30 s', { maxResponseTime: 30001 }, 'maxResponseTime'],
  ['certificateExpiryDays 0', { certificateExpiryDays: 0 }, 'certificateExpiryDays'],
  ['checkType URL on the API path', { checkType: 'URL' }, 'checkType'],
];

/** What bench/scenarios/api-load.ts and the public CLI 8.23.2's ApiCheck send (dist/constructs/api-check.js synthesize()). */
const CLI_PAYLOAD = {
  name: 'Items from the CLI',
  activated: true,
  muted: false,
  shouldFail: false,
  locations: [],
  tags: ['cli'],
  frequency: 5,
  alertChannelSubscriptions: [],
  checkType: 'API',
  request: {
    method: 'POST',
    url: '{{BASE_URL}}/items',
    followRedirects: true,
    skipSSL: false,
    ipFamily: 'IPv4',
    body: '{"name":"x"}',
    bodyType: 'JSON',
    headers: [{ key: 'x-team', value: 'ops', locked: false }],
    queryParameters: [],
    assertions: [
      { source: 'STATUS_CODE', property: '', comparison: 'EQUALS', target: '201', regex: null },
      { source: 'JSON_BODY', property: '$.id', comparison: 'NOT_EMPTY', target: '', regex: null },
    ],
    basicAuth: { username: '', password: '' },
  },
  localSetupScript: null,
  localTearDownScript: null,
  degradedResponseTime: 5000,
  maxResponseTime: 20000,
};

interface ApiResult {
  hasFailures: boolean;
  hasErrors: boolean;
  isDegraded: boolean;
  responseTime: number;
  apiCheckResult: {
    assertions: { source: string; property: string; comparison: string; target: string; actual: unknown; passed: boolean }[];
    request: { method: string; url: string; headers: Record<string, string> } | null;
    response: { status: number | null; statusText: string | null; body: string; headers: Record<string, string> | null; timingPhases: Record<string, number> | null };
    requestError: string | null;
    kept: string;
    certificate?: { daysLeft: number } | null;
  };
}

describe('API checks and URL monitors', () => {
  let server: TestServer;
  let target: Awaited<ReturnType<typeof startTarget>>;
  let tls: TlsTargets;
  beforeAll(async () => {
    [server, target, tls] = await Promise.all([startServer(), startTarget(), startTlsTargets()]);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await target?.close();
    await tls?.close();
  });

  /** Creates a check (no alerts, no retry), triggers one run and answers its FINAL result as the results API shows it. */
  async function runOnce(path: string, body: Body): Promise<ApiResult & { error: unknown }> {
    const created = await server.api('POST', `${path}?autoAssignAlerts=false`, { doubleCheck: false, ...body });
    expect(created.status, created.text).toBe(201);
    const checkId = created.body.id as string;
    const triggered = await server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: [checkId] } });
    expect(triggered.status, triggered.text).toBe(201);
    const done = await server.api('GET', `/v1/check-sessions/${triggered.body.sessions[0].checkSessionId}/completion?maxWaitSeconds=30`);
    expect(done.status, done.text).toBe(200);
    const final = done.body.results.find((r: { resultType: string }) => r.resultType === 'FINAL');
    const detail = await server.api('GET', `/v1/check-results/${checkId}/${final.checkResultId}`);
    expect(detail.status, detail.text).toBe(200);
    return detail.body as ApiResult & { error: unknown };
  }

  describe('validation: every refused field is named', () => {
    validationCases(() => server, PATH, valid, REJECTED, [
      ['the defaults of ChecksV1ApiRequest', {}, { checkType: 'API', request: { followRedirects: true, skipSSL: false, ipFamily: 'IPv4', body: '', bodyType: 'NONE', headers: [], queryParameters: [], assertions: [] } }],
      ['a URL starting with a variable', request({ url: '{{BASE_URL}}/items' }), { request: { url: '{{BASE_URL}}/items' } }],
    ]);
    rejectedPutCases(() => server, PATH, valid(), [['url not http(s)', request({ url: 'file:///etc/passwd' }), 'request.url']]);

    it('URL monitors take STATUS_CODE assertions only, on http(s) URLs', async () => {
      const bad = await server.api('POST', '/v1/checks/url', { name: 'u', request: { url: 'https://a.example', assertions: [{ source: 'HEADERS', comparison: 'EQUALS', target: 'x' }] } });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('request.assertions[0].source');
      const noUrl = await server.api('POST', '/v1/checks/url', { name: 'u', request: { url: 'gopher://a.example' } });
      expect(noUrl.status).toBe(400);
      expect(noUrl.body.message).toContain('request.url');
    });

    it('the CLI 8.23.2 ApiCheck payload is accepted as sent, on /v1/checks/api and the generic /v1/checks, and read back on v1, v2 and v3', async () => {
      for (const path of [PATH, '/v1/checks']) {
        const res = await server.api('POST', path, CLI_PAYLOAD);
        expect(res.status, res.text).toBe(201);
        expect(res.body).toMatchObject({ checkType: 'API', request: { url: '{{BASE_URL}}/items', assertions: CLI_PAYLOAD.request.assertions } });
        for (const version of ['v1', 'v2', 'v3']) {
          const read = await server.api('GET', `/${version}/checks/${res.body.id}`);
          expect(read.status, read.text).toBe(200);
          expect(read.body).toMatchObject({ checkType: 'API', request: { method: 'POST', bodyType: 'JSON' } });
        }
      }
    });
  });

  describe('runs against a real local target', () => {
    it('a passing check: status and assertions with what they saw; a passing run keeps a summary', async () => {
      const result = await runOnce(PATH, {
        name: 'Item 7',
        request: {
          method: 'GET',
          url: `${target.url}/items/7`,
          queryParameters: [{ key: 'region', value: 'eu' }],
          assertions: [
            { source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' },
            { source: 'JSON_BODY', property: '$.name', comparison: 'EQUALS', target: 'item' },
            { source: 'JSON_BODY', property: '$.region', comparison: 'EQUALS', target: 'eu' },
            { source: 'JSON_BODY', property: '$.tags', comparison: 'HAS_VALUE', target: 'b' },
            { source: 'HEADERS', property: 'x-served-by', comparison: 'CONTAINS', target: 'target' },
            { source: 'TEXT_BODY', comparison: 'CONTAINS', target: '"id":"7"' },
            { source: 'RESPONSE_TIME', comparison: 'LESS_THAN', target: '5000' },
          ],
        },
      });
      expect(result).toMatchObject({ hasFailures: false, hasErrors: false, isDegraded: false });
      expect(result.apiCheckResult.response.status).toBe(200);
      expect(result.apiCheckResult.kept).toBe('summary');
      expect(result.apiCheckResult.assertions.map((a) => [a.source, a.actual, a.passed])).toEqual([
        ['STATUS_CODE', 200, true],
        ['JSON_BODY', 'item', true],
        ['JSON_BODY', 'eu', true],
        ['JSON_BODY', '["a","b"]', true],
        ['HEADERS', 'target-1', true],
        ['TEXT_BODY', expect.stringContaining('"name":"item"'), true],
        ['RESPONSE_TIME', expect.any(Number), true],
      ]);
    });

    it('a failing check keeps the evidence: the failing assertion with expected and actual, status, headers, body, timing phases', async () => {
      const result = await runOnce(PATH, { name: 'Boom', request: { method: 'GET', url: `${target.url}/boom`, assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] } });
      expect(result).toMatchObject({ hasFailures: true, hasErrors: false });
      expect(JSON.stringify(result.error)).toContain('200');
      const api = result.apiCheckResult;
      expect(api.kept).toBe('full');
      expect(api.assertions[0]).toMatchObject({ source: 'STATUS_CODE', target: '200', actual: 500, passed: false });
      expect(api.response).toMatchObject({ status: 500, statusText: 'Internal Server Error', body: 'boom: the database is down\nsecond line\nthird line' });
      expect(api.response.headers).toMatchObject({ 'content-type': 'text/plain' });
      expect(Object.keys(api.response.timingPhases ?? {})).toEqual(expect.arrayContaining(['dns', 'tcp', 'firstByte', 'download', 'total']));
      expect(api.request).toMatchObject({ method: 'GET', url: `${target.url}/boom` });
    });

    it('the group’s apiCheckDefaults and the variables make the request: base URL, headers, basic auth, assertions; secrets are scrubbed', async () => {
      const group = await server.api('POST', '/v1/check-groups', {
        name: 'Internal API',
        activated: true,
        environmentVariables: [{ key: 'TOKEN', value: 'tok-9f8e7d', secret: true }],
        apiCheckDefaults: {
          url: target.url,
          headers: [{ key: 'x-token', value: '{{TOKEN}}' }, { key: 'x-team', value: 'group' }],
          queryParameters: [],
          assertions: [{ source: 'JSON_BODY', property: '$.ok', comparison: 'EQUALS', target: 'true' }],
          basicAuth: { username: 'ops', password: 'pw-1234' },
        },
      });
      expect(group.status, group.text).toBe(201);
      const result = await runOnce(PATH, {
        name: 'Token API',
        groupId: group.body.id,
        shouldFail: false,
        request: { method: 'GET', url: '/needs-token', headers: [{ key: 'X-Team', value: 'check' }], assertions: [{ source: 'JSON_BODY', property: '$.team', comparison: 'EQUALS', target: 'check' }] },
      });
      expect(result.hasFailures, JSON.stringify(result.apiCheckResult)).toBe(false);
      expect(result.apiCheckResult.assertions.map((a) => a.property)).toEqual(['$.ok', '$.team']);

      const failing = await runOnce(PATH, { name: 'Token API, wrong', groupId: group.body.id, request: { method: 'GET', url: '/needs-token', headers: [{ key: 'x-token', value: 'nope' }] } });
      expect(failing.hasFailures).toBe(true);
      expect(failing.apiCheckResult.response.status).toBe(401);
      // The request as shown: the group's base URL in, credentials never shown.
      expect(failing.apiCheckResult.request?.url).toBe(`${target.url}/needs-token`);
      expect(failing.apiCheckResult.request?.headers.authorization).toBe('[scrubbed]');
      expect(JSON.stringify(failing)).not.toContain('pw-1234');
    });

    it('degraded is not failed; shouldFail turns a failing answer into a pass; a POST sends its typed body', async () => {
      const slow = await runOnce(PATH, { name: 'Slow', degradedResponseTime: 100, maxResponseTime: 5000, request: { method: 'GET', url: `${target.url}/slow` } });
      expect(slow).toMatchObject({ hasFailures: false, isDegraded: true });
      expect(slow.apiCheckResult.kept).toBe('full');
      const inverted = await runOnce(PATH, { name: 'Must fail', shouldFail: true, request: { method: 'GET', url: `${target.url}/boom`, assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] } });
      expect(inverted).toMatchObject({ hasFailures: false, hasErrors: false });
      const posted = await runOnce(PATH, {
        name: 'Post',
        request: { method: 'POST', url: `${target.url}/echo`, bodyType: 'JSON', body: '{"n":1}', assertions: [{ source: 'JSON_BODY', property: '$.type', comparison: 'EQUALS', target: 'application/json' }] },
      });
      expect(posted.hasFailures, JSON.stringify(posted.apiCheckResult)).toBe(false);
    });

    it('hostile and absent targets fail as the target’s fault, with a clear error: refused, a redirect loop, an endless body, a time limit', async () => {
      const refused = await runOnce(PATH, { name: 'Refused', request: { method: 'GET', url: target.refusedUrl } });
      expect(refused).toMatchObject({ hasFailures: true, hasErrors: false });
      expect(refused.apiCheckResult.requestError).toMatch(/refused/);
      const loop = await runOnce(PATH, { name: 'Loop', request: { method: 'GET', url: `${target.url}/loop` } });
      expect(loop).toMatchObject({ hasFailures: true, hasErrors: false });
      expect(loop.apiCheckResult.requestError).toMatch(/redirect/i);
      const endless = await runOnce(PATH, { name: 'Endless', maxResponseTime: 10000, degradedResponseTime: 5000, request: { method: 'GET', url: `${target.url}/endless` } });
      expect(endless).toMatchObject({ hasFailures: true, hasErrors: false });
      expect(endless.apiCheckResult.requestError).toMatch(/larger than/i);
      const slow = await runOnce(PATH, { name: 'Too slow', maxResponseTime: 150, degradedResponseTime: 100, request: { method: 'GET', url: `${target.url}/slow` } });
      expect(slow).toMatchObject({ hasFailures: true, hasErrors: false });
    }, 60_000);

    it('URL monitors: any answer below 400 passes without assertions; a 500 fails with its status', async () => {
      const ok = await runOnce('/v1/checks/url', { name: 'Home', request: { url: `${target.url}/items/1` } });
      expect(ok).toMatchObject({ hasFailures: false });
      expect(ok.apiCheckResult.response.status).toBe(200);
      const down = await runOnce('/v1/checks/url', { name: 'Down', request: { url: `${target.url}/boom` } });
      expect(down).toMatchObject({ hasFailures: true, hasErrors: false });
      expect(down.apiCheckResult.response.status).toBe(500);
      expect(down.apiCheckResult.response.body).toContain('boom');
    });

    it('on https, "fail N days before the certificate expires" fails a certificate expiring sooner, and the result shows its days left', async () => {
      const soon = await runOnce('/v1/checks/url', { name: 'Soon', certificateExpiryDays: 14, request: { url: `https://127.0.0.1:${tls.ports.soon}/`, skipSSL: true } });
      expect(soon.hasFailures).toBe(true);
      expect(JSON.stringify(soon.error)).toMatch(/expires in 5 days/);
      expect(soon.apiCheckResult.certificate?.daysLeft).toBe(5);
      const fine = await runOnce(PATH, { name: 'Valid', certificateExpiryDays: 14, request: { method: 'GET', url: `https://127.0.0.1:${tls.ports.valid}/`, skipSSL: true } });
      expect(fine.hasFailures, JSON.stringify(fine.error)).toBe(false);
    });
  });
});
