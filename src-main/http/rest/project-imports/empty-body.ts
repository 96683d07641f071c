import type { FastifyInstance } from 'fastify';

/**
 * The CLI posts apply and commit with no body but a form content type (axios' default): accept an
 * empty body of any type in this scope; a non-empty one of a type we do not read is still a 415.
 */
export function acceptEmptyBodies(app: FastifyInstance): void {
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body: Buffer, done) => {
    if (body.length === 0) {
      done(null, undefined);
      return;
    }
    done(Object.assign(new Error('Unsupported Media Type: send application/json'), { statusCode: 415 }), undefined);
  });
}
