import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createStatusPageService, deleteStatusPageServiceById, getStatusPageService, listStatusPageServicePage, updateStatusPageService } from '../../../services/status-pages';
import { ServiceCreate, ServiceListQuery, ServicePage, ServiceUpdate, StatusPageServiceView } from '../../../../src-shared/schemas/status-page';
import { serviceContext } from '../auth';
import type { HttpDeps } from '../../deps';
import { errorResponses } from '../common';

const TAGS = ['Status Page Services'];
/** Service ids are uuids; anything else cannot name one, so it is a 404 like an unknown id. */
const ServiceParams = z.object({ serviceId: z.string().min(1) });

export function statusPageServiceRoutes(deps: HttpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/status-pages/services',
      {
        schema: {
          tags: TAGS,
          summary: 'List status page services (newest first, cursor paging with limit and nextId)',
          querystring: ServiceListQuery,
          response: { 200: ServicePage, ...errorResponses(400, 401, 403, 429) },
        },
      },
      (request) => listStatusPageServicePage(serviceContext(deps, request), request.query),
    );

    app.post(
      '/v1/status-pages/services',
      {
        schema: {
          tags: TAGS,
          summary: 'Create a status page service',
          body: ServiceCreate,
          response: { 201: StatusPageServiceView, ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (request, reply) => reply.status(201).send(await createStatusPageService(serviceContext(deps, request), request.body)),
    );

    app.get(
      '/v1/status-pages/services/:serviceId',
      {
        schema: {
          tags: TAGS,
          summary: 'Retrieve a status page service',
          params: ServiceParams,
          response: { 200: StatusPageServiceView, ...errorResponses(401, 403, 404, 429) },
        },
      },
      (request) => getStatusPageService(serviceContext(deps, request), request.params.serviceId),
    );

    app.put(
      '/v1/status-pages/services/:serviceId',
      {
        schema: {
          tags: TAGS,
          summary: 'Rename a status page service',
          params: ServiceParams,
          body: ServiceUpdate,
          response: { 200: StatusPageServiceView, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      (request) => updateStatusPageService(serviceContext(deps, request), request.params.serviceId, request.body),
    );

    app.delete(
      '/v1/status-pages/services/:serviceId',
      {
        schema: {
          tags: TAGS,
          summary: 'Delete a status page service (incidents keep their other services)',
          params: ServiceParams,
          response: { 204: z.null().describe('Deleted'), ...errorResponses(401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        await deleteStatusPageServiceById(serviceContext(deps, request), request.params.serviceId);
        return reply.status(204).send(null);
      },
    );
  };
}
