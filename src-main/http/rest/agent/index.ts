import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { agentHeartbeat, authenticateAgent, completeAgentJob, leaseAgentJobs, registerAgent, stopAgentLongPolls, type AgentPrincipal } from '../../../services/agent-jobs';
import {
  AgentHeartbeat,
  AgentHeartbeatReply,
  AgentJobParams,
  AgentLeaseReply,
  AgentLeaseRequest,
  AgentOutcome,
  AgentRegistered,
  AgentRegistration,
} from '../../../../src-shared/schemas/agent-protocol';
import type { HttpDeps } from '../../deps';
import { errorResponses } from '../common';

const TAGS = ['Agent'];
const NOTE = 'Internal API of `sightline agent`: authenticated with a private-location key (Bearer), not an API key.';

/**
 * /v1/agent/...: how remote agents register, long-poll for jobs, renew their leases and post
 * outcomes. Registered outside the API-key scope; each request carries a private-location key.
 * Hidden from the public /openapi.json: it is Sightline's own protocol, not part of the spec.
 */
export function agentRoutes(deps: HttpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const principals = new WeakMap<FastifyRequest, AgentPrincipal>();
    app.addHook('onRequest', async (request) => {
      principals.set(request, await deps.limits.authFailures.authenticate(request.ip, () => authenticateAgent(deps.services, request.headers.authorization)));
    });
    app.addHook('preClose', async () => stopAgentLongPolls(deps.services));
    const principalOf = (request: FastifyRequest): AgentPrincipal => {
      const principal = principals.get(request);
      if (!principal) throw new Error('agent route without an authenticated agent');
      return principal;
    };
    const clientGone = (reply: FastifyReply): AbortSignal => {
      const controller = new AbortController();
      reply.raw.once('close', () => controller.abort());
      return controller.signal;
    };

    app.post(
      '/v1/agent/register',
      {
        schema: {
          hide: true,
          tags: TAGS,
          summary: 'Register a remote agent for the private location of its key',
          description: NOTE,
          body: AgentRegistration,
          response: { 201: AgentRegistered, ...errorResponses(400, 401) },
        },
      },
      async (request, reply) => reply.status(201).send(await registerAgent(deps.services, principalOf(request), request.body)),
    );

    app.post(
      '/v1/agent/heartbeat',
      {
        schema: {
          hide: true,
          tags: TAGS,
          summary: 'Renew the leases of running jobs; the answer names jobs to stop',
          description: NOTE,
          body: AgentHeartbeat,
          response: { 200: AgentHeartbeatReply, ...errorResponses(400, 401, 404) },
        },
      },
      (request) => agentHeartbeat(deps.services, principalOf(request), request.body),
    );

    app.post(
      '/v1/agent/jobs/lease',
      {
        schema: {
          hide: true,
          tags: TAGS,
          summary: 'Lease waiting jobs (long-poll up to waitSeconds; an empty list when none came)',
          description: NOTE,
          body: AgentLeaseRequest,
          response: { 200: AgentLeaseReply, ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => leaseAgentJobs(deps.services, principalOf(request), request.body, clientGone(reply)),
    );

    app.post(
      '/v1/agent/jobs/:jobId/outcome',
      {
        schema: {
          hide: true,
          tags: TAGS,
          summary: 'Post the result of a leased job (or why it has none)',
          description: `${NOTE} 409 when the lease expired and another agent took the job; 503 while the server shuts down (send again).`,
          params: AgentJobParams,
          body: AgentOutcome,
          response: { 204: z.null().describe('Recorded'), ...errorResponses(400, 401, 404, 409, 503) },
        },
      },
      async (request, reply) => {
        await completeAgentJob(deps.services, principalOf(request), request.params.jobId, request.body);
        return reply.status(204).send(null);
      },
    );
  };
}
