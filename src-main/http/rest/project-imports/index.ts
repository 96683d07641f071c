import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applyImportPlan,
  cancelImportPlan,
  commitImportPlan,
  createImportPlan,
  createProject,
  getProject,
  listImportPlans,
  listProjectBindings,
  listProjectImportPlans,
  listProjects,
} from '../../../services/project-imports';
import {
  ImportPlan,
  ImportPlanCreate,
  ImportPlanCreateQuery,
  ImportPlanListQuery,
  ImportPlanParams,
  ProjectBinding,
  ProjectCreate,
  ProjectParams,
  ProjectRead,
} from '../../../../src-shared/schemas/project-import';
import { serviceContext } from '../auth';
import type { HttpDeps } from '../../deps';
import { errorResponses } from '../common';
import { acceptEmptyBodies } from './empty-body';

const TAGS = ['Projects'];

/** What `checkly import` calls: projects, and import plans that move existing resources into one. */
export function projectImportRoutes(deps: HttpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    acceptEmptyBodies(app);
    app.get(
      '/next/projects',
      { schema: { tags: TAGS, summary: 'List the projects (monitoring as code)', response: { 200: z.array(ProjectRead), ...errorResponses(401, 403, 429) } } },
      (request) => listProjects(serviceContext(deps, request)),
    );

    app.post(
      '/next/projects',
      {
        schema: {
          tags: TAGS,
          summary: 'Create a project (409 when its logicalId is taken)',
          body: ProjectCreate,
          response: { 201: ProjectRead, ...errorResponses(400, 401, 403, 409, 429) },
        },
      },
      async (request, reply) => reply.status(201).send(await createProject(serviceContext(deps, request), request.body)),
    );

    app.get(
      '/next/projects/imports',
      {
        schema: { tags: TAGS, summary: 'List the import plans of every project', querystring: ImportPlanListQuery, response: { 200: z.array(ImportPlan), ...errorResponses(400, 401, 403, 429) } },
      },
      (request) => listImportPlans(serviceContext(deps, request), request.query),
    );

    app.get(
      '/next/projects/:logicalId',
      { schema: { tags: TAGS, summary: 'Retrieve a project', params: ProjectParams, response: { 200: ProjectRead, ...errorResponses(400, 401, 403, 404, 429) } } },
      (request) => getProject(serviceContext(deps, request), request.params.logicalId),
    );

    app.get(
      '/next/projects/:logicalId/resources',
      {
        schema: {
          tags: TAGS,
          summary: 'The resources bound to a project (Sightline): pending while an import is applied but not committed',
          params: ProjectParams,
          response: { 200: z.array(ProjectBinding), ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      (request) => listProjectBindings(serviceContext(deps, request), request.params.logicalId),
    );

    app.get(
      '/next/projects/:logicalId/imports',
      {
        schema: {
          tags: TAGS,
          summary: 'List a project’s import plans',
          params: ProjectParams,
          querystring: ImportPlanListQuery,
          response: { 200: z.array(ImportPlan), ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      (request) => listProjectImportPlans(serviceContext(deps, request), request.params.logicalId, request.query),
    );

    app.post(
      '/next/projects/:logicalId/imports',
      {
        schema: {
          tags: TAGS,
          summary: 'Plan an import of existing resources into a project',
          description:
            'Filters apply in order, the last match deciding. Each chosen check, group, alert channel, private location, maintenance window, status page and service comes in its read shape, with its subscriptions and private-location assignments as resources of their own. Resources bound to a project are left out; with none left, 404 "No importable resources were found.". preview=true answers without storing the plan.',
          params: ProjectParams,
          querystring: ImportPlanCreateQuery,
          body: ImportPlanCreate,
          response: { 200: ImportPlan, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      (request) => createImportPlan(serviceContext(deps, request), request.params.logicalId, request.body, request.query.preview),
    );

    app.post(
      '/next/projects/imports/:id/apply',
      {
        schema: {
          tags: TAGS,
          summary: 'Apply an import plan: its resources become the project’s, pending until commit',
          params: ImportPlanParams,
          response: { 200: ImportPlan, ...errorResponses(400, 401, 403, 404, 409, 429) },
        },
      },
      (request) => applyImportPlan(serviceContext(deps, request), request.params.id),
    );

    app.post(
      '/next/projects/imports/:id/commit',
      {
        schema: { tags: TAGS, summary: 'Commit an applied import plan: its bindings become final', params: ImportPlanParams, response: { 200: ImportPlan, ...errorResponses(400, 401, 403, 404, 429) } },
      },
      (request) => commitImportPlan(serviceContext(deps, request), request.params.id),
    );

    app.delete(
      '/next/projects/imports/:id',
      {
        schema: {
          tags: TAGS,
          summary: 'Cancel an uncommitted import plan and release what it reserved',
          params: ImportPlanParams,
          response: { 204: z.null().describe('Cancelled'), ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        await cancelImportPlan(serviceContext(deps, request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
