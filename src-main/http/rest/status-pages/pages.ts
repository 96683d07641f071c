import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createStatusPage, deleteStatusPageById, getStatusPage, listStatusPagePage, updateStatusPage } from '../../../services/status-pages';
import { CursorQuery } from '../../../../src-shared/schemas/status-page';
import { StatusPageInput, StatusPagePage, StatusPageView } from '../../../../src-shared/schemas/status-page-resource';
import { serviceContext } from '../auth';
import type { HttpDeps } from '../../deps';
import { errorResponses } from '../common';

const TAGS = ['Status Pages'];
/** Page ids are uuids; anything else cannot name one, so it is a 404 like an unknown id. */
const PageParams = z.object({ statusPageId: z.string().min(1) });

export function statusPagePageRoutes(deps: HttpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/status-pages',
      {
        schema: {
          tags: TAGS,
          summary: 'List status pages with their cards and services, newest first (cursor paging with limit and nextId)',
          querystring: CursorQuery,
          response: { 200: StatusPagePage, ...errorResponses(400, 401, 403, 429) },
        },
      },
      (request) => listStatusPagePage(serviceContext(deps, request), request.query),
    );

    app.post(
      '/v1/status-pages',
      {
        schema: {
          tags: TAGS,
          summary: 'Create a status page (its url, the slug, must be unused: 409)',
          body: StatusPageInput,
          response: { 201: StatusPageView, ...errorResponses(400, 401, 403, 404, 409, 429) },
        },
      },
      async (request, reply) => reply.status(201).send(await createStatusPage(serviceContext(deps, request), request.body)),
    );

    app.get(
      '/v1/status-pages/:statusPageId',
      {
        schema: {
          tags: TAGS,
          summary: 'Retrieve a status page with its cards and services',
          params: PageParams,
          response: { 200: StatusPageView, ...errorResponses(401, 403, 404, 429) },
        },
      },
      (request) => getStatusPage(serviceContext(deps, request), request.params.statusPageId),
    );

    app.put(
      '/v1/status-pages/:statusPageId',
      {
        schema: {
          tags: TAGS,
          summary: 'Replace a status page and its cards',
          params: PageParams,
          body: StatusPageInput,
          response: { 200: StatusPageView, ...errorResponses(400, 401, 403, 404, 409, 429) },
        },
      },
      (request) => updateStatusPage(serviceContext(deps, request), request.params.statusPageId, request.body),
    );

    app.delete(
      '/v1/status-pages/:statusPageId',
      {
        schema: {
          tags: TAGS,
          summary: 'Delete a status page (its services and incidents stay)',
          params: PageParams,
          response: { 204: z.null().describe('Deleted'), ...errorResponses(401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        await deleteStatusPageById(serviceContext(deps, request), request.params.statusPageId);
        return reply.status(204).send(null);
      },
    );
  };
}
