import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { CreateOptions } from '../../../services/checks/create';
import type { CheckView } from '../../../services/checks/read-shape';
import type { ServiceContext } from '../../../services/context';
import { serviceContext } from '../auth';
import type { HttpDeps } from '../../deps';
import { AutoAssignQuery, errorResponses, IdParams } from '../common';

export interface MonitorRoutesOptions {
  /** The spec's path segment: `/v1/checks/{segment}` and `/v1/checks/{segment}/{id}`. */
  segment: string;
  /** How the summaries name the monitor ("ICMP monitor"). */
  label: string;
  createBody: z.ZodType;
  updateBody: z.ZodType;
  /** The returned monitor. */
  read: z.ZodType;
  create(ctx: ServiceContext, input: unknown, options: CreateOptions): CheckView;
  update(ctx: ServiceContext, id: string, input: unknown): CheckView;
}

/** POST (201) and PUT (200) of one monitor type; PUT of another type's id answers 404. */
export function monitorRoutes(deps: HttpDeps, options: MonitorRoutesOptions): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      `/v1/checks/${options.segment}`,
      {
        schema: {
          tags: ['Monitors'],
          summary: `Create ${options.label}`,
          querystring: AutoAssignQuery,
          body: options.createBody,
          response: { 201: options.read.describe(`The created ${options.label}`), ...errorResponses(400, 401, 402, 403, 429) },
        },
      },
      async (request, reply) => {
        const check = options.create(serviceContext(deps, request), request.body, { autoAssignAlerts: request.query.autoAssignAlerts });
        return reply.status(201).send(check);
      },
    );

    app.put(
      `/v1/checks/${options.segment}/:id`,
      {
        schema: {
          tags: ['Monitors'],
          summary: `Update ${options.label} (members not named keep their value)`,
          params: IdParams,
          // Accepted as on create; it only concerns new checks, so a PUT ignores it.
          querystring: AutoAssignQuery,
          body: options.updateBody,
          response: { 200: options.read.describe(`The updated ${options.label}`), ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request) => options.update(serviceContext(deps, request), request.params.id, request.body),
    );
  };
}
