import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { awaitCheckSessionCompletion } from '../../../services/check-sessions/completion';
import { getCheckSession } from '../../../services/check-sessions/get';
import { triggerCheckSessions } from '../../../services/check-sessions/trigger';
import { CheckSession, CheckSessionIdParams, CompletionQueryV2, TriggerSessionsRequest, TriggerSessionsResponse } from '../../../../src-shared/schemas/check-session';
import { serviceContext } from '../auth';
import type { HttpDeps } from '../../deps';
import { errorResponses } from '../common';

/** The v2 check-session operations (what `checkly checks run` calls): the same sessions and shapes as v1. */
export function checkSessionV2Routes(deps: HttpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v2/check-sessions/trigger',
      {
        config: { access: 'run' },
        schema: {
          tags: ['Check sessions'],
          summary: 'Start a check session for every check the target matches (404 when none does)',
          body: TriggerSessionsRequest,
          response: { 201: TriggerSessionsResponse, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request, reply) => reply.status(201).send({ sessions: triggerCheckSessions(serviceContext(deps, request), request.body) }),
    );

    app.get(
      '/v2/check-sessions/:checkSessionId',
      {
        schema: {
          tags: ['Check sessions'],
          summary: 'Retrieve a check session with its results (partial while it runs)',
          params: CheckSessionIdParams,
          response: { 200: CheckSession, ...errorResponses(401, 403, 404, 429) },
        },
      },
      async (request) => getCheckSession(serviceContext(deps, request), request.params.checkSessionId),
    );

    app.get(
      '/v2/check-sessions/:checkSessionId/completion',
      {
        schema: {
          tags: ['Check sessions'],
          summary: 'Wait up to maxWaitSeconds for a check session to finish; 408 asks to call again',
          params: CheckSessionIdParams,
          querystring: CompletionQueryV2,
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
