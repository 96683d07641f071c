import type { FastifyInstance } from 'fastify';
import { errorBody } from '../../src-shared/errors';

const TRPC_METHODS = new Set(['GET', 'POST']);

/** tRPC speaks GET (queries, subscriptions) and POST (mutations); its adapter cannot even read a TRACE. */
export function trpcMethodsOnly(scope: FastifyInstance): void {
  scope.addHook('onRequest', async (request, reply) => {
    if (TRPC_METHODS.has(request.method)) return;
    return reply
      .status(405)
      .header('allow', 'GET, POST')
      .type('application/json; charset=utf-8')
      .send(errorBody(405, `Method Not Allowed: /trpc answers GET and POST, not ${request.method}`));
  });
}

/**
 * CONNECT never reaches Fastify (Node hands it to the server's 'connect' event and, with no listener,
 * drops the connection): answer it with the spec's 405 body and close. This server is no proxy.
 */
export function refuseConnect(app: FastifyInstance): void {
  app.server.on('connect', (_request, socket) => {
    const body = JSON.stringify(errorBody(405, 'Method Not Allowed: this server is not a proxy and answers no CONNECT'));
    socket.end(
      'HTTP/1.1 405 Method Not Allowed\r\n' +
        'content-type: application/json; charset=utf-8\r\n' +
        `content-length: ${Buffer.byteLength(body)}\r\n` +
        'x-content-type-options: nosniff\r\n' +
        'connection: close\r\n\r\n' +
        body,
    );
  });
}
