import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CODE_BUNDLE_MAX_BYTES, storeCodeBundle } from '../../../services/test-runs';
import { serviceContext } from '../auth';
import type { HttpDeps } from '../../deps';
import { errorResponses } from '../common';

/** The CLI reads the limit from this phrase of a 413 ("… maximum allowed: <bytes>") to tell the user; the error mapper keeps a 4xx's message. */
const tooLarge = () => Object.assign(new Error(`Code bundle too large: Payload content length greater than maximum allowed: ${CODE_BUNDLE_MAX_BYTES}`), { statusCode: 413 });

/** Where the public CLI uploads a project's code bundle before `checkly test` and `deploy`. */
export function checklyStorageRoutes(deps: HttpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Only this scope reads raw bytes; everywhere else a body is JSON.
    app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: CODE_BUNDLE_MAX_BYTES }, (_request, body, done) => done(null, body));

    app.post(
      '/next/checkly-storage/upload-code-bundle',
      {
        // A bundle is code to run (`checkly test`) or deploy: a key that may create checks.
        config: { access: 'write' },
        bodyLimit: CODE_BUNDLE_MAX_BYTES,
        schema: {
          tags: ['Monitoring as code'],
          summary: `Upload a project's code bundle (tar.gz, application/octet-stream, at most ${CODE_BUNDLE_MAX_BYTES} bytes); answers its key`,
          response: { 200: z.object({ key: z.string() }), ...errorResponses(400, 401, 403, 413, 415, 429) },
        },
        onRequest: async (request) => {
          // Refused before a byte is read when the client says the size up front, as the CLI does.
          if (Number(request.headers['content-length'] ?? 0) > CODE_BUNDLE_MAX_BYTES) throw tooLarge();
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return await storeCodeBundle(serviceContext(deps, request), body);
      },
    );
  };
}
