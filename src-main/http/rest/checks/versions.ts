import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getCheck, listCheckPage, toV2CheckView, toV3CheckView, type CheckView, type VersionedCheckView } from '../../../services/checks';
import { CheckGetQuery, CheckListQuery } from '../../../../src-shared/schemas/check-list';
import { AnyCheckV2, AnyCheckV3 } from '../../../../src-shared/schemas/check-versions';
import { contentRange } from '../../../../src-shared/schemas/paging';
import { serviceContext } from '../auth';
import type { HttpDeps } from '../../deps';
import { errorResponses, IdParams } from '../common';
import { foldBracketArrays } from './list-query';

const VERSIONS: { prefix: string; label: string; read: z.ZodType; view: (check: CheckView) => VersionedCheckView }[] = [
  { prefix: '/v2', label: 'without the flat project, logicalId, member and pending members', read: AnyCheckV2, view: toV2CheckView },
  { prefix: '/v3', label: 'as /v2, with the intent as a typed constraints list', read: AnyCheckV3, view: toV3CheckView },
];

/** `/v2/checks` and `/v3/checks`: the v1 reads in the public API's later shapes. */
export function versionedCheckReadRoutes(deps: HttpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    for (const { prefix, label, read, view } of VERSIONS) {
      app.get(
        `${prefix}/checks`,
        {
          preValidation: foldBracketArrays,
          schema: {
            tags: ['Checks'],
            summary: `List all checks, ${label} (bare array; total in the content-range header)`,
            querystring: CheckListQuery,
            response: { 200: z.array(read), ...errorResponses(400, 401, 403, 429) },
          },
        },
        async (request, reply) => {
          const page = await listCheckPage(serviceContext(deps, request), request.query);
          reply.header('content-range', contentRange(page.page, page.limit, page.items.length, page.total));
          return page.items.map(view);
        },
      );

      app.get(
        `${prefix}/checks/:id`,
        {
          schema: {
            tags: ['Checks'],
            summary: `Retrieve a check, ${label}`,
            params: IdParams,
            querystring: CheckGetQuery,
            response: { 200: read, ...errorResponses(400, 401, 403, 404, 429) },
          },
        },
        async (request) => view(await getCheck(serviceContext(deps, request), request.params.id, request.query)),
      );
    }
  };
}
