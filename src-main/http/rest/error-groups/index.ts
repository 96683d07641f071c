import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listErrorGroupsOfCheck } from '../../../services/checks';
import { serviceContext } from '../auth';
import type { HttpDeps } from '../../deps';
import { errorResponses } from '../common';

/** `/v1/error-groups/checks/{checkId}` (read by the public CLI's `checks get`): Sightline groups no errors. */
export function errorGroupRoutes(deps: HttpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/error-groups/checks/:checkId',
      {
        schema: {
          tags: ['Checks'],
          summary: 'Error groups of a check: always none (Sightline does not cluster failures; each result carries its error)',
          params: z.object({ checkId: z.string().min(1) }),
          response: { 200: z.array(z.never()).describe('No error groups'), ...errorResponses(401, 403, 404, 429) },
        },
      },
      (request) => listErrorGroupsOfCheck(serviceContext(deps, request), request.params.checkId),
    );
  };
}
