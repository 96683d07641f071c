import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { rawRequest } from './raw';

const FIRST_REQUEST_TIMEOUT_MS = 1000;
const MAX_PER_ADDRESS = 4;

/** A plain TCP connection to the server from `localAddress`, once it is established. */
async function openSocket(url: string, localAddress = '127.0.0.1'): Promise<Socket> {
  const socket = connect({ port: Number(new URL(url).port), host: '127.0.0.1', localAddress });
  socket.setEncoding('utf8');
  await once(socket, 'connect');
  return socket;
}

/** Resolves when the connection closes, with what the server sent on it. */
function closing(socket: Socket): Promise<{ received: string; at: number }> {
  let received = '';
  socket.on('data', (chunk: string) => {
    received += chunk;
  });
  // A reset is a way of closing too.
  socket.on('error', () => undefined);
  return once(socket, 'close').then(() => ({ received, at: performance.now() }));
}

/** Sends a keep-alive request on the socket and resolves with the first bytes of the answer. */
async function ask(socket: Socket, path: string): Promise<string> {
  const answer = once(socket, 'data').then(([chunk]) => String(chunk));
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  return answer;
}

describe('connections that ask for nothing, and how many one address may hold', () => {
  let server: TestServer;
  const sockets: Socket[] = [];
  const track = (socket: Socket) => (sockets.push(socket), socket);

  beforeAll(async () => {
    server = await startServer({ firstRequestTimeoutMs: FIRST_REQUEST_TIMEOUT_MS, config: { maxConnectionsPerAddress: MAX_PER_ADDRESS } });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.destroy();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('closes a connection that sends nothing, and one whose request head never ends, after the first-request timeout; not one whose request came', async () => {
    const location = await server.api('POST', '/v1/private-locations', { name: 'Lab', slugName: 'lab' });
    const agentApi = (path: string, body: unknown) => server.api('POST', path, body, { authorization: `Bearer ${location.body.keys[0].rawKey}` });
    const registered = await agentApi('/v1/agent/register', { hostname: 'lab-host', version: '1.0.0', concurrency: 1 });
    expect(registered.status).toBe(201);

    const started = performance.now();
    const silent = closing(track(await openSocket(server.url, '127.0.0.31')));
    const trickling = track(await openSocket(server.url, '127.0.0.31'));
    const tricklingClosed = closing(trickling);
    trickling.write('GET /v1/checks HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    // A long-poll that waits twice the timeout: its request came, so its connection stays.
    const lease = agentApi('/v1/agent/jobs/lease', { agentId: registered.body.agentId, max: 1, waitSeconds: (2 * FIRST_REQUEST_TIMEOUT_MS) / 1000 });
    for (const closed of await Promise.all([silent, tricklingClosed])) {
      expect(closed.received).toBe('');
      expect(closed.at - started).toBeGreaterThanOrEqual(FIRST_REQUEST_TIMEOUT_MS - 50);
      expect(closed.at - started).toBeLessThan(FIRST_REQUEST_TIMEOUT_MS + 3000);
    }
    const leased = await lease;
    expect(leased.status).toBe(200);
    expect(leased.body).toEqual({ jobs: [] });
    expect(performance.now() - started).toBeGreaterThanOrEqual(2 * FIRST_REQUEST_TIMEOUT_MS - 50);
  });

  it('closes a connection over the per-address limit at once, and serves other addresses and freed places', async () => {
    const serverSockets: Socket[] = [];
    const onConnection = (socket: Socket) => serverSockets.push(socket);
    server.backend.app.server.on('connection', onConnection);
    try {
      const held: Socket[] = [];
      for (let i = 0; i < MAX_PER_ADDRESS; i++) {
        const socket = track(await openSocket(server.url, '127.0.0.32'));
        expect(await ask(socket, '/nothing/here')).toMatch(/^HTTP\/1\.1 404 /);
        held.push(socket);
      }
      const refused = track(await openSocket(server.url, '127.0.0.32'));
      const refusedClosed = closing(refused);
      refused.write('GET /openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      const started = performance.now();
      const closed = await refusedClosed;
      expect(closed.received).toBe('');
      expect(closed.at - started).toBeLessThan(FIRST_REQUEST_TIMEOUT_MS);

      const elsewhere = await rawRequest(server.url, { path: '/v1/checks', headers: { authorization: `Bearer ${server.key}`, connection: 'close' }, localAddress: '127.0.0.33' });
      expect(elsewhere.status).toBe(200);

      // One place freed (the server saw the close): the address is served again.
      const freed = serverSockets.find((socket) => socket.remotePort === held[0].localPort);
      expect(freed).toBeDefined();
      const freedClosed = once(freed!, 'close');
      held[0].destroy();
      await freedClosed;
      const again = await rawRequest(server.url, { path: '/v1/checks', headers: { authorization: `Bearer ${server.key}`, connection: 'close' }, localAddress: '127.0.0.32' });
      expect(again.status).toBe(200);
    } finally {
      server.backend.app.server.off('connection', onConnection);
    }
  });
});
