import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Socket } from 'node:net';
import type { Logger } from '../core/logger';

/**
 * How long an idle keep-alive connection stays open between requests. Fastify's default (72 s)
 * kept a client that holds its socket referenced (the CLI after a code-bundle upload, now and
 * then) from exiting for that long; a second lets the next request of a burst reuse the socket.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 1_000;

/** How long a new connection may take to send its first complete request head. */
export const FIRST_REQUEST_TIMEOUT_MS = 10_000;

export interface ConnectionGuardOptions {
  /** Open connections one client address may hold at once; the next one is closed at once. */
  maxPerAddress: number;
  firstRequestTimeoutMs: number;
  logger: Logger;
}

/** An IPv4 client reached over a dual-stack socket counts as itself. */
function addressOf(socket: Socket): string | undefined {
  const address = socket.remoteAddress;
  return address?.startsWith('::ffff:') ? address.slice(7) : address;
}

/**
 * What a connection may cost before it asks for anything. Node closes a connection whose request
 * head trickles in (headersTimeout) but not one that sends nothing at all, and sets no limit per
 * client: here a connection that has not sent a complete request head (or WebSocket upgrade)
 * within `firstRequestTimeoutMs` is closed, and an address over its share is closed on accept.
 * Once a request came, the connection is left to the usual timeouts (keep-alive, and none while
 * a long-poll, event stream or WebSocket is open).
 */
export function guardConnections(server: Server, options: ConnectionGuardOptions): void {
  const open = new Map<string, number>();
  const awaitingRequest = new Map<Duplex, NodeJS.Timeout>();
  /** When each address over its share was last logged: a flood must not flood the log too. */
  const warnedAt = new Map<string, number>();

  server.on('connection', (socket: Socket) => {
    const address = addressOf(socket);
    // No address: the peer is already gone.
    if (address === undefined) return;
    const count = open.get(address) ?? 0;
    if (count >= options.maxPerAddress) {
      if (Date.now() - (warnedAt.get(address) ?? 0) > 60_000) {
        warnedAt.set(address, Date.now());
        options.logger.warn(
          { address, limit: options.maxPerAddress },
          `Closing new connections from ${address}: it holds ${options.maxPerAddress} open connections already (--max-connections-per-address)`,
        );
      }
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    const timer = setTimeout(() => socket.destroy(), options.firstRequestTimeoutMs);
    timer.unref();
    awaitingRequest.set(socket, timer);
    socket.once('close', () => {
      clearTimeout(timer);
      awaitingRequest.delete(socket);
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) {
        open.set(address, left);
      } else {
        open.delete(address);
        warnedAt.delete(address);
      }
    });
  });

  const requested = (socket: Duplex) => {
    const timer = awaitingRequest.get(socket);
    if (timer === undefined) return;
    clearTimeout(timer);
    awaitingRequest.delete(socket);
  };
  server.on('request', (request: IncomingMessage) => requested(request.socket));
  server.on('upgrade', (_request: IncomingMessage, socket: Duplex) => requested(socket));
}
