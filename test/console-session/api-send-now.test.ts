import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trpcCode } from '../helpers/trpc';
import { useServerWithClients } from '../helpers/trpc-server';

// A real target on 127.0.0.1: answers 503 with a JSON body, and echoes what it got in headers.
let target: Server;
let base = '';
const seen: { url: string; auth: string | undefined; token: string | undefined }[] = [];

beforeAll(async () => {
  target = createServer((req, res) => {
    seen.push({ url: req.url ?? '', auth: req.headers.authorization, token: req.headers['x-token'] as string | undefined });
    res.writeHead(503, { 'content-type': 'application/json', 'x-shop': 'eu-1' });
    res.end(JSON.stringify({ status: 'down' }));
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => target.close(() => resolve()));
});

describe('console.runApiOnce: "Send now" sends an unsaved API request and records nothing', () => {
  const env = useServerWithClients();

  it('sends the request with its headers, query and group defaults; answers with the status, body, headers and each assertion with what it saw', async () => {
    const group = await env.trpc.checkGroups.create.mutate({
      group: { name: 'Shop', apiCheckDefaults: { url: '', headers: [{ key: 'x-token', value: 'from-group' }], queryParameters: [], assertions: [], basicAuth: { username: '', password: '' } } },
    });
    seen.length = 0;
    const result = await env.trpc.console.runApiOnce.mutate({
      groupId: group.id,
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

  it('refuses what a save would refuse, naming the field: a non-http URL', async () => {
    expect(await trpcCode(env.trpc.console.runApiOnce.mutate({ request: { method: 'GET', url: 'ftp://127.0.0.1/' } }))).toBe('BAD_REQUEST');
    expect(await trpcCode(env.trpc.console.runApiOnce.mutate({ checkId: 'no-such-check', request: { method: 'GET', url: `${base}/` } }))).toBe('NOT_FOUND');
  });
});
