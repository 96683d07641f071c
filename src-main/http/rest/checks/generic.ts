import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { createAnyCheck, updateAnyCheck } from '../../../services/checks';
import { AnyCheckWrite } from '../../../../src-shared/schemas/check-common';
import { serviceContext } from '../auth';
import type { HttpDeps } from '../../deps';
import { AutoAssignQuery, errorResponses, IdParams } from '../common';

/** `POST /v1/checks` and `PUT /v1/checks/{id}`: the public API's generic writes, dispatched on `checkType`. */
export function genericCheckWriteRoutes(deps: HttpDeps, read: z.ZodType): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/checks',
      {
        schema: {
          tags: ['Checks'],
          summary: 'Create a check of any type Sightline runs (ICMP, TRACEROUTE, MULTI_STEP)',
          description: 'The body is the create body of its `checkType` (the same rules as `/v1/checks/icmp`, `/traceroute`, `/multistep`); any other type answers 400 naming `checkType`.',
          querystring: AutoAssignQuery,
          body: AnyCheckWrite,
          response: { 201: read, ...errorResponses(400, 401, 402, 403, 429) },
        },
      },
      async (request, reply) => {
        const check = createAnyCheck(serviceContext(deps, request), request.body, { autoAssignAlerts: request.query.autoAssignAlerts });
        return reply.status(201).send(check);
      },
    );

    app.put(
      '/v1/checks/:id',
      {
        schema: {
          tags: ['Checks'],
          summary: 'Update a check of any type (members not named keep their value)',
          description: 'The stored check\'s type decides the rules; a `checkType` naming another type answers 400.',
          params: IdParams,
          querystring: AutoAssignQuery,
          body: AnyCheckWrite,
          response: { 200: read, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request) => updateAnyCheck(serviceContext(deps, request), request.params.id, request.body),
    );
  };
}
