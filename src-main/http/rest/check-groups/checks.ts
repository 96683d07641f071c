import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listChecksOfGroup } from '../../../services/checks';
import { CheckRead } from '../../../../src-shared/schemas/check-common';
import { RUN_TYPE_MODULES } from '../../../../src-shared/check-types';
import { contentRange, PageQuery } from '../../../../src-shared/schemas/paging';
import { serviceContext } from '../auth';
import type { HttpDeps } from '../../deps';
import { errorResponses, IdParams } from '../common';

const MemberCheck = z.union([...RUN_TYPE_MODULES.map((module) => module.read), CheckRead]).describe('A member check with the group settings applied');

/** /v1/check-groups/{id}/checks: the member checks with the group's settings applied. */
export function checkGroupChecksRoutes(deps: HttpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/check-groups/:id/checks',
      {
        schema: {
          tags: ['Check groups'],
          summary: 'Retrieve all checks in a group with the group settings applied (bare array; total in the content-range header)',
          params: IdParams,
          querystring: PageQuery,
          response: { 200: z.array(MemberCheck), ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const page = await listChecksOfGroup(serviceContext(deps, request), request.params.id, request.query);
        reply.header('content-range', contentRange(page.page, page.limit, page.items.length, page.total));
        return page.items;
      },
    );
  };
}
