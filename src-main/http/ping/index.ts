import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { receivePing } from '../../services/heartbeats';
import { HEARTBEAT_BODY_LIMIT_BYTES } from '../../../src-shared/schemas/result-payloads';
import type { HttpDeps } from '../deps';

/** What a ping body leaves after the parser: its first 10 KiB and its whole size. */
interface PingBody {
  head: Buffer;
  bytes: number;
}

interface PingRoute {
  Params: { token: string };
  Body: PingBody | undefined;
}

const KINDS = { '': 'PING', '/start': 'START', '/fail': 'FAIL' } as const;

/**
 * Reads any body, whatever its type, keeping its first 10 KiB: a job may POST its whole log, and a
 * ping is cut rather than refused. What is beyond is read and dropped (memory stays bounded).
 */
function keepBodyHead(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, payload, done) => {
    const parts: Buffer[] = [];
    let kept = 0;
    let bytes = 0;
    payload.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (kept < HEARTBEAT_BODY_LIMIT_BYTES) {
        const part = chunk.subarray(0, HEARTBEAT_BODY_LIMIT_BYTES - kept);
        parts.push(part);
        kept += part.length;
      }
    });
    payload.on('end', () => done(null, { head: Buffer.concat(parts), bytes } satisfies PingBody));
    payload.on('error', (error) => done(error, undefined));
  });
}

function bodyText(head: Buffer): string {
  // A cut may split a UTF-8 sequence: the replacement character marks it.
  return head.toString('utf8');
}

function answer(reply: FastifyReply, status: number, text: string): FastifyReply {
  return reply.status(status).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(text);
}

/**
 * `GET|POST|HEAD /ping/{token}` (and `…/start`, `…/fail`): a heartbeat's ping URL, for anyone holding
 * its token (no API key). Never logged: Fastify's request log would write the URL, so these routes log
 * nothing at all. Unknown tokens are 404; floods are 429 (services/engines/heartbeat-judge.ts).
 */
export function pingRoutes(deps: HttpDeps): FastifyPluginAsync {
  return async (scope) => {
    keepBodyHead(scope);
    for (const [suffix, kind] of Object.entries(KINDS)) {
      scope.route<PingRoute>({
        method: ['GET', 'POST', 'HEAD'],
        url: `/ping/:token${suffix}`,
        logLevel: 'silent',
        bodyLimit: 1024 * 1024 * 1024,
        schema: { hide: true },
        handler: async (request: FastifyRequest<PingRoute>, reply) => {
          const body = request.body;
          const result = await receivePing(deps.services, {
            token: request.params.token,
            kind,
            facts: {
              method: request.method,
              sourceAddress: request.ip,
              userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'].slice(0, 500) : null,
              body: body && body.bytes > 0 ? bodyText(body.head) : null,
              bodyBytes: body?.bytes ?? 0,
              bodyTruncated: (body?.bytes ?? 0) > HEARTBEAT_BODY_LIMIT_BYTES,
            },
          });
          if (result.status === 'ok') return answer(reply, 200, 'OK\n');
          if (result.status === 'unknown') return answer(reply, 404, 'Not Found: no heartbeat has this ping URL. Copy it again from the monitor in Sightline.\n');
          if (result.status === 'limited') {
            return answer(reply.header('retry-after', String(result.retryAfterSeconds)), 429, `Too Many Requests: ping again in ${result.retryAfterSeconds} s.\n`);
          }
          return answer(reply.header('retry-after', '5'), 503, 'Service Unavailable: Sightline could not take the ping just now; ping again in a few seconds.\n');
        },
      });
    }
  };
}
