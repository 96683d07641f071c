import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getCheckResult, listCheckResults } from '../../../services/check-results';
import { CheckIdParams, CheckResult, CheckResultListQuery, CheckResultParams } from '../../../../src-shared/schemas/check-result';
import { contentRange } from '../../../../src-shared/schemas/paging';
import { serviceContext } from '../auth';
import type { HttpDeps } from '../../deps';
import { errorResponses } from '../common';

export function checkResultRoutes(deps: HttpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/check-results/:checkId',
      {
        schema: {
          tags: ['Check results'],
          summary: 'List results of a check, newest first (window of at most 6 hours; from/to in UNIX seconds)',
          params: CheckIdParams,
          querystring: CheckResultListQuery,
          response: { 200: z.array(CheckResult), ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const page = await listCheckResults(serviceContext(deps, request), request.params.checkId, request.query);
        reply.header('content-range', contentRange(page.page, page.limit, page.items.length, page.total));
        return reply.send(page.items);
      },
    );

    app.get(
      '/v1/check-results/:checkId/:checkResultId',
      {
        schema: {
          tags: ['Check results'],
          summary: 'Retrieve one check result with its type-specific payload',
          params: CheckResultParams,
          response: { 200: CheckResult, ...errorResponses(401, 403, 404, 429) },
        },
      },
      (request) => getCheckResult(serviceContext(deps, request), request.params.checkId, request.params.checkResultId),
    );
  };
}
