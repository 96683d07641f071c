import type { IncomingMessage } from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';
import { createGunzip, type Gunzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { BODY_LIMIT_BYTES, bodyTooLargeMessage } from './body-limit';

/** Encodings a request body may carry; `identity` is the body as sent. */
const GZIP = new Set(['gzip', 'x-gzip']);

function httpError(statusCode: number, code: string, message: string): Error {
  return Object.assign(new Error(message), { statusCode, code });
}

/**
 * The inflated body, counted as it comes: past the route's limit it stops inflating at once (a
 * small body inflating to gigabytes never reaches memory) and fails with the 413 Fastify's own
 * reader would give. `receivedEncodedLength` is the compressed size Fastify checks Content-Length against.
 */
class InflatedBody extends Transform {
  receivedEncodedLength = 0;
  private inflated = 0;

  constructor(
    private readonly limit: number,
    private readonly stop: () => void,
    private readonly keepHead: (head: Buffer) => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.inflated < HEAD_BYTES) this.keepHead(chunk.subarray(0, HEAD_BYTES - this.inflated));
    this.inflated += chunk.length;
    if (this.inflated > this.limit) {
      this.stop();
      callback(httpError(413, 'FST_ERR_CTP_BODY_TOO_LARGE', bodyTooLargeMessage(this.limit)));
      return;
    }
    callback(null, chunk);
  }
}

/** How much of an inflated body is kept aside, for a route that must name what a body it refused was about. */
const HEAD_BYTES = 4096;
const heads = new WeakMap<IncomingMessage, Buffer>();

/** The first inflated bytes of a gzip request body (up to 4 KiB), as text; null when none was inflated. */
export function inflatedHeadOf(raw: IncomingMessage): string | null {
  return heads.get(raw)?.toString('utf8') ?? null;
}

function inflate(raw: IncomingMessage, limit: number): InflatedBody {
  const gunzip: Gunzip = createGunzip();
  const body = new InflatedBody(
    limit,
    () => {
      raw.unpipe(gunzip);
      gunzip.destroy();
    },
    (part) => heads.set(raw, Buffer.concat([heads.get(raw) ?? Buffer.alloc(0), part])),
  );
  raw.on('data', (chunk: Buffer) => {
    body.receivedEncodedLength += chunk.length;
  });
  gunzip.on('error', (error) => body.destroy(httpError(400, 'SL_BAD_GZIP', `Body is not valid gzip (Content-Encoding: gzip): ${error.message}`)));
  raw.pipe(gunzip).pipe(body);
  return body;
}

function hasBody(headers: IncomingMessage['headers']): boolean {
  return headers['transfer-encoding'] !== undefined || (headers['content-length'] !== undefined && headers['content-length'] !== '0');
}

/**
 * Request bodies sent with `Content-Encoding: gzip` (the public CLI compresses its deploys and test
 * runs) are inflated as a stream before any parser sees them, on every route; the body limit counts
 * inflated bytes. Other encodings answer 415 naming the encoding.
 */
export function acceptGzipBodies(app: FastifyInstance): void {
  app.addHook('preParsing', async (request, _reply, payload) => {
    const header = request.headers['content-encoding'];
    if (header === undefined || !hasBody(request.headers)) return payload;
    const encoding = header.trim().toLowerCase();
    if (encoding === '' || encoding === 'identity') return payload;
    if (!GZIP.has(encoding)) {
      throw httpError(415, 'SL_UNSUPPORTED_ENCODING', `Unsupported Content-Encoding "${header}": send the body as gzip or without Content-Encoding`);
    }
    return inflate(request.raw, request.routeOptions.bodyLimit ?? BODY_LIMIT_BYTES);
  });
}
