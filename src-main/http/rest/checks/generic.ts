import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { createAnyCheck, updateAnyCheck } from '../../../services/checks';
import { AnyCheckWriteBody, RUN_TYPE_MODULES, RUN_TYPE_NAMES } from '../../../../src-shared/check-types';
import { serviceContext } from '../auth';
import type { HttpDeps } from '../../deps';
import { AutoAssignQuery, errorResponses, IdParams } from '../common';

/** "`/v1/checks/icmp`, `/traceroute`, `/multistep`" */
const SAME_RULES = RUN_TYPE_MODULES.map((module, i) => `\`${i === 0 ? '/v1/checks/' : '/'}${module.segment}\``).join(', ');

/** `POST /v1/checks` and `PUT /v1/checks/{id}`: the public API's generic writes, dispatched on `checkType`. */
export function genericCheckWriteRoutes(deps: HttpDeps, read: z.ZodType): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/checks',
      {
        schema: {
          tags: ['Checks'],
          summary: `Create a check of any type Sightline runs (${RUN_TYPE_NAMES.join(', ')})`,
          description: `The body is the create body of its \`checkType\` (the same rules as ${SAME_RULES}); any other type answers 400 naming \`checkType\`.`,
          querystring: AutoAssignQuery,
          body: AnyCheckWriteBody,
          response: { 201: read, ...errorResponses(400, 401, 402, 403, 429) },
        },
      },
      async (request, reply) => {
        const check = await createAnyCheck(serviceContext(deps, request), request.body, { autoAssignAlerts: request.query.autoAssignAlerts });
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
          body: AnyCheckWriteBody,
          response: { 200: read, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      (request) => updateAnyCheck(serviceContext(deps, request), request.params.id, request.body),
    );
  };
}
