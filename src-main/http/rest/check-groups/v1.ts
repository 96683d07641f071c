import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createCheckGroup, deleteCheckGroupById, getCheckGroup, listCheckGroupPage, updateCheckGroup } from '../../../services/check-groups';
import { CheckGroupCreate, CheckGroupListQuery, CheckGroupRead, CheckGroupUpdate } from '../../../../src-shared/schemas/check-group';
import { contentRange } from '../../../../src-shared/schemas/paging';
import { serviceContext } from '../auth';
import type { HttpDeps } from '../../deps';
import { AutoAssignQuery, errorResponses, IdParams } from '../common';

/** /v1/check-groups: list, read, delete, and the v1 create and update (the same services as /v2). */
export function checkGroupV1Routes(deps: HttpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/check-groups',
      {
        schema: {
          tags: ['Check groups'],
          summary: 'List all check groups (bare array; total in the content-range header)',
          querystring: CheckGroupListQuery,
          response: { 200: z.array(CheckGroupRead), ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (request, reply) => {
        const page = await listCheckGroupPage(serviceContext(deps, request), request.query);
        reply.header('content-range', contentRange(page.page, page.limit, page.items.length, page.total));
        return page.items;
      },
    );

    app.get(
      '/v1/check-groups/:id',
      {
        schema: {
          tags: ['Check groups'],
          summary: 'Retrieve a check group',
          params: IdParams,
          response: { 200: CheckGroupRead, ...errorResponses(401, 403, 404, 429) },
        },
      },
      (request) => getCheckGroup(serviceContext(deps, request), request.params.id),
    );

    app.delete(
      '/v1/check-groups/:id',
      {
        schema: {
          tags: ['Check groups'],
          summary: 'Delete a check group (409 while it still holds checks)',
          params: IdParams,
          response: { 204: z.null().describe('Deleted'), ...errorResponses(401, 403, 404, 409, 429) },
        },
      },
      async (request, reply) => {
        await deleteCheckGroupById(serviceContext(deps, request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/v1/check-groups',
      {
        schema: {
          tags: ['Check groups'],
          summary: 'Create a check group (v1; the same as POST /v2/check-groups)',
          querystring: AutoAssignQuery,
          body: CheckGroupCreate,
          response: { 201: CheckGroupRead.describe('The created check group'), ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (request, reply) => {
        const group = await createCheckGroup(serviceContext(deps, request), request.body, { autoAssignAlerts: request.query.autoAssignAlerts });
        return reply.status(201).send(group);
      },
    );

    app.put(
      '/v1/check-groups/:id',
      {
        schema: {
          tags: ['Check groups'],
          summary: 'Update a check group (v1: every member optional; members not named keep their value)',
          params: IdParams,
          querystring: AutoAssignQuery,
          body: CheckGroupUpdate,
          response: { 200: CheckGroupRead.describe('The updated check group'), ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      (request) => updateCheckGroup(serviceContext(deps, request), request.params.id, request.body),
    );
  };
}
