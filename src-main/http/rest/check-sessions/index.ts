import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { awaitCheckSessionCompletion, cancelCheckSession, getCheckSession, triggerCheckSessions } from '../../../services/check-sessions';
import {
  CancelSessionRequest,
  CheckSession,
  CheckSessionIdParams,
  CompletionQuery,
  CompletionQueryV2,
  TriggerSessionsRequest,
  TriggerSessionsResponse,
} from '../../../../src-shared/schemas/check-session';
import { serviceContext } from '../auth';
import type { HttpDeps } from '../../deps';
import { errorResponses } from '../common';

/**
 * Trigger, read and wait for check sessions: v1, and v2 (what `checkly checks run` calls) with the
 * same sessions and shapes; only v2's maxWaitSeconds must be whole seconds.
 */
function sessionReadRoutes(deps: HttpDeps, version: 'v1' | 'v2'): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      `/${version}/check-sessions/trigger`,
      {
        config: { access: 'run' },
        schema: {
          tags: ['Check sessions'],
          summary: 'Start a check session for every check the target matches (runSource TRIGGER_API; 404 when none does)',
          body: TriggerSessionsRequest,
          response: { 201: TriggerSessionsResponse, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request, reply) => reply.status(201).send({ sessions: await triggerCheckSessions(serviceContext(deps, request), request.body) }),
    );

    app.get(
      `/${version}/check-sessions/:checkSessionId`,
      {
        schema: {
          tags: ['Check sessions'],
          summary: 'Retrieve a check session with its results (partial while it runs)',
          params: CheckSessionIdParams,
          response: { 200: CheckSession, ...errorResponses(401, 403, 404, 429) },
        },
      },
      (request) => getCheckSession(serviceContext(deps, request), request.params.checkSessionId),
    );

    app.get(
      `/${version}/check-sessions/:checkSessionId/completion`,
      {
        schema: {
          tags: ['Check sessions'],
          summary: 'Wait up to maxWaitSeconds for a check session to finish; 408 asks to call again',
          params: CheckSessionIdParams,
          querystring: version === 'v2' ? CompletionQueryV2 : CompletionQuery,
          response: { 200: CheckSession, ...errorResponses(400, 401, 403, 404, 408, 429) },
        },
      },
      async (request, reply) => {
        const closed = new AbortController();
        request.raw.once('close', () => closed.abort());
        return reply.send(await awaitCheckSessionCompletion(serviceContext(deps, request), request.params.checkSessionId, request.query.maxWaitSeconds, closed.signal));
      },
    );
  };
}

/** The v2 check-session operations: the same sessions and shapes as v1. */
export function checkSessionV2Routes(deps: HttpDeps): FastifyPluginAsyncZod {
  return sessionReadRoutes(deps, 'v2');
}

export function checkSessionRoutes(deps: HttpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(sessionReadRoutes(deps, 'v1'));

    app.post(
      '/v1/check-sessions/:checkSessionId/cancel',
      {
        config: { access: 'run' },
        schema: {
          tags: ['Check sessions'],
          summary: 'Cancel a running check session (204; a finished session stays as it is)',
          params: CheckSessionIdParams,
          body: CancelSessionRequest.optional(),
          response: { 204: z.null().describe('Cancellation accepted'), ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        await cancelCheckSession(serviceContext(deps, request), request.params.checkSessionId);
        return reply.status(204).send(null);
      },
    );
  };
}
