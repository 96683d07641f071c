import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { performHttpRequest } from '../../src-main/runner/http/http-request';

/** A self-signed certificate for 127.0.0.1 made with openssl, valid for `days`. */
function certificate(days: number): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'sightline-cert-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', String(days), '-subj', '/CN=sightline-test.local', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:sightline-test.local'], { stdio: 'ignore' });
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const sockets = new Set<Socket>();
let http: Server;
let https: Server;
let stuckTls: ReturnType<typeof createTcpServer>;
let base = '';
let secureBase = '';
let stuckTlsPort = 0;
let refusedPort = 0;

beforeAll(async () => {
  http = createHttpServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    switch (url.pathname) {
      case '/json':
        res.writeHead(200, { 'content-type': 'application/json', 'x-request-method': req.method ?? '' });
        res.end(JSON.stringify({ ok: true, items: [{ id: 7 }], echo: url.searchParams.get('q') }));
        return;
      case '/echo': {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          res.writeHead(201, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ method: req.method, body: Buffer.concat(chunks).toString(), auth: req.headers.authorization ?? null, custom: req.headers['x-custom'] ?? null }));
        });
        return;
      }
      case '/redirect':
        res.writeHead(302, { location: '/json' });
        res.end();
        return;
      case '/loop-a':
        res.writeHead(301, { location: '/loop-b' });
        res.end();
        return;
      case '/loop-b':
        res.writeHead(301, { location: '/loop-a' });
        res.end();
        return;
      case '/slow': {
        // One byte a second, for ever.
        res.writeHead(200, { 'content-type': 'text/plain' });
        const timer = setInterval(() => res.write('x'), 1000);
        res.on('close', () => clearInterval(timer));
        return;
      }
      case '/endless': {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        const chunk = Buffer.alloc(64 * 1024, 'y');
        const pump = () => {
          while (res.write(chunk)) {
            /* as fast as the reader takes it */
          }
        };
        res.on('drain', pump);
        res.on('close', () => res.off('drain', pump));
        pump();
        return;
      }
      case '/bomb': {
        // 10 KB on the wire, 100 MB once inflated.
        res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
        res.end(bomb);
        return;
      }
      case '/gzip-json':
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        res.end(gzipSync(JSON.stringify({ compressed: true })));
        return;
      case '/big':
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('z'.repeat(200 * 1024));
        return;
      default:
        res.writeHead(404);
        res.end('not here');
    }
  });
  const bomb = gzipSync(Buffer.alloc(100 * 1024 * 1024, 0));
  http.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  https = createHttpsServer(certificate(5), (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('secure hello');
  });
  await new Promise<void>((resolve) => https.listen(0, '127.0.0.1', resolve));
  secureBase = `https://127.0.0.1:${(https.address() as AddressInfo).port}`;

  // Accepts the connection and never answers the TLS ClientHello.
  stuckTls = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => stuckTls.listen(0, '127.0.0.1', resolve));
  stuckTlsPort = (stuckTls.address() as AddressInfo).port;

  const closed = createTcpServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  refusedPort = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
}, 30_000);

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all([http, https, stuckTls].map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
});

describe('an HTTP request as an API or URL check makes it', () => {
  it('answers status, headers, body and every timing phase', async () => {
    const exchange = await performHttpRequest({ method: 'GET', url: `${base}/json?q=hello`, timeoutMs: 5000 });
    expect(exchange.error).toBeNull();
    expect(exchange.status).toBe(200);
    expect(exchange.statusText).toBe('OK');
    expect(exchange.headers['x-request-method']).toBe('GET');
    expect(JSON.parse(exchange.body)).toEqual({ ok: true, items: [{ id: 7 }], echo: 'hello' });
    const { timingPhases: p } = exchange;
    expect(p.total).toBeGreaterThan(0);
    expect(p.tls).toBe(0);
    expect(p.wait + p.dns + p.tcp + p.tls + p.firstByte + p.download).toBeCloseTo(p.total, 1);
    expect(exchange.certificate).toBeNull();
  });

  it('sends the method, headers and body it is given', async () => {
    const exchange = await performHttpRequest({
      method: 'POST',
      url: `${base}/echo`,
      headers: { 'content-type': 'application/json', 'x-custom': 'yes', authorization: 'Basic dXNlcjpwYXNz' },
      body: '{"a":1}',
      timeoutMs: 5000,
    });
    expect(exchange.status).toBe(201);
    expect(JSON.parse(exchange.body)).toEqual({ method: 'POST', body: '{"a":1}', auth: 'Basic dXNlcjpwYXNz', custom: 'yes' });
  });

  it('follows redirects when asked, and reports them; without, answers the redirect itself', async () => {
    const followed = await performHttpRequest({ method: 'GET', url: `${base}/redirect`, followRedirects: true, timeoutMs: 5000 });
    expect(followed.status).toBe(200);
    expect(followed.url).toBe(`${base}/json`);
    expect(followed.redirects).toEqual([{ status: 302, from: `${base}/redirect`, to: `${base}/json` }]);
    const notFollowed = await performHttpRequest({ method: 'GET', url: `${base}/redirect`, followRedirects: false, timeoutMs: 5000 });
    expect(notFollowed.status).toBe(302);
    expect(notFollowed.headers.location).toBe('/json');
  });

  it('decompresses gzip bodies', async () => {
    const exchange = await performHttpRequest({ method: 'GET', url: `${base}/gzip-json`, timeoutMs: 5000 });
    expect(JSON.parse(exchange.body)).toEqual({ compressed: true });
  });

  it('keeps the first 64 KiB of a body in the result and says it was cut; the whole body stays readable for assertions', async () => {
    const exchange = await performHttpRequest({ method: 'GET', url: `${base}/big`, timeoutMs: 5000 });
    expect(exchange.error).toBeNull();
    expect(exchange.bodyBytes).toBe(200 * 1024);
    expect(exchange.body.length).toBe(64 * 1024);
    expect(exchange.bodyTruncated).toBe(true);
    expect(exchange.fullBody.length).toBe(200 * 1024);
  });

  it('names a refused connection, and an address that is not http(s)', async () => {
    const refused = await performHttpRequest({ method: 'GET', url: `http://127.0.0.1:${refusedPort}/`, timeoutMs: 5000 });
    expect(refused.error).toMatchObject({ kind: 'REFUSED', own: false });
    expect(refused.error?.message).toMatch(/connection refused/);
    const ftp = await performHttpRequest({ method: 'GET', url: 'ftp://127.0.0.1/', timeoutMs: 5000 });
    expect(ftp.error).toMatchObject({ kind: 'INVALID_URL' });
  });
});

describe('hostile targets end at their limit, named, with bounded memory', () => {
  it('a redirect loop', async () => {
    const exchange = await performHttpRequest({ method: 'GET', url: `${base}/loop-a`, followRedirects: true, timeoutMs: 5000 });
    expect(exchange.error?.kind).toBe('REDIRECT');
    expect(exchange.error?.message).toMatch(/redirect loop/);
  });

  it('a target that sends one byte a second ends at the time limit, naming what it waited for', async () => {
    const started = Date.now();
    const exchange = await performHttpRequest({ method: 'GET', url: `${base}/slow`, timeoutMs: 1500 });
    expect(Date.now() - started).toBeLessThan(4000);
    expect(exchange.error).toMatchObject({ kind: 'TIMEOUT', own: false });
    expect(exchange.error?.message).toMatch(/within 1500 ms \(waiting for the rest of the answer\)/);
    expect(exchange.status).toBe(200);
  });

  it('an endless body stops at the body limit', async () => {
    const exchange = await performHttpRequest({ method: 'GET', url: `${base}/endless`, timeoutMs: 10_000, maxBodyBytes: 2 * 1024 * 1024 });
    expect(exchange.error?.kind).toBe('BODY_LIMIT');
    expect(exchange.bodyBytes).toBe(2 * 1024 * 1024);
    expect(exchange.body.length).toBe(64 * 1024);
  });

  it('a gzip bomb stops at the body limit once decompressed', async () => {
    const exchange = await performHttpRequest({ method: 'GET', url: `${base}/bomb`, timeoutMs: 10_000 });
    expect(exchange.error?.kind).toBe('BODY_LIMIT');
    expect(exchange.error?.message).toMatch(/once decompressed/);
    expect(exchange.bodyBytes).toBe(4 * 1024 * 1024);
  });

  it('a TLS handshake that never finishes ends at the time limit, naming the handshake', async () => {
    const exchange = await performHttpRequest({ method: 'GET', url: `https://127.0.0.1:${stuckTlsPort}/`, timeoutMs: 1000 });
    expect(exchange.error).toMatchObject({ kind: 'TIMEOUT' });
    expect(exchange.error?.message).toMatch(/TLS handshake/);
  });
});

describe('https', () => {
  it('an untrusted certificate fails the request, naming why', async () => {
    const exchange = await performHttpRequest({ method: 'GET', url: `${secureBase}/`, timeoutMs: 5000 });
    expect(exchange.error?.kind).toBe('TLS');
    expect(exchange.error?.message).toMatch(/self[- ]signed/i);
  });

  it('with skipSSL the request is made, and the certificate is described: subject, issuer, days left, why it is not trusted', async () => {
    const exchange = await performHttpRequest({ method: 'GET', url: `${secureBase}/`, skipSSL: true, timeoutMs: 5000 });
    expect(exchange.error).toBeNull();
    expect(exchange.body).toBe('secure hello');
    expect(exchange.timingPhases.tls).toBeGreaterThan(0);
    expect(exchange.certificate).toMatchObject({ subject: 'sightline-test.local', issuer: 'sightline-test.local', trusted: false });
    expect(exchange.certificate?.daysLeft).toBeGreaterThanOrEqual(4);
    expect(exchange.certificate?.daysLeft).toBeLessThanOrEqual(5);
    expect(exchange.certificate?.subjectAltNames).toEqual(expect.arrayContaining(['127.0.0.1', 'sightline-test.local']));
    expect(exchange.certificate?.untrustedReason).toMatch(/SELF_SIGNED/i);
    expect(exchange.tls?.protocol).toMatch(/TLSv1\.[23]/);
  });
});
