import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { trpcClient } from '../helpers/trpc';
import { createPage } from '../status-pages/public-fixtures';
import { answerBeforeBody, deepJson, post } from './deep-bodies';
import { rawRequest } from './raw';

const DEPTH_LIMIT = 64;
const TOO_DEEP = { statusCode: 400, error: 'Bad Request', message: `Body is nested too deeply: the JSON nesting depth limit is ${DEPTH_LIMIT} (objects and arrays within each other)` };
const SMALL_LIMIT_MESSAGE = 'Request body too large: the limit is 16 KiB (16384 bytes) per request';

/** An ICMP create body whose heartbeat holds arrays so that the whole body is `depth` levels deep. */
function icmpNested(depth: number): string {
  const arrays = depth - 2;
  return `{"name":"Nested","request":{"hostname":"127.0.0.1"},"heartbeat":{"n":${'['.repeat(arrays)}${']'.repeat(arrays)}}}`;
}

describe('what a request costs before it is authenticated', () => {
  let server: TestServer;
  let agentKey = '';
  let pageId = '';
  const withKey = () => ({ authorization: `Bearer ${server.key}` });

  beforeAll(async () => {
    server = await startServer({ config: { authFailuresPerMinute: 1_000_000, rateLimitPerMinute: 1_000_000 } });
    const location = await server.api('POST', '/v1/private-locations', { name: 'Lab', slugName: 'lab' });
    agentKey = location.body.keys[0].rawKey as string;
    pageId = (await createPage(server, 'acme', [])).id;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers 400 naming the nesting depth limit on every kind of route and stores nothing, and takes a body exactly at the limit', async () => {
    const tooDeep = icmpNested(DEPTH_LIMIT + 1);
    const json = { 'content-type': 'application/json' };
    for (const [path, headers] of [
      ['/v1/checks/icmp', withKey()],
      ['/v1/agent/register', { authorization: `Bearer ${agentKey}` }],
      ['/console/session', withKey()],
      ['/status/acme/subscribe', {}],
      ['/status/no-such-page/subscribe', {}],
    ] as const) {
      const res = await rawRequest(server.url, { method: 'POST', path, headers: { ...json, ...headers }, body: tooDeep });
      expect(res.status, path).toBe(400);
      expect(res.body, path).toEqual(TOO_DEEP);
    }
    // tRPC answers in its own shape, with the same words.
    const viaTrpc = await rawRequest(server.url, { method: 'POST', path: '/trpc/checks.createIcmp', headers: { ...json, ...withKey() }, body: tooDeep });
    expect(viaTrpc.status).toBe(400);
    expect(viaTrpc.body.error.message).toBe(TOO_DEEP.message);
    expect(viaTrpc.body.error.data.code).toBe('BAD_REQUEST');
    const deepQuery = await rawRequest(server.url, { path: `/trpc/checks.list?input=${encodeURIComponent(deepJson(DEPTH_LIMIT))}`, headers: withKey() });
    expect(deepQuery.status).toBe(400);
    expect(deepQuery.body.error.message).toBe(TOO_DEEP.message);
    expect((await server.api('GET', '/v1/checks')).body).toEqual([]);

    const atLimit = await rawRequest(server.url, { method: 'POST', path: '/v1/checks/icmp', headers: { ...json, ...withKey() }, body: icmpNested(DEPTH_LIMIT) });
    expect(atLimit.status, atLimit.text).toBe(201);
    await server.api('DELETE', `/v1/checks/${atLimit.body.id}`);
  });

  it('answers 413 naming the 16 KiB limit on the sign-in and every POST under /status/, and subscribes no one', async () => {
    const email = `${'a'.repeat(20_000)}@example.test`;
    const big = JSON.stringify({ email });
    const form = new URLSearchParams({ email }).toString();
    const cases: [string, Record<string, string>, string][] = [
      ['/console/session', { 'content-type': 'application/json', ...withKey() }, big],
      ['/status/acme/subscribe', { 'content-type': 'application/json' }, big],
      ['/status/no-such-page/subscribe', { 'content-type': 'application/json' }, big],
      ['/status/acme/subscribe', { 'content-type': 'application/x-www-form-urlencoded' }, form],
      ['/status/acme/confirm', { 'content-type': 'application/x-www-form-urlencoded' }, form],
      ['/status/acme/unsubscribe', { 'content-type': 'application/x-www-form-urlencoded' }, form],
    ];
    for (const [path, headers, body] of cases) {
      const res = await rawRequest(server.url, { method: 'POST', path, headers, body });
      const what = `${path} ${headers['content-type']}`;
      expect(res.status, what).toBe(413);
      if (res.body) expect(res.body, what).toEqual({ statusCode: 413, error: 'Payload Too Large', message: SMALL_LIMIT_MESSAGE });
      else expect(res.text, what).toContain(SMALL_LIMIT_MESSAGE);
    }
    expect(await trpcClient(server.url, server.key).statusPages.subscribers.list.query({ statusPageId: pageId })).toEqual([]);
  });

  it('answers a missing or wrong key with 401 before reading the body: REST, tRPC, the agent API and the sign-in', async () => {
    const wrong = { authorization: 'Bearer sl_wrong_key_0000000000000000' };
    for (const [path, headers] of [
      ['/v1/checks/icmp', {}],
      ['/v1/checks/icmp', wrong],
      ['/trpc/checks.createIcmp', wrong],
      ['/trpc/checks.createIcmp', {}],
      ['/v1/agent/register', wrong],
      ['/console/session', wrong],
      ['/console/session', {}],
    ] as const) {
      const res = await answerBeforeBody(server.url, path, headers, 4_000_000);
      expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(401);
    }
  });

  it('keeps answering API requests quickly while 30 deep 2 MB bodies arrive from 3 addresses', async () => {
    const deep = Buffer.from(deepJson(1_000_000));
    const targets = ['/console/session', '/status/acme/subscribe', '/status/no-such-page/subscribe'];
    let bursting = true;
    const burst = Promise.all(Array.from({ length: 30 }, (_, i) => post(server.url, targets[i % 3], deep, {}, `127.0.0.${11 + (i % 3)}`))).finally(() => {
      bursting = false;
    });
    const latencies: number[] = [];
    while (bursting) {
      const started = performance.now();
      const res = await fetch(`${server.url}/v1/checks`, { headers: withKey() });
      await res.text();
      expect(res.status).toBe(200);
      latencies.push(performance.now() - started);
    }
    const answers = await burst;
    for (const answer of answers) {
      // Refused before reading: 401 (sign-in without a key) or 413 (the public pages' limit), or the connection closed while the body was still on its way.
      expect(answer.error ?? answer.status, answer.text).toSatisfy((outcome: unknown) => typeof outcome === 'string' || outcome === 401 || outcome === 413);
    }
    expect(latencies.length).toBeGreaterThan(0);
    expect(Math.max(...latencies), `GET /v1/checks latencies during the burst: ${latencies.map((ms) => ms.toFixed(0)).join(', ')} ms`).toBeLessThan(500);
  });
});
