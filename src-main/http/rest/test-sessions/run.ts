import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getScheduling, startTestRun, type TestRunListener } from '../../../services/test-runs';
import { TestRunRequest, TestRunResponse, TestRunScheduling } from '../../../../src-shared/schemas/test-run';
import { CompletionQuery } from '../../../../src-shared/schemas/check-session';
import { serviceContext } from '../auth';
import type { HttpDeps } from '../../deps';
import type { RunFeed } from '../../mqtt/run-feed';
import { errorResponses } from '../common';

/** `checkly test`: runs the project's checks once without storing them, progress over MQTT like `checkly trigger`. */
export function testRunRoutes(deps: HttpDeps, feed: RunFeed): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/test-sessions/run',
      {
        // Runs code no stored check holds, with the account's secrets: only a key that may create checks may (READ_RUN triggers stored ones).
        config: { access: 'write' },
        schema: {
          tags: ['Test sessions'],
          summary: 'Run checks given as deploy payloads once, storing no check; progress is published on the MQTT endpoint (/mqtt)',
          body: TestRunRequest,
          response: { 202: TestRunResponse, ...errorResponses(400, 401, 403, 413, 429, 503) },
        },
      },
      async (request, reply) => {
        const ctx = serviceContext(deps, request);
        const listener: TestRunListener = {
          runStart: (suite, sequenceId) => feed.announce(ctx.accountId, suite, sequenceId, 'run-start', {}),
          result: (suite, sequenceId, message) => feed.announce(ctx.accountId, suite, sequenceId, 'result', message),
          error: (suite, sequenceId, message) => feed.announce(ctx.accountId, suite, sequenceId, 'error', message),
        };
        return reply.status(202).send(await startTestRun(ctx, request.body, listener));
      },
    );

    app.get(
      '/v1/test-sessions/scheduling/:schedulingId/completion',
      {
        schema: {
          tags: ['Test sessions'],
          summary: 'Whether the checks of a `checkly test` run were dispatched (they are before the run is answered)',
          params: z.object({ schedulingId: z.string().min(1) }),
          querystring: CompletionQuery,
          response: { 200: TestRunScheduling, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request) => getScheduling(serviceContext(deps, request), request.params.schedulingId),
    );
  };
}
