import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listCheckResultsV2 } from '../../../services/check-results';
import { CheckIdParams } from '../../../../src-shared/schemas/check-result';
import { CheckResultListV2, CheckResultListV2Query } from '../../../../src-shared/schemas/check-result-v2';
import { serviceContext } from '../auth';
import type { HttpDeps } from '../../deps';
import { errorResponses } from '../common';

export function checkResultV2Routes(deps: HttpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v2/check-results/:checkId',
      {
        schema: {
          tags: ['Check results'],
          summary: 'List results of a check, newest first, paged by nextId; `fields` projects each entry',
          params: CheckIdParams,
          querystring: CheckResultListV2Query,
          response: { 200: CheckResultListV2, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      (request) => listCheckResultsV2(serviceContext(deps, request), request.params.checkId, request.query),
    );
  };
}
