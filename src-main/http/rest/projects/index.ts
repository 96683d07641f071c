import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cancelDeployment, deploymentView, deployProject, destroyProject, refuseWhenDeployQueueFull, type DeploymentView } from '../../../services/projects';
import { DeploymentRead, DeployQuery, DeployRequestBody, DestroyQuery, DryRunRead } from '../../../../src-shared/schemas/project';
import { AppError, isAppError } from '../../../core/errors';
import { serviceContext } from '../auth';
import type { HttpDeps } from '../../deps';
import { errorResponses } from '../common';
import { recordRefusals } from './refusals';

const TAGS = ['Projects'];

/**
 * Deploys carry whole projects (scripts included), gzip-encoded by the CLI: their own limit, counted
 * after inflating. Sized for the resource cap (MAX_DEPLOY_CHECKS checks with their scripts), not more:
 * a body is parsed in one piece, and parsing is time no other request gets (docs/DECISIONS.md, "Issue 29: deploys").
 */
export const DEPLOY_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

const DeploymentParams = z.object({ logicalId: z.string().min(1), deploymentId: z.string().min(1) });
const CompletionQuery = z.object({ maxWaitSeconds: z.coerce.number().int().min(1).max(60).default(30) });

/** The deployment's SSE frames: a deploy is finished before it is answered, so the stream is whole at once. */
function eventFrames(view: DeploymentView): string {
  const frames = [`event: progress\ndata: ${JSON.stringify({ progress: view.progress })}\n\n`];
  if (view.status === 'SUCCEEDED' || view.status === 'CANCELLED') frames.push(`event: complete\ndata: ${JSON.stringify(view)}\n\n`);
  else frames.push(`event: error\ndata: ${JSON.stringify({ message: view.error?.message ?? `The deployment ended ${view.status}` })}\n\n`);
  return frames.join('');
}

/**
 * The CLI reads every 409 on a deploy as "a deployment for this project is still in progress" and
 * shows nothing else; a clash with an existing resource (a slug, a status page's url, another
 * project's resource) is answered 400 instead, which it prints in full under "could not be deployed".
 */
function clashAsRefusal(error: unknown): unknown {
  if (!isAppError(error) || error.kind !== 'conflict' || typeof error.attributes?.deploymentId === 'string') return error;
  return new AppError('validation', `Conflict: ${error.message}`, error.attributes);
}

/** /v1/projects: `checkly deploy` and `checkly destroy` of the public CLI. */
export function projectRoutes(deps: HttpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/projects/deploy',
      {
        bodyLimit: DEPLOY_BODY_LIMIT_BYTES,
        // A deploy the account's queue cannot take is refused before its body is read (and held in memory).
        onRequest: async (request) => refuseWhenDeployQueueFull(serviceContext(deps, request)),
        // A refused deploy is kept in the project's history with the message the client got.
        onSend: recordRefusals(deps, 'deploy'),
        schema: {
          tags: TAGS,
          summary: 'Deploy a project (monitoring as code)',
          description:
            'Applies the project\'s resources in one transaction: all or nothing. dryRun answers {project, diff} and changes nothing; otherwise the answer is the finished deployment. A construct Sightline does not run, two constructs of one type with one logicalId, a resource that clashes with an existing one (a private location\'s slugName, a status page\'s url), or more than the caps (5,000 checks, 250 other resources, 10,000 constructs) refuse the whole deploy (400, naming it). Deploys and destroys of one account run one at a time; with 3 waiting, another is refused (429, Retry-After).',
          querystring: DeployQuery,
          body: DeployRequestBody,
          response: { 200: z.union([DeploymentRead, DryRunRead]), ...errorResponses(400, 402, 409, 413, 429) },
        },
      },
      async (request) => {
        try {
          return await deployProject(serviceContext(deps, request), request.body, request.query, request.principal?.memberId ?? null);
        } catch (error) {
          throw clashAsRefusal(error);
        }
      },
    );

    app.delete(
      '/v1/projects/:logicalId',
      {
        onSend: recordRefusals(deps, 'destroy'),
        schema: {
          tags: TAGS,
          summary: 'Destroy a project',
          description: 'Deletes every resource the project owns (detaches them with preserveResources); resources it only references stay.',
          params: z.object({ logicalId: z.string().min(1) }),
          querystring: DestroyQuery,
          response: { 200: z.union([DeploymentRead, DryRunRead]), ...errorResponses(400, 404, 429) },
        },
      },
      async (request) => destroyProject(serviceContext(deps, request), request.params.logicalId, request.query, request.principal?.memberId ?? null),
    );

    app.get(
      '/v1/projects/:logicalId/deployments/:deploymentId',
      { schema: { tags: TAGS, summary: 'Retrieve a deployment', params: DeploymentParams, response: { 200: DeploymentRead, ...errorResponses(404) } } },
      (request) => deploymentView(serviceContext(deps, request), request.params.logicalId, request.params.deploymentId),
    );

    app.get(
      '/v1/projects/:logicalId/deployments/:deploymentId/completion',
      {
        schema: { tags: TAGS, summary: 'Wait for a deployment to finish', params: DeploymentParams, querystring: CompletionQuery, response: { 200: DeploymentRead, ...errorResponses(404) } },
      },
      (request) => deploymentView(serviceContext(deps, request), request.params.logicalId, request.params.deploymentId),
    );

    app.post(
      '/v1/projects/:logicalId/deployments/:deploymentId/cancel',
      { schema: { tags: TAGS, summary: 'Cancel a running deployment', params: DeploymentParams, response: { 200: DeploymentRead, ...errorResponses(404) } } },
      (request) => cancelDeployment(serviceContext(deps, request), request.params.logicalId, request.params.deploymentId),
    );

    app.get(
      '/v1/projects/:logicalId/deployments/:deploymentId/events',
      {
        schema: {
          tags: TAGS,
          summary: "Follow a deployment's progress (Server-Sent Events)",
          params: DeploymentParams,
          response: { 200: z.string().describe('text/event-stream: a progress event, then complete (the deployment) or error'), ...errorResponses(404) },
        },
      },
      async (request, reply) => {
        const view = await deploymentView(serviceContext(deps, request), request.params.logicalId, request.params.deploymentId);
        return reply.header('cache-control', 'no-cache').type('text/event-stream; charset=utf-8').send(eventFrames(view));
      },
    );
  };
}
