import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addIncidentUpdate, deleteIncidentUpdateById, editIncidentUpdate, getIncidentUpdate, listIncidentUpdateViews } from '../../../services/status-pages';
import { IncidentUpdateCreate, IncidentUpdateEdit, IncidentUpdateView } from '../../../../src-shared/schemas/status-page';
import { serviceContext } from '../auth';
import type { HttpDeps } from '../../deps';
import { errorResponses } from '../common';

const TAGS = ['Status Page Incidents'];
const IncidentParams = z.object({ incidentId: z.string().min(1) });
const UpdateParams = IncidentParams.extend({ incidentUpdateId: z.string().min(1) });
const BASE = '/v1/status-pages/incidents/:incidentId/incident-updates';

export function incidentUpdateRoutes(deps: HttpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      BASE,
      {
        schema: {
          tags: TAGS,
          summary: 'List the 100 newest updates of an incident, newest first',
          params: IncidentParams,
          response: { 200: z.array(IncidentUpdateView), ...errorResponses(401, 403, 404, 429) },
        },
      },
      (request) => listIncidentUpdateViews(serviceContext(deps, request), request.params.incidentId),
    );

    app.post(
      BASE,
      {
        schema: {
          tags: TAGS,
          summary: "Add an update to an incident; its status becomes the incident's lastUpdateStatus",
          params: IncidentParams,
          body: IncidentUpdateCreate,
          response: { 201: IncidentUpdateView, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request, reply) => reply.status(201).send(await addIncidentUpdate(serviceContext(deps, request), request.params.incidentId, request.body)),
    );

    app.get(
      `${BASE}/:incidentUpdateId`,
      {
        schema: {
          tags: TAGS,
          summary: 'Retrieve an incident update',
          params: UpdateParams,
          response: { 200: IncidentUpdateView, ...errorResponses(401, 403, 404, 429) },
        },
      },
      (request) => getIncidentUpdate(serviceContext(deps, request), request.params.incidentId, request.params.incidentUpdateId),
    );

    app.put(
      `${BASE}/:incidentUpdateId`,
      {
        schema: {
          tags: TAGS,
          summary: 'Change an incident update (members not named keep their value)',
          params: UpdateParams,
          body: IncidentUpdateEdit,
          response: { 200: IncidentUpdateView, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      (request) => editIncidentUpdate(serviceContext(deps, request), request.params.incidentId, request.params.incidentUpdateId, request.body),
    );

    app.delete(
      `${BASE}/:incidentUpdateId`,
      {
        schema: {
          tags: TAGS,
          summary: 'Delete an incident update (not the only one: 409)',
          params: UpdateParams,
          response: { 204: z.null().describe('Deleted'), ...errorResponses(401, 403, 404, 409, 429) },
        },
      },
      async (request, reply) => {
        await deleteIncidentUpdateById(serviceContext(deps, request), request.params.incidentId, request.params.incidentUpdateId);
        return reply.status(204).send(null);
      },
    );
  };
}
