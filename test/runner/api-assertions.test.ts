import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertionProblem, describeApiAssertionFailure, evaluateApiAssertion, type ApiAssertion } from '../../src-main/runner/http/api-assertions';
import { performHttpRequest, type HttpExchange } from '../../src-main/runner/http/http-request';

let server: Server;
let json: HttpExchange;
let text: HttpExchange;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/json') {
      res.writeHead(200, { 'content-type': 'application/json', 'x-version': 'v2.14.1', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ status: 'ok', count: 3, items: [{ id: 1, name: 'alpha' }, { id: 2, name: 'beta' }], empty: [], nothing: null, tags: ['a', 'b'] }));
      return;
    }
    res.writeHead(503, { 'content-type': 'text/plain' });
    res.end('Service Unavailable: maintenance until 06:00');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  json = await performHttpRequest({ method: 'GET', url: `${base}/json`, timeoutMs: 5000 });
  text = await performHttpRequest({ method: 'GET', url: `${base}/down`, timeoutMs: 5000 });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const check = (assertion: ApiAssertion, exchange = json) => evaluateApiAssertion(assertion, exchange);

describe('API assertions against what a real server answered', () => {
  it('STATUS_CODE compares numbers', () => {
    expect(check({ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' })).toMatchObject({ passed: true, actual: 200 });
    expect(check({ source: 'STATUS_CODE', comparison: 'LESS_THAN', target: '400' }, text)).toMatchObject({ passed: false, actual: 503 });
  });

  it('JSON_BODY reads a JSON path, and every comparison the schema lists applies', () => {
    expect(check({ source: 'JSON_BODY', property: '$.status', comparison: 'EQUALS', target: 'ok' }).passed).toBe(true);
    expect(check({ source: 'JSON_BODY', property: '$.count', comparison: 'GREATER_THAN', target: '2' }).passed).toBe(true);
    expect(check({ source: 'JSON_BODY', property: '$.items[1].name', comparison: 'EQUALS', target: 'beta' }).passed).toBe(true);
    expect(check({ source: 'JSON_BODY', property: '$.items.length', comparison: 'EQUALS', target: '2' }).passed).toBe(true);
    expect(check({ source: 'JSON_BODY', property: '$.items[0]', comparison: 'HAS_KEY', target: 'name' }).passed).toBe(true);
    expect(check({ source: 'JSON_BODY', property: '$.items[0]', comparison: 'NOT_HAS_KEY', target: 'secret' }).passed).toBe(true);
    expect(check({ source: 'JSON_BODY', property: '$.tags', comparison: 'HAS_VALUE', target: 'b' }).passed).toBe(true);
    expect(check({ source: 'JSON_BODY', property: '$.tags', comparison: 'NOT_HAS_VALUE', target: 'z' }).passed).toBe(true);
    expect(check({ source: 'JSON_BODY', property: '$.empty', comparison: 'IS_EMPTY' }).passed).toBe(true);
    expect(check({ source: 'JSON_BODY', property: '$.items', comparison: 'NOT_EMPTY' }).passed).toBe(true);
    expect(check({ source: 'JSON_BODY', property: '$.nothing', comparison: 'IS_NULL' }).passed).toBe(true);
    expect(check({ source: 'JSON_BODY', property: '$.status', comparison: 'NOT_NULL' }).passed).toBe(true);
    expect(check({ source: 'JSON_BODY', property: '$.status', comparison: 'CONTAINS', target: 'o' }).passed).toBe(true);
    expect(check({ source: 'JSON_BODY', property: '$.status', comparison: 'NOT_CONTAINS', target: 'fail' }).passed).toBe(true);
    expect(check({ source: 'JSON_BODY', property: '$.status', comparison: 'NOT_EQUALS', target: 'ok' })).toMatchObject({ passed: false, actual: 'ok' });
  });

  it('JSON_BODY on a body that is not JSON fails and says why', () => {
    const outcome = check({ source: 'JSON_BODY', property: '$.status', comparison: 'EQUALS', target: 'ok' }, text);
    expect(outcome).toMatchObject({ passed: false, error: 'the response body is not JSON' });
  });

  it('HEADERS reads a header by name (any case); a regex extracts part of it', () => {
    expect(check({ source: 'HEADERS', property: 'Content-Type', comparison: 'CONTAINS', target: 'json' }).passed).toBe(true);
    expect(check({ source: 'HEADERS', property: 'x-version', regex: 'v(\\d+)\\.', comparison: 'GREATER_THAN', target: '1' })).toMatchObject({ passed: true, actual: '2' });
    expect(check({ source: 'HEADERS', comparison: 'HAS_KEY', target: 'Cache-Control' }).passed).toBe(true);
    expect(check({ source: 'HEADERS', property: 'x-missing', comparison: 'IS_NULL' }).passed).toBe(true);
  });

  it('TEXT_BODY and RESPONSE_TIME', () => {
    expect(check({ source: 'TEXT_BODY', comparison: 'CONTAINS', target: 'maintenance' }, text).passed).toBe(true);
    expect(check({ source: 'RESPONSE_TIME', comparison: 'LESS_THAN', target: '5000' }).passed).toBe(true);
  });

  it('a failure names the assertion, what was expected and what was seen', () => {
    const outcome = check({ source: 'JSON_BODY', property: '$.count', comparison: 'EQUALS', target: '4' });
    expect(describeApiAssertionFailure(outcome)).toBe('assertion JSON_BODY $.count EQUALS 4 failed: actual 3');
  });
});

describe('an assertion that cannot be evaluated is refused, naming its field', () => {
  it.each([
    [{ source: 'BODY', comparison: 'EQUALS' }, /^assertions\[0\]\.source: "BODY" is not one of/],
    [{ source: 'STATUS_CODE', comparison: 'ROUGHLY' }, /^assertions\[0\]\.comparison: "ROUGHLY" is not one of/],
    [{ source: 'JSON_BODY', property: '$.items[?(@.id', comparison: 'EQUALS' }, /^assertions\[0\]\.property: .* is not a JSON path/],
    [{ source: 'TEXT_BODY', regex: '(unclosed', comparison: 'EQUALS' }, /^assertions\[0\]\.regex: .* is not a valid regular expression/],
    [{ source: 'STATUS_CODE', comparison: 'GREATER_THAN', target: 'lots' }, /^assertions\[0\]\.target: GREATER_THAN compares numbers/],
  ])('%o', (assertion, message) => {
    expect(assertionProblem(assertion as ApiAssertion, 0)).toMatch(message);
  });

  it('a valid assertion has no problem', () => {
    expect(assertionProblem({ source: 'JSON_BODY', property: "$['items'][0].id", comparison: 'EQUALS', target: '1' }, 3)).toBeNull();
  });
});
