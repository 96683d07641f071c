import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getRuntime, listRuntimes } from '../../../services/runtimes/index';
import { Runtime, RuntimeParams } from '../../../../src-shared/schemas/platform';
import type { HttpDeps } from '../../deps';
import { errorResponses } from '../common';

const TAGS = ['Runtimes'];

/** /v1/runtimes: every runtime id the public API names, each served by the one runtime this build has. */
export function runtimeRoutes(_deps: HttpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/runtimes',
      {
        schema: {
          tags: TAGS,
          summary: 'List all supported runtimes',
          description: 'Every runtime id the public API names; each says the @playwright/test and Node.js versions that really run it here (one runtime serves them all).',
          response: { 200: z.array(Runtime), ...errorResponses(401, 403, 429) },
        },
      },
      async () => listRuntimes(),
    );

    app.get(
      '/v1/runtimes/:id',
      {
        schema: {
          tags: TAGS,
          summary: 'Show details of one runtime',
          params: RuntimeParams,
          response: { 200: Runtime, ...errorResponses(401, 403, 404, 429) },
        },
      },
      async (request) => getRuntime(request.params.id),
    );
  };
}
