import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getCheckStatus, listCheckStatusViews } from '../../../services/check-statuses/index';
import { CheckIdParams } from '../../../../src-shared/schemas/check-result';
import { CheckStatus } from '../../../../src-shared/schemas/check-status';
import { serviceContext } from '../auth';
import type { HttpDeps } from '../../deps';
import { errorResponses } from '../common';

export function checkStatusRoutes(deps: HttpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/check-statuses',
      {
        schema: {
          tags: ['Check status'],
          summary: 'The current status of every check',
          response: { 200: z.array(CheckStatus), ...errorResponses(401, 403, 429) },
        },
      },
      (request) => listCheckStatusViews(serviceContext(deps, request)),
    );

    app.get(
      '/v1/check-statuses/:checkId',
      {
        schema: {
          tags: ['Check status'],
          summary: 'The current status of one check',
          params: CheckIdParams,
          response: { 200: CheckStatus, ...errorResponses(401, 403, 404, 429) },
        },
      },
      (request) => getCheckStatus(serviceContext(deps, request), request.params.checkId),
    );
  };
}
