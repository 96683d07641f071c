import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createIcmpCheck } from '../../../services/checks/create-icmp';
import { updateIcmpCheck } from '../../../services/checks/update-icmp';
import { IcmpMonitorCreate, IcmpMonitorUpdate } from '../../../../src-shared/schemas/icmp-monitor';
import { serviceContext } from '../auth';
import type { HttpDeps } from '../../deps';
import { AutoAssignQuery, errorResponses, IdParams } from '../common';

export function icmpRoutes(deps: HttpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/checks/icmp',
      {
        schema: {
          tags: ['Monitors'],
          summary: 'Create an ICMP monitor',
          querystring: AutoAssignQuery,
          body: IcmpMonitorCreate,
          response: { 201: z.any().describe('The created ICMP monitor'), ...errorResponses(400, 401, 402, 403, 429) },
        },
      },
      async (request, reply) => {
        const check = createIcmpCheck(serviceContext(deps, request), request.body, { autoAssignAlerts: request.query.autoAssignAlerts });
        return reply.status(201).send(check);
      },
    );

    app.put(
      '/v1/checks/icmp/:id',
      {
        schema: {
          tags: ['Monitors'],
          summary: 'Update an ICMP monitor (members not named keep their value)',
          params: IdParams,
          querystring: AutoAssignQuery,
          body: IcmpMonitorUpdate,
          response: { 200: z.any().describe('The updated ICMP monitor'), ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request) => updateIcmpCheck(serviceContext(deps, request), request.params.id, request.body),
    );
  };
}
