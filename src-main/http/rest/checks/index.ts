import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteCheckById, getCheck, listCheckPage } from '../../../services/checks';
import { RUN_TYPE_MODULES } from '../../../../src-shared/check-types';
import { CheckRead } from '../../../../src-shared/schemas/check-common';
import { CheckGetQuery, CheckListQuery } from '../../../../src-shared/schemas/check-list';
import { contentRange } from '../../../../src-shared/schemas/paging';
import { serviceContext } from '../auth';
import type { HttpDeps } from '../../deps';
import { errorResponses, IdParams } from '../common';
import { genericCheckWriteRoutes } from './generic';
import { foldBracketArrays } from './list-query';
import { versionedCheckReadRoutes } from './versions';

const AnyCheck = z.union([...RUN_TYPE_MODULES.map((module) => module.read), CheckRead]).describe('A check of any type');

export function checkRoutes(deps: HttpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/checks',
      {
        preValidation: foldBracketArrays,
        schema: {
          tags: ['Checks'],
          summary: 'List all checks (bare array; total in the content-range header)',
          description: '`tag` may repeat (also sent as `tag[]`) and matches any; `status` is the latest status (a check that never ran matches none).',
          querystring: CheckListQuery,
          response: { 200: z.array(AnyCheck), ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (request, reply) => {
        const page = await listCheckPage(serviceContext(deps, request), request.query);
        reply.header('content-range', contentRange(page.page, page.limit, page.items.length, page.total));
        return page.items;
      },
    );

    app.get(
      '/v1/checks/:id',
      {
        schema: {
          tags: ['Checks'],
          summary: 'Retrieve a check',
          params: IdParams,
          querystring: CheckGetQuery,
          response: { 200: AnyCheck, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      (request) => getCheck(serviceContext(deps, request), request.params.id, request.query),
    );

    app.delete(
      '/v1/checks/:id',
      { schema: { tags: ['Checks'], summary: 'Delete a check', params: IdParams, response: { 204: z.null().describe('Deleted'), ...errorResponses(401, 403, 404, 429) } } },
      async (request, reply) => {
        await deleteCheckById(serviceContext(deps, request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    await app.register(genericCheckWriteRoutes(deps, AnyCheck));
    await app.register(versionedCheckReadRoutes(deps));
  };
}
