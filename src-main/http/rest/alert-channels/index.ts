import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createAlertChannel, deleteAlertChannelById, getAlertChannel, listAlertChannels, updateAlertChannel, updateAlertChannelSubscription } from '../../../services/alert-channels';
import {
  AlertChannelCreate,
  AlertChannelRead,
  AlertChannelSubscriptionCreate,
  AlertChannelSubscriptionRead,
  AlertChannelUpdate,
} from '../../../../src-shared/schemas/alert-channel';
import { contentRange, PageQuery } from '../../../../src-shared/schemas/paging';
import { serviceContext } from '../auth';
import type { HttpDeps } from '../../deps';
import { errorResponses } from '../common';

const tags = ['Alert channels'];

/** Documented as the integer it is; taken as text so that a non-integer answers 404 like an unknown id. */
const IdParams = z.object({ id: z.string().meta({ type: 'integer', minimum: 1, description: 'The alert channel id' }) });

/**
 * 402 is listed where the public API lists it (create, update) so its clients' generated code matches,
 * but channels have no plan limit here and never answer it.
 */
export function alertChannelRoutes(deps: HttpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/alert-channels',
      {
        schema: {
          tags,
          summary: 'List all alert channels and their subscriptions (bare array; total in the content-range header)',
          querystring: PageQuery,
          response: { 200: z.array(AlertChannelRead), ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (request, reply) => {
        const page = await listAlertChannels(serviceContext(deps, request), request.query);
        reply.header('content-range', contentRange(page.page, page.limit, page.items.length, page.total));
        return page.items;
      },
    );

    app.post(
      '/v1/alert-channels',
      {
        schema: {
          tags,
          summary: 'Create an alert channel',
          body: AlertChannelCreate,
          response: { 201: AlertChannelRead, ...errorResponses(400, 401, 402, 403, 429) },
        },
      },
      async (request, reply) => reply.status(201).send(await createAlertChannel(serviceContext(deps, request), request.body)),
    );

    app.get(
      '/v1/alert-channels/:id',
      { schema: { tags, summary: 'Retrieve an alert channel', params: IdParams, response: { 200: AlertChannelRead, ...errorResponses(401, 403, 404, 429) } } },
      (request) => getAlertChannel(serviceContext(deps, request), request.params.id),
    );

    app.put(
      '/v1/alert-channels/:id',
      {
        schema: {
          tags,
          summary: 'Update an alert channel (type and config required; other members left out keep their value)',
          params: IdParams,
          body: AlertChannelUpdate,
          response: { 200: AlertChannelRead, ...errorResponses(400, 401, 402, 403, 404, 429) },
        },
      },
      (request) => updateAlertChannel(serviceContext(deps, request), request.params.id, request.body),
    );

    app.delete(
      '/v1/alert-channels/:id',
      {
        schema: {
          tags,
          summary: 'Delete an alert channel and its subscriptions',
          params: IdParams,
          response: { 204: z.null().describe('Deleted'), ...errorResponses(401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        await deleteAlertChannelById(serviceContext(deps, request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.put(
      '/v1/alert-channels/:id/subscriptions',
      {
        schema: {
          tags,
          summary: 'Subscribe a check or a group to an alert channel, or change the activated flag of its subscription',
          params: IdParams,
          body: AlertChannelSubscriptionCreate,
          response: { 200: AlertChannelSubscriptionRead, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      (request) => updateAlertChannelSubscription(serviceContext(deps, request), request.params.id, request.body),
    );
  };
}
