import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listPublicLocations } from '../../../services/locations';
import { PublicLocation } from '../../../../src-shared/schemas/platform';
import type { HttpDeps } from '../../deps';
import { errorResponses } from '../common';

/** /v1/locations: `local` and the public regions, all run from this machine. */
export function locationRoutes(_deps: HttpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/locations',
      {
        schema: {
          tags: ['Location'],
          summary: 'Lists all supported locations',
          description: '`local` (the embedded agent), then every public region a check may name; the embedded agent runs those from this machine under the region’s name. Private locations: GET /v1/private-locations.',
          response: { 200: z.array(PublicLocation), ...errorResponses(401, 403, 429) },
        },
      },
      async () => listPublicLocations(),
    );
  };
}
