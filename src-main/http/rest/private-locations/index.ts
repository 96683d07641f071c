import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPrivateLocation,
  createPrivateLocationKey,
  deletePrivateLocationById,
  deletePrivateLocationKeyById,
  getPrivateLocation,
  listPrivateLocationReads,
  privateLocationMetrics,
  updatePrivateLocationById,
} from '../../../services/private-locations';
import {
  PrivateLocationCreate,
  PrivateLocationKey,
  PrivateLocationRead,
  PrivateLocationUpdate,
} from '../../../../src-shared/schemas/private-location';
import { PrivateLocationMetrics, PrivateLocationMetricsQuery } from '../../../../src-shared/schemas/private-location-metrics';
import { serviceContext } from '../auth';
import type { HttpDeps } from '../../deps';
import { errorResponses, IdParams, QueryBoolean } from '../common';

const TAGS = ['Private locations'];
const KeyParams = IdParams.extend({ keyId: z.string().min(1) });

/** /v1/private-locations: where `sightline agent` processes run checks, and their agent keys. */
export function privateLocationRoutes(deps: HttpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/private-locations/:id/metrics',
      {
        schema: {
          tags: TAGS,
          summary: 'Queue health of a private location: one sample taken now when the window [from, to] (UNIX seconds) contains the present',
          description: 'Sightline keeps no history of agent metrics: a past window answers empty arrays. oldestScheduledCheckRun is how long the oldest queued job has waited, in seconds.',
          params: IdParams,
          querystring: PrivateLocationMetricsQuery,
          response: { 200: PrivateLocationMetrics, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      (request) => privateLocationMetrics(serviceContext(deps, request), request.params.id, request.query),
    );

    app.get(
      '/v1/private-locations',
      {
        schema: {
          tags: TAGS,
          summary: 'List all private locations',
          description: 'Keys are masked; runningAgents lists the agents seen within the last three heartbeats. `versions` is accepted as in the public API; the agents\' versions are always listed.',
          querystring: z.object({ versions: QueryBoolean.optional() }),
          response: { 200: z.array(PrivateLocationRead), ...errorResponses(400, 401, 403, 429) },
        },
      },
      (request) => listPrivateLocationReads(serviceContext(deps, request)),
    );

    app.post(
      '/v1/private-locations',
      {
        // It mints the location's first agent key, and key management needs ADMIN.
        config: { access: 'admin' },
        schema: {
          tags: TAGS,
          summary: 'Create a private location',
          description:
            'Creates the location with a first agent key; its rawKey appears in this answer only. Needs an ADMIN or OWNER key, since it makes an agent key. slugName "local" is reserved.',
          body: PrivateLocationCreate,
          response: { 201: PrivateLocationRead.describe('The created private location'), ...errorResponses(400, 401, 403, 409, 429) },
        },
      },
      async (request, reply) => reply.status(201).send(await createPrivateLocation(serviceContext(deps, request), request.body)),
    );

    app.get(
      '/v1/private-locations/:id',
      {
        schema: { tags: TAGS, summary: 'Retrieve a private location', params: IdParams, response: { 200: PrivateLocationRead, ...errorResponses(401, 403, 404, 429) } },
      },
      (request) => getPrivateLocation(serviceContext(deps, request), request.params.id),
    );

    app.put(
      '/v1/private-locations/:id',
      {
        schema: {
          tags: TAGS,
          summary: 'Update a private location (name required; the slugName never changes)',
          params: IdParams,
          body: PrivateLocationUpdate,
          response: { 200: PrivateLocationRead, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      (request) => updatePrivateLocationById(serviceContext(deps, request), request.params.id, request.body),
    );

    app.delete(
      '/v1/private-locations/:id',
      {
        schema: {
          tags: TAGS,
          summary: 'Remove a private location (409 while checks or groups still use it)',
          params: IdParams,
          response: { 204: z.null().describe('Deleted'), ...errorResponses(401, 403, 404, 409, 429) },
        },
      },
      async (request, reply) => {
        await deletePrivateLocationById(serviceContext(deps, request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/v1/private-locations/:id/keys',
      {
        config: { access: 'admin' },
        schema: {
          tags: TAGS,
          summary: 'Generate a new agent key for a private location (rawKey shown once)',
          params: IdParams,
          response: { 201: PrivateLocationKey.describe('The new key'), ...errorResponses(401, 403, 404, 429) },
        },
      },
      async (request, reply) => reply.status(201).send(await createPrivateLocationKey(serviceContext(deps, request), request.params.id)),
    );

    app.delete(
      '/v1/private-locations/:id/keys/:keyId',
      {
        config: { access: 'admin' },
        schema: {
          tags: TAGS,
          summary: 'Remove an agent key of a private location',
          params: KeyParams,
          response: { 204: z.null().describe('Deleted'), ...errorResponses(401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        await deletePrivateLocationKeyById(serviceContext(deps, request), request.params.id, request.params.keyId);
        return reply.status(204).send(null);
      },
    );
  };
}
