import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, createWebSocketStream, type WebSocket } from 'ws';
import { isAppError } from '../../core/errors';
import type { Logger } from '../../core/logger';
import { assertOwnAccount, authenticateKey } from '../../services/auth';
import type { HttpDeps } from '../deps';
import { hostAllowed, type HostCheckOptions } from '../host-check';
import { clientAddress } from '../request-limits';
import { ConnectionCounts, DEFAULT_MQTT_CONNECTION_CAPS, type ConnectionSlot, type MqttConnectionCaps } from './connection-caps';

/** Where the public CLI's `trigger` follows its run: CHECKLY_MQTT_URL=ws://<host>:<port>/mqtt. */
export const MQTT_PATH = '/mqtt';

/** MQTT packets here are small (subscriptions, pings); a larger frame is not a client of ours. */
const MAX_FRAME_BYTES = 64 * 1024;

// CONNACK return codes (MQTT 3.1.1, table 3.1). 3.1.1 has no quota code: a cap answers "Server unavailable".
const SERVER_UNAVAILABLE = 3;
const BAD_USERNAME_OR_PASSWORD = 4;
const NOT_AUTHORIZED = 5;

function refusal(message: string, returnCode: number): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

/** Topics an account may follow: its own, `account/<accountId>/...`, with no wildcard in the first two levels. */
export function topicOfAccount(topic: string, accountId: string): boolean {
  const [root, account] = topic.split('/');
  return root === 'account' && account?.toLowerCase() === accountId.toLowerCase();
}

function writeHttpRefusal(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * An MQTT broker (aedes) over WebSocket on the API's own HTTP server. CONNECT authenticates like a
 * REST request (username = account id, password = API key; failures count against the address like a
 * 401), clients may only subscribe to their account's topics and never publish: only the server does.
 * Connections are capped per key and per address.
 */
export async function attachMqttBroker(
  app: FastifyInstance,
  deps: HttpDeps,
  options: { logger: Logger; hosts: HostCheckOptions; caps?: MqttConnectionCaps },
): Promise<Aedes> {
  const accounts = new WeakMap<Client, string>();
  const counts = new ConnectionCounts(options.caps ?? DEFAULT_MQTT_CONNECTION_CAPS);
  const slots = new WeakMap<IncomingMessage, ConnectionSlot>();
  /** Aedes's authenticate is a callback: the key is checked against the database, then `done` answers the CONNECT. */
  const connectClient = async (client: Client, username: string | undefined, password: Buffer | undefined, done: (error: AuthenticateError | null, success: boolean | null) => void): Promise<void> => {
    const address = client.req?.socket.remoteAddress ?? 'unknown';
    try {
      const token = password?.toString('utf8') ?? '';
      const { principal, keyHash } = await deps.limits.authFailures.authenticate(address, () =>
        authenticateKey(deps.services, deps.launchTokens, { authorization: `Bearer ${token}`, accountHeaders: [] }),
      );
      // The login is username = account id (what the public CLI sends); leaving it out is no way around the account check.
      if (!username?.trim()) return done(refusal('Bad username or password: the username must be the account id', BAD_USERNAME_OR_PASSWORD), false);
      assertOwnAccount(principal, [username]);
      // A CONNECT is one request of the key's budget, like a REST call.
      deps.limits.budget.spend(deps.limits.budget.bucketOfKeyHash(keyHash));
      const slot = client.req ? slots.get(client.req) : undefined;
      const capped = slot ? slot.connect(keyHash) : { message: 'the connection did not come through the WebSocket endpoint' };
      if (capped) return done(refusal(`Server unavailable: ${capped.message}`, SERVER_UNAVAILABLE), false);
      accounts.set(client, principal.accountId);
      done(null, true);
    } catch (error) {
      if (isAppError(error) && error.kind === 'unauthorized') return done(refusal('Bad Token', BAD_USERNAME_OR_PASSWORD), false);
      if (isAppError(error)) return done(refusal(error.message, NOT_AUTHORIZED), false);
      options.logger.error({ err: error }, 'MQTT authentication failed unexpectedly');
      done(refusal('Authentication failed', NOT_AUTHORIZED), false);
    }
  };
  const broker = await Aedes.createBroker({
    // A client that stops reading cannot stall delivery to the others for long.
    drainTimeout: 10_000,
    connectTimeout: 10_000,
    authenticate(client, username, password, done) {
      void connectClient(client, username, password, done);
    },
    authorizeSubscribe(client, subscription, done) {
      const accountId = accounts.get(client);
      // null: the SUBACK grants nothing (0x80) for this topic; the connection stays.
      done(null, accountId && topicOfAccount(subscription.topic, accountId) ? subscription : null);
    },
    authorizePublish(_client, _packet, done) {
      done(new Error('Clients may not publish: results are published by Sightline'));
    },
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const allowedHost = hostAllowed(options.hosts);
  const sockets = new Set<WebSocket>();

  wss.on('connection', (socket: WebSocket, request: IncomingMessage) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    const stream = createWebSocketStream(socket);
    stream.on('error', () => socket.terminate());
    broker.handle(stream, request);
  });

  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== MQTT_PATH) return writeHttpRefusal(socket, 404, 'Not Found');
    // The same DNS-rebinding guard as every HTTP request.
    if (!allowedHost(request.headers.host)) return writeHttpRefusal(socket, 421, 'Misdirected Request');
    try {
      deps.limits.authFailures.assertNotBlocked(request.socket.remoteAddress ?? 'unknown');
    } catch {
      return writeHttpRefusal(socket, 429, 'Too Many Requests');
    }
    // The slot belongs to the TCP socket, so it is freed however the connection ends (even a failed handshake).
    const slot = counts.open(clientAddress(request.socket.remoteAddress));
    if (!slot) return writeHttpRefusal(socket, 429, 'Too Many Requests');
    socket.once('close', () => slot.release());
    slots.set(request, slot);
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  });

  // Before the HTTP server waits for its connections: upgraded sockets would otherwise hold close() open.
  app.addHook('preClose', async () => {
    for (const socket of sockets) socket.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
    await new Promise<void>((resolve) => broker.close(() => resolve()));
  });
  return broker;
}
