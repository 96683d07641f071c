import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getCheckResultAssets } from '../../../services/check-results';
import { CheckResultParams } from '../../../../src-shared/schemas/check-result';
import { serviceContext } from '../auth';
import type { HttpDeps } from '../../deps';
import { errorResponses } from '../common';
import { foldBracketArrays } from '../checks/list-query';

const ASSET_TYPES = ['log', 'trace', 'video', 'screenshot', 'pcap', 'report', 'file'] as const;

const AssetQuery = z.object({
  type: z.union([z.enum(ASSET_TYPES), z.array(z.enum(ASSET_TYPES))]).optional(),
  name: z.string().max(200).optional(),
});

/** `GET /v1/check-results/{checkId}/{checkResultId}/assets`: always an empty manifest here (no run keeps files). */
export function checkResultAssetRoutes(deps: HttpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/check-results/:checkId/:checkResultId/assets',
      {
        preValidation: foldBracketArrays,
        schema: {
          tags: ['Check results'],
          summary: 'The downloadable assets of a result: always none, as Sightline keeps no run files',
          params: CheckResultParams,
          querystring: AssetQuery,
          response: {
            200: z.object({ assets: z.array(z.never()), truncated: z.boolean() }).describe('The (empty) asset manifest'),
            ...errorResponses(400, 401, 403, 404, 429),
          },
        },
      },
      (request) => getCheckResultAssets(serviceContext(deps, request), request.params.checkId, request.params.checkResultId),
    );
  };
}
