import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateApiAssertion } from '../../src-main/runner/http/api-assertions';
import { apiResultPayload, buildApiRequest, substitute } from '../../src-main/runner/http/api-request';
import { performHttpRequest } from '../../src-main/runner/http/http-request';

let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'session=abc', 'x-token-echo': String(req.headers['x-token'] ?? '') });
      res.end(JSON.stringify({ method: req.method, url: req.url, contentType: req.headers['content-type'] ?? null, authorization: req.headers.authorization ?? null, body: Buffer.concat(chunks).toString() }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const variables = [
  { key: 'BASE', value: '' },
  { key: 'TOKEN', value: 's3cr3t-token-value', secret: true },
  { key: 'USER', value: 'ops' },
];

describe('an API check request, built and sent to a real server', () => {
  it('replaces {{VARIABLES}} in the url, query, headers and body; appends query parameters; types the body', async () => {
    const built = buildApiRequest(
      {
        method: 'POST',
        url: '{{BASE}}/orders?x=1',
        queryParameters: [{ key: 'user', value: '{{USER}}' }],
        headers: [{ key: 'X-Token', value: '{{TOKEN}}' }],
        body: '{"user":"{{USER}}","unknown":"{{NOPE}}"}',
        bodyType: 'JSON',
      },
      [{ key: 'BASE', value: base }, ...variables.slice(1)],
    );
    const exchange = await performHttpRequest({ ...built.spec, timeoutMs: 5000 });
    const seen = JSON.parse(exchange.body) as Record<string, unknown>;
    expect(seen).toMatchObject({ method: 'POST', url: '/orders?x=1&user=ops', contentType: 'application/json', body: '{"user":"ops","unknown":"{{NOPE}}"}' });
    expect(exchange.headers['x-token-echo']).toBe('s3cr3t-token-value');
  });

  it('FORM and GRAPHQL bodies, basic auth as a header', async () => {
    const form = buildApiRequest({ method: 'PUT', url: `${base}/f`, body: 'a=1&b=2', bodyType: 'FORM', basicAuth: { username: '{{USER}}', password: 'pw' } }, variables);
    const formSeen = JSON.parse((await performHttpRequest({ ...form.spec, timeoutMs: 5000 })).body) as Record<string, unknown>;
    expect(formSeen).toMatchObject({ contentType: 'application/x-www-form-urlencoded', body: 'a=1&b=2', authorization: `Basic ${Buffer.from('ops:pw').toString('base64')}` });
    const graphql = buildApiRequest({ method: 'POST', url: `${base}/graphql`, body: '{ viewer { id } }', bodyType: 'GRAPHQL' }, variables);
    const graphqlSeen = JSON.parse((await performHttpRequest({ ...graphql.spec, timeoutMs: 5000 })).body) as Record<string, unknown>;
    expect(JSON.parse(String(graphqlSeen.body))).toEqual({ query: '{ viewer { id } }' });
  });

  it('the result shows the request and response with every secret and credential scrubbed', async () => {
    const built = buildApiRequest(
      { method: 'GET', url: `${base}/q?key={{TOKEN}}`, headers: [{ key: 'X-Token', value: '{{TOKEN}}' }, { key: 'Authorization', value: 'Bearer abc' }] },
      variables,
    );
    const exchange = await performHttpRequest({ ...built.spec, timeoutMs: 5000 });
    const assertion = evaluateApiAssertion({ source: 'HEADERS', property: 'x-token-echo', comparison: 'EQUALS', target: 'other' }, exchange);
    const payload = apiResultPayload(built, exchange, [assertion]);
    const text = JSON.stringify(payload);
    expect(text).not.toContain('s3cr3t-token-value');
    expect(text).not.toContain('Bearer abc');
    expect(text).not.toContain('session=abc');
    expect(payload.request.headers).toEqual({ 'x-token': '[scrubbed]', authorization: '[scrubbed]' });
    expect(payload.response.status).toBe(200);
    expect(payload.assertions[0]).toMatchObject({ passed: false, actual: '[scrubbed]' });
    expect(payload.response.timingPhases?.total).toBeGreaterThan(0);
  });

  it('substitute leaves unknown names as written', () => {
    expect(substitute('{{ A }}/{{B}}', new Map([['A', 'x']]))).toBe('x/{{B}}');
  });
});
