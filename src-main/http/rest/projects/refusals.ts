import type { IncomingMessage } from 'node:http';
import { createGunzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { projectNamedIn, projectNamedInHead, recordRefusal, type ProjectNamed } from '../../../services/projects';
import { inflatedHeadOf } from '../../body-encoding';
import type { HttpDeps } from '../../deps';
import { serviceContext } from '../auth';

/** How much of an unread body is read to find the project it names, and for how long at most. */
const PEEK_ENCODED_BYTES = 64 * 1024;
const PEEK_TEXT_BYTES = 4096;
const PEEK_TIMEOUT_MS = 1_000;

/**
 * The start of a request body nobody read (a deploy refused before its body was taken, 429), as
 * text: a few KiB at most, inflated when gzip, within a second. The rest is left to drain.
 */
function peekUnreadBody(raw: IncomingMessage): Promise<string | null> {
  if (raw.readableEnded || raw.listenerCount('data') > 0) return Promise.resolve(null);
  const gzip = /^\s*(x-)?gzip\s*$/i.test(String(raw.headers['content-encoding'] ?? ''));
  return new Promise((resolve) => {
    const text: Buffer[] = [];
    let encoded = 0;
    let textBytes = 0;
    const gunzip = gzip ? createGunzip() : null;
    const take = (chunk: Buffer) => {
      text.push(chunk);
      textBytes += chunk.length;
      if (textBytes >= PEEK_TEXT_BYTES) finish();
    };
    const onData = (chunk: Buffer) => {
      encoded += chunk.length;
      if (gunzip) gunzip.write(chunk);
      else take(chunk);
      if (encoded >= PEEK_ENCODED_BYTES) finish();
    };
    const timer = setTimeout(() => finish(), PEEK_TIMEOUT_MS);
    let done = false;
    function finish() {
      if (done) return;
      done = true;
      clearTimeout(timer);
      raw.removeListener('data', onData);
      raw.removeListener('end', onEnd);
      gunzip?.destroy();
      resolve(text.length > 0 ? Buffer.concat(text).toString('utf8') : null);
    }
    // The last chunks may still be inflating when the body ends: give gunzip its turn.
    const onEnd = () => (gunzip ? gunzip.end(() => setImmediate(finish)) : finish());
    gunzip?.on('data', take).on('error', () => finish());
    raw.on('data', onData);
    raw.once('end', onEnd);
  });
}

/** The message of an error answer as the client got it. */
function messageOf(payload: unknown, status: number): string {
  try {
    const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
    const message = (JSON.parse(text) as { message?: unknown }).message;
    if (typeof message === 'string' && message.length > 0) return message;
  } catch {
    // not JSON: named by its status below
  }
  return `HTTP ${status}`;
}

async function deployedProject(request: FastifyRequest): Promise<ProjectNamed | null> {
  const parsed = projectNamedIn(request.body);
  if (parsed) return parsed;
  const head = inflatedHeadOf(request.raw) ?? (request.body === undefined ? await peekUnreadBody(request.raw) : null);
  return head === null ? null : projectNamedInHead(head);
}

/**
 * An `onSend` hook for `checkly deploy` and `checkly destroy`: an answer of 400 or above is
 * recorded in the project's history with the message the client got (a request no key was
 * accepted for is not: there is no account to record it in). Recording never changes the answer.
 */
export function recordRefusals(deps: HttpDeps, operation: 'deploy' | 'destroy') {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const status = reply.statusCode;
    if (status < 400 || !request.principal) return payload;
    try {
      const project =
        operation === 'destroy'
          ? projectNamedIn({ project: { logicalId: (request.params as { logicalId?: unknown } | undefined)?.logicalId } })
          : await deployedProject(request);
      if (project) {
        const dryRun = new URL(request.url, 'http://sightline.invalid').searchParams.get('dryRun') === 'true';
        await recordRefusal(serviceContext(deps, request), { operation, project, dryRun, httpStatus: status, message: messageOf(payload, status), memberId: request.principal.memberId ?? null });
      }
    } catch (error) {
      request.log.error({ err: error }, 'a refused deploy could not be recorded in its project history');
    }
    return payload;
  };
}
