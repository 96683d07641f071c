import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createIncident, deleteIncidentById, editIncident, getIncident, listIncidentPage, patchIncident } from '../../../services/status-pages';
import { IncidentCreate, IncidentEdit, IncidentListQuery, IncidentPage, IncidentPatch, IncidentView } from '../../../../src-shared/schemas/status-page';
import { serviceContext } from '../auth';
import type { HttpDeps } from '../../deps';
import { errorResponses } from '../common';

const TAGS = ['Status Page Incidents'];
/** Incident ids are uuids; anything else cannot name one, so it is a 404 like an unknown id. */
const IncidentParams = z.object({ incidentId: z.string().min(1) });

export function incidentRoutes(deps: HttpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/status-pages/incidents',
      {
        schema: {
          tags: TAGS,
          summary: 'List incidents, newest first (cursor paging with limit and nextId; statusPageId keeps those on that page)',
          querystring: IncidentListQuery,
          response: { 200: IncidentPage, ...errorResponses(400, 401, 403, 429) },
        },
      },
      (request) => listIncidentPage(serviceContext(deps, request), request.query),
    );

    app.post(
      '/v1/status-pages/incidents',
      {
        schema: {
          tags: TAGS,
          summary: 'Create an incident with its first update',
          body: IncidentCreate,
          response: { 201: IncidentView, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request, reply) => reply.status(201).send(await createIncident(serviceContext(deps, request), request.body)),
    );

    app.get(
      '/v1/status-pages/incidents/:incidentId',
      {
        schema: {
          tags: TAGS,
          summary: 'Retrieve an incident with its services and updates',
          params: IncidentParams,
          response: { 200: IncidentView, ...errorResponses(401, 403, 404, 429) },
        },
      },
      (request) => getIncident(serviceContext(deps, request), request.params.incidentId),
    );

    app.put(
      '/v1/status-pages/incidents/:incidentId',
      {
        schema: {
          tags: TAGS,
          summary: 'Update the name, severity and services of an incident',
          params: IncidentParams,
          body: IncidentEdit,
          response: { 200: IncidentView, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      (request) => editIncident(serviceContext(deps, request), request.params.incidentId, request.body),
    );

    app.patch(
      '/v1/status-pages/incidents/:incidentId',
      {
        schema: {
          tags: TAGS,
          summary: 'Change some of the name, severity and services of an incident (members not named keep their value)',
          params: IncidentParams,
          body: IncidentPatch,
          response: { 200: IncidentView, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      (request) => patchIncident(serviceContext(deps, request), request.params.incidentId, request.body),
    );

    app.delete(
      '/v1/status-pages/incidents/:incidentId',
      {
        schema: {
          tags: TAGS,
          summary: 'Delete an incident and all its updates',
          params: IncidentParams,
          response: { 204: z.null().describe('Deleted'), ...errorResponses(401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        await deleteIncidentById(serviceContext(deps, request), request.params.incidentId);
        return reply.status(204).send(null);
      },
    );
  };
}
