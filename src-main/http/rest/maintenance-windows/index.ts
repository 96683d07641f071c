import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createMaintenanceWindow,
  deleteMaintenanceWindow,
  getMaintenanceWindow,
  listMaintenanceWindowsPage,
  updateMaintenanceWindow,
} from '../../../services/maintenance-windows';
import { MaintenanceWindow, MaintenanceWindowCreate, MaintenanceWindowList, MaintenanceWindowParams } from '../../../../src-shared/schemas/maintenance-window';
import { contentRange, PageQuery } from '../../../../src-shared/schemas/paging';
import { serviceContext } from '../auth';
import type { HttpDeps } from '../../deps';
import { errorResponses } from '../common';

const TAGS = ['Maintenance windows'];
const EFFECT =
  'Checks with any of its tags (a check has its group\'s tags too), and the checks and groups named in checkIds/groupIds (a Sightline extension), are not scheduled while the window is open; a run triggered by hand still runs.';

/** /v1/maintenance-windows, in the public API's shape. */
export function maintenanceWindowRoutes(deps: HttpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/maintenance-windows',
      {
        schema: {
          tags: TAGS,
          summary: 'List all maintenance windows',
          description: 'Oldest first, a page at a time (content-range says where it is in the whole list).',
          querystring: PageQuery,
          response: { 200: MaintenanceWindowList, ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (request, reply) => {
        const page = await listMaintenanceWindowsPage(serviceContext(deps, request), request.query);
        reply.header('content-range', contentRange(request.query.page, request.query.limit, page.windows.length, page.total));
        return page.windows;
      },
    );

    app.post(
      '/v1/maintenance-windows',
      {
        schema: {
          tags: TAGS,
          summary: 'Create a maintenance window',
          description: `${EFFECT} Times are UTC; repeatUnit is DAY, WEEK or MONTH, every repeatInterval units (default 1) until repeatEndsAt.`,
          body: MaintenanceWindowCreate,
          response: { 201: MaintenanceWindow, ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (request, reply) => reply.status(201).send(await createMaintenanceWindow(serviceContext(deps, request), request.body)),
    );

    app.get(
      '/v1/maintenance-windows/:id',
      {
        schema: {
          tags: TAGS,
          summary: 'Retrieve a maintenance window',
          params: MaintenanceWindowParams,
          response: { 200: MaintenanceWindow, ...errorResponses(401, 403, 404, 429) },
        },
      },
      (request) => getMaintenanceWindow(serviceContext(deps, request), request.params.id),
    );

    app.put(
      '/v1/maintenance-windows/:id',
      {
        schema: {
          tags: TAGS,
          summary: 'Update a maintenance window',
          description: 'Replaces the whole window: send every field, as for a create.',
          params: MaintenanceWindowParams,
          body: MaintenanceWindowCreate,
          response: { 200: MaintenanceWindow, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      (request) => updateMaintenanceWindow(serviceContext(deps, request), request.params.id, request.body),
    );

    app.delete(
      '/v1/maintenance-windows/:id',
      {
        schema: {
          tags: TAGS,
          summary: 'Delete a maintenance window',
          params: MaintenanceWindowParams,
          response: { 204: z.null().describe('Deleted'), ...errorResponses(401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        await deleteMaintenanceWindow(serviceContext(deps, request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
