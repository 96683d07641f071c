import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createCheckGroup, getCheckGroup, updateCheckGroup } from '../../../services/check-groups';
import { CheckGroupCreate, CheckGroupPut, CheckGroupRead } from '../../../../src-shared/schemas/check-group';
import { serviceContext } from '../auth';
import type { HttpDeps } from '../../deps';
import { AutoAssignQuery, errorResponses, IdParams } from '../common';

/** /v2/check-groups: create, update and read one group (spec 4.5). */
export function checkGroupV2Routes(deps: HttpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v2/check-groups',
      {
        schema: {
          tags: ['Check groups'],
          summary: 'Create a check group (V2)',
          description: 'With autoAssignAlerts (default true) the group is subscribed to every existing alert channel; otherwise only to those in alertChannelSubscriptions.',
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
      '/v2/check-groups/:id',
      {
        schema: {
          tags: ['Check groups'],
          summary: 'Update a check group (V2; name is required, other members not named keep their value)',
          description: 'alertChannelSubscriptions, when named, becomes the whole set of the group\'s subscriptions. autoAssignAlerts applies to creation only and is ignored here.',
          params: IdParams,
          querystring: AutoAssignQuery,
          body: CheckGroupPut,
          response: { 200: CheckGroupRead.describe('The updated check group'), ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      (request) => updateCheckGroup(serviceContext(deps, request), request.params.id, request.body),
    );

    app.get(
      '/v2/check-groups/:id',
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
  };
}
