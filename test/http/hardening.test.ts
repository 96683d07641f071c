import { METHODS } from 'node:http';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostAllowed } from '../../src-main/http/host-check';
import { icmpBody, startServer, type TestServer } from '../helpers/server';
import { memoryLogger, rawRequest, rawStatus } from './raw';

/** The CLI's "Open session" address, which redirects to the console without a key. */
const CLI_SESSION_PAGE = '/accounts/0b5e7a1c-2f44-4c1e-9d7a-5b1f0e2c3d4a/test-sessions/7e570000-0001-8000-8000-000000000001';

const PATHS = ['/trpc/x', '/trpc/checks.list', '/trpc/checks.createIcmp', '/v1/checks', '/v1/checks/icmp', '/v2/check-groups', '/', '/docs', '/docs/static/index.css', '/openapi.json', '/v1/agent/register', '/v1/agent/jobs/lease', CLI_SESSION_PAGE, '/accounts/me/test-sessions/x', '/nothing/here'];

const PAGE_CSP_PARTS = ["script-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'", "connect-src 'self'"];

describe('every HTTP method on every kind of path', () => {
  let server: TestServer;
  let log: ReturnType<typeof memoryLogger>;

  beforeAll(async () => {
    log = memoryLogger();
    server = await startServer({ logger: log.logger, config: { authFailuresPerMinute: 1_000_000, rateLimitPerMinute: 1_000_000 } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers no 5xx and logs no error, with or without a key', async () => {
    const answers: string[] = [];
    for (const credentials of [{}, { authorization: `Bearer ${server.key}` }] as Record<string, string>[]) {
      for (const path of PATHS) {
        for (const method of METHODS) {
          const { status } = await rawStatus(server.url, method, path, credentials);
          answers.push(`${method} ${path} ${'authorization' in credentials ? 'with' : 'without'} key → ${status}`);
          expect(status, answers.at(-1)).toBeGreaterThanOrEqual(200);
          expect(status, answers.at(-1)).toBeLessThan(500);
        }
      }
    }
    expect(answers.length).toBe(2 * PATHS.length * METHODS.length);
    expect(log.lines().filter((line) => Number(line.level) >= 50)).toEqual([]);
  });

  it('answers TRACE, CONNECT and the other non-tRPC methods on /trpc with 405 and the error body', async () => {
    for (const method of ['TRACE', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const res = await rawRequest(server.url, { method, path: '/trpc/checks.list' });
      expect(res.status, method).toBe(405);
      expect(res.headers.allow).toBe('GET, POST');
      expect(res.body).toEqual({ statusCode: 405, error: 'Method Not Allowed', message: `Method Not Allowed: /trpc answers GET and POST, not ${method}` });
    }
    const connect = await rawStatus(server.url, 'CONNECT', '/trpc/x');
    expect(connect.status).toBe(405);
    expect(connect.response).toContain('"statusCode":405');
  });
});

describe('Host check (DNS rebinding)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ config: { publicHosts: ['sightline.example.test'] } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each(['evil.example', 'evil.example:4310', '127.0.0.1.evil.example', 'localhost.evil.example', '192.0.2.10', '[2001:db8::1]:80'])(
    'answers 421 with the error body to Host %s on every surface',
    async (host) => {
      for (const path of ['/', '/v1/checks', '/trpc/checks.list', '/docs', '/openapi.json', '/v1/agent/register', '/nothing']) {
        const res = await rawRequest(server.url, { path, headers: { host, authorization: `Bearer ${server.key}` } });
        expect(res.status, `${host} ${path}`).toBe(421);
        expect(res.body).toMatchObject({ statusCode: 421, error: 'Misdirected Request' });
        expect(res.body.message).toMatch(/--public-host/);
      }
    },
  );

  it('answers normally to loopback names and addresses with any port, and to the configured public name', async () => {
    const port = new URL(server.url).port;
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, '127.0.0.2', 'LOCALHOST', 'localhost.', 'sightline.example.test', 'Sightline.Example.Test:443']) {
      const checks = await rawRequest(server.url, { path: '/v1/checks', headers: { host, authorization: `Bearer ${server.key}` } });
      expect(checks.status, host).toBe(200);
      const page = await rawRequest(server.url, { path: '/', headers: { host } });
      expect(page.status, host).toBe(200);
      expect((await rawRequest(server.url, { path: '/openapi.json', headers: { host } })).status, host).toBe(200);
    }
  });

  it('decides from the listen address: loopback and --host; every interface address when listening on all of them', () => {
    const loopback = hostAllowed({ listenHost: '127.0.0.1', publicHosts: [], interfaceAddresses: () => ['192.0.2.7'] });
    expect(loopback('192.0.2.7:4310')).toBe(false);
    expect(loopback('127.0.0.1:4310')).toBe(true);
    const lan = hostAllowed({ listenHost: '192.0.2.7', publicHosts: ['monitor.example.test'], interfaceAddresses: () => ['192.0.2.7', '198.51.100.1'] });
    expect(lan('192.0.2.7:4310')).toBe(true);
    expect(lan('198.51.100.1:4310')).toBe(false);
    expect(lan('monitor.example.test')).toBe(true);
    expect(lan('evil.example')).toBe(false);
    for (const listenHost of ['0.0.0.0', '::']) {
      const every = hostAllowed({ listenHost, publicHosts: [], interfaceAddresses: () => ['192.0.2.7', 'fe80::1'] });
      expect(every('192.0.2.7:4310'), listenHost).toBe(true);
      expect(every('[fe80::1]:4310'), listenHost).toBe(true);
      expect(every('198.51.100.1'), listenHost).toBe(false);
      expect(every('evil.example'), listenHost).toBe(false);
    }
  });
});

describe('Host check when listening on every interface', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ config: { host: '0.0.0.0' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('accepts the addresses of this machine and refuses other names', async () => {
    const own = Object.values(networkInterfaces())
      .flatMap((entries) => entries ?? [])
      .map((entry) => (entry.family === 'IPv6' ? `[${entry.address}]` : entry.address));
    expect(own.length).toBeGreaterThan(0);
    // The requests all go to 127.0.0.1; only the Host header names the other addresses.
    for (const host of own) {
      expect((await rawRequest(server.url, { path: '/openapi.json', headers: { host } })).status, host).toBe(200);
    }
    expect((await rawRequest(server.url, { path: '/openapi.json', headers: { host: 'evil.example' } })).status).toBe(421);
  });
});

describe('security headers', () => {
  let server: TestServer;
  let consoleDir: string;

  beforeAll(async () => {
    // A stand-in for the built console: what matters is how the server serves its files.
    consoleDir = await mkdtemp(join(tmpdir(), 'sightline-console-'));
    await mkdir(join(consoleDir, 'assets'));
    await writeFile(join(consoleDir, 'index.html'), '<!doctype html><title>t</title><script type="module" src="./assets/app.js"></script>');
    await writeFile(join(consoleDir, 'assets', 'app.js'), 'document.title = "ok";');
    server = await startServer({ config: { rendererDir: consoleDir } });
  });
  afterAll(async () => {
    await server?.stop();
    await rm(consoleDir, { recursive: true, force: true });
  });

  function expectCommonHeaders(headers: Record<string, unknown>, what: string): void {
    expect(headers['x-content-type-options'], what).toBe('nosniff');
    expect(headers['referrer-policy'], what).toBe('no-referrer');
    expect(headers['x-frame-options'], what).toBe('DENY');
  }

  it('serves the console page and /docs with a strict CSP: no inline script, no framing', async () => {
    for (const path of ['/', '/index.html', '/docs', '/docs/']) {
      const res = await rawRequest(server.url, { path });
      expect(res.status, path).toBe(200);
      expect(String(res.headers['content-type']), path).toMatch(/^text\/html/);
      expectCommonHeaders(res.headers, path);
      const csp = String(res.headers['content-security-policy']);
      for (const part of PAGE_CSP_PARTS) expect(csp, path).toContain(part);
      expect(csp, path).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp, path).not.toMatch(/unsafe-eval/);
    }
  });

  it('leaves a cached page its own policy when it answers 304', async () => {
    const first = await rawRequest(server.url, { path: '/index.html' });
    expect(first.headers.etag).toBeTruthy();
    const again = await rawRequest(server.url, { path: '/index.html', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.status).toBe(304);
    // The headers of a 304 replace the cached ones: "load nothing" here would break the cached console.
    expect(again.headers['content-security-policy']).toBeUndefined();
    expectCommonHeaders(again.headers, '304');
  });

  it('lets a tab keep the hashed console files without asking again, and asks for the page itself every time', async () => {
    const script = await rawRequest(server.url, { path: '/assets/app.js' });
    expect(script.status).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/index.html']) {
      const page = await rawRequest(server.url, { path });
      expect(page.status, path).toBe(200);
      expect(String(page.headers['cache-control']), path).toBe('public, max-age=0');
    }
  });

  it('puts nosniff, no-referrer and DENY on every other response, with a CSP that loads nothing', async () => {
    const responses = {
      'console script': await rawRequest(server.url, { path: '/assets/app.js' }),
      'docs style': await rawRequest(server.url, { path: '/docs/static/index.css' }),
      'openapi.json': await rawRequest(server.url, { path: '/openapi.json' }),
      'REST 200': await rawRequest(server.url, { path: '/v1/checks', headers: { authorization: `Bearer ${server.key}` } }),
      'REST 401': await rawRequest(server.url, { path: '/v1/checks' }),
      'REST 404': await rawRequest(server.url, { path: '/v1/nothing' }),
      'tRPC 200': await rawRequest(server.url, { path: '/trpc/checks.list?input=%7B%7D', headers: { authorization: `Bearer ${server.key}` } }),
      'tRPC 401': await rawRequest(server.url, { path: '/trpc/checks.list?input=%7B%7D' }),
      '421': await rawRequest(server.url, { path: '/', headers: { host: 'evil.example' } }),
      'CLI redirect': await rawRequest(server.url, { path: CLI_SESSION_PAGE }),
    };
    for (const [what, res] of Object.entries(responses)) {
      expect(res.status, what).toBeLessThan(500);
      expectCommonHeaders(res.headers, what);
      expect(res.headers['content-security-policy'], what).toBe("default-src 'none'; frame-ancestors 'none'");
    }
    expect(responses['console script'].status).toBe(200);
    expect(responses['REST 200'].status).toBe(200);
    expect(responses['CLI redirect'].status).toBe(302);
  });
});

describe('request body limit', () => {
  let server: TestServer;
  const LIMIT = 5 * 1024 * 1024;
  const TOO_LARGE = { statusCode: 413, error: 'Payload Too Large', message: `Request body too large: the limit is 5 MiB (${LIMIT} bytes) per request` };

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const oversized = () => JSON.stringify({ ...icmpBody(), description: 'x'.repeat(LIMIT) });

  it('answers 413 naming the limit on REST and tRPC, and stores nothing', async () => {
    const json = { 'content-type': 'application/json', authorization: `Bearer ${server.key}` };
    for (const [method, path] of [
      ['POST', '/v1/checks/icmp'],
      ['PUT', '/v1/checks/icmp/00000000-0000-4000-8000-000000000000'],
      ['POST', '/trpc/checks.createIcmp'],
    ]) {
      const res = await rawRequest(server.url, { method, path, headers: json, body: oversized() });
      expect(res.status, path).toBe(413);
      expect(res.body, path).toEqual(TOO_LARGE);
    }
    expect((await server.api('GET', '/v1/checks')).body).toEqual([]);
  });

  it('reads a body just under the limit and judges its fields', async () => {
    const body = JSON.stringify(icmpBody({ request: { hostname: '127.0.0.1', pingCount: 'n'.repeat(LIMIT - 200) } }));
    expect(Buffer.byteLength(body)).toBeLessThan(LIMIT);
    const res = await rawRequest(server.url, { method: 'POST', path: '/v1/checks/icmp', headers: { 'content-type': 'application/json', authorization: `Bearer ${server.key}` }, body });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^request\.pingCount: /);
  });
});
