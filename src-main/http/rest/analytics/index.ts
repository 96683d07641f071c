import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { batchCheckAnalytics, checkAnalytics } from '../../../services/checks';
import { BatchAnalyticsBody, BatchAnalyticsQuery, BatchAnalyticsResult, CheckAnalytics, CheckAnalyticsQuery } from '../../../../src-shared/schemas/analytics';
import { serviceContext } from '../auth';
import type { HttpDeps } from '../../deps';
import { errorResponses } from '../common';

/** The analytics reads the public CLI uses for `checks stats` and the stats of `checks get`. */
export function analyticsRoutes(deps: HttpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/analytics/checks',
      {
        schema: {
          tags: ['Analytics'],
          summary: 'Availability and response times of up to 100 checks over a named range',
          description: 'Times in milliseconds, availability and packet loss in percent; null where a check had no runs. Ids that name no check of the account are left out.',
          querystring: BatchAnalyticsQuery,
          body: BatchAnalyticsBody,
          response: { 200: z.array(BatchAnalyticsResult), ...errorResponses(400, 401, 403, 429) },
        },
      },
      (request) => batchCheckAnalytics(serviceContext(deps, request), request.body, request.query),
    );

    app.get(
      '/v1/analytics/:segment/:checkId',
      {
        schema: {
          tags: ['Analytics'],
          summary: 'Metrics of one check over a named range (ungrouped)',
          params: z.object({ segment: z.string().min(1), checkId: z.string().min(1) }),
          querystring: CheckAnalyticsQuery,
          response: { 200: CheckAnalytics, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      (request) => checkAnalytics(serviceContext(deps, request), request.params.segment, request.params.checkId, request.query),
    );
  };
}
