import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

function isEventStream(payload: unknown): boolean {
  return payload instanceof Response && (payload.headers.get('content-type') ?? '').startsWith('text/event-stream');
}

/**
 * The console's live feeds (tRPC subscriptions over SSE) never end on their own, and closing the
 * server waits for every open response: on close, their connections are dropped instead. Dropped,
 * not ended: the console's EventSource then reconnects once the server is back, where an ended
 * subscription would stay ended until the tab reloads.
 */
export function dropEventStreamsOnClose(app: FastifyInstance): void {
  const streams = new Set<ServerResponse>();
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!isEventStream(payload)) return payload;
    const response = reply.raw;
    streams.add(response);
    response.once('close', () => streams.delete(response));
    return payload;
  });
  app.addHook('preClose', async () => {
    for (const response of streams) response.destroy();
    streams.clear();
  });
}
