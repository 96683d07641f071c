import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { createCheck, updateCheckOfType, type CheckPatch, type CheckView, type CreateOptions, type RunnableCheckCreate } from '../../../services/checks';
import type { ServiceContext } from '../../../services/context';
import { serviceContext } from '../auth';
import type { HttpDeps } from '../../deps';
import { AutoAssignQuery, errorResponses, IdParams } from '../common';
import { CHECK_TYPE_MODULES, checkTypePhrase, RUN_TYPE_NAMES, type RunType, type RunTypeModule } from '../../../../src-shared/check-types';

/** A validated body as fastify's type provider hands it over (its own, unexported rule for `undefined`). */
type ValidatedBody<T> = [T] extends [undefined] ? unknown : T;

export interface MonitorRoutesOptions<Create, Update> {
  /** The spec's path segment: `/v1/checks/{segment}` and `/v1/checks/{segment}/{id}`. */
  segment: string;
  /** How the summaries name the monitor ("ICMP monitor"). */
  label: string;
  createBody: z.ZodType<Create>;
  updateBody: z.ZodType<Update>;
  /** The returned monitor. */
  read: z.ZodType;
  create(ctx: ServiceContext, body: ValidatedBody<Create>, options: CreateOptions): Promise<CheckView>;
  update(ctx: ServiceContext, id: string, patch: ValidatedBody<Update>): Promise<CheckView>;
}

/** POST (201) and PUT (200) of one monitor type; PUT of another type's id answers 404. */
export function monitorRoutes<Create, Update>(deps: HttpDeps, options: MonitorRoutesOptions<Create, Update>): FastifyPluginAsyncZod {
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
        const check = await options.create(serviceContext(deps, request), request.body, { autoAssignAlerts: request.query.autoAssignAlerts });
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

/** The routes of one check type, from its module (src-shared/check-types). */
function routesOfType(deps: HttpDeps, type: RunType): FastifyPluginAsyncZod {
  const module: RunTypeModule = CHECK_TYPE_MODULES[type];
  return monitorRoutes<RunnableCheckCreate, CheckPatch>(deps, {
    segment: module.segment,
    label: checkTypePhrase(type),
    createBody: module.create,
    updateBody: module.update,
    read: module.read,
    create: createCheck,
    update: (ctx, id, patch) => updateCheckOfType(ctx, type, id, patch),
  });
}

/** `POST /v1/checks/{segment}` and `PUT /v1/checks/{segment}/{id}` of every check type that runs here, in registry order. */
export function checkTypeRoutes(deps: HttpDeps): FastifyPluginAsyncZod[] {
  return RUN_TYPE_NAMES.map((type) => routesOfType(deps, type));
}
