import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isAppError } from '../../../core/errors';
import { awaitTestSessionCompletion, cancelTestSession, findTestSessionParts, getTestSession, listTestSessions, resultOfTestSession, testSessionLink, triggerTestSession } from '../../../services/test-sessions';
import { getCheckResult } from '../../../services/check-results';
import { resultLink } from '../../../services/check-sessions';
import { CheckResult } from '../../../../src-shared/schemas/check-result';
import { CancelSessionRequest, CompletionQuery } from '../../../../src-shared/schemas/check-session';
import {
  TestSession,
  TestSessionIdParams,
  TestSessionList,
  TestSessionListQuery,
  TestSessionTriggerRequest,
  TestSessionTriggerResponse,
} from '../../../../src-shared/schemas/test-session';
import { errorBody } from '../../../../src-shared/errors';
import { serviceContext } from '../auth';
import type { HttpDeps } from '../../deps';
import type { RunFeed } from '../../mqtt/run-feed';
import { foldBracketArrays } from '../checks/list-query';
import { ErrorResponse, errorResponses } from '../common';

// Every 403 goes through this schema: a role or account-header refusal has no errorCode, so it must stay optional.
const ForbiddenOrNoMatchingChecks = ErrorResponse.extend({ errorCode: z.literal('ERR_NO_MATCHING_CHECKS').optional() });

/** Test sessions (`checkly trigger`, `checkly test-sessions`): the check sessions one trigger started, followed live over MQTT. */
export function testSessionRoutes(deps: HttpDeps, feed: RunFeed): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/next/test-sessions/trigger',
      {
        config: { access: 'run' },
        schema: {
          tags: ['Test sessions'],
          summary: 'Run the matching checks now as one test session; progress is published on the MQTT endpoint (/mqtt)',
          body: TestSessionTriggerRequest,
          response: { 201: TestSessionTriggerResponse, 403: ForbiddenOrNoMatchingChecks.describe('Forbidden, or no check matches (errorCode ERR_NO_MATCHING_CHECKS)'), ...errorResponses(400, 401, 429) },
        },
      },
      async (request, reply) => {
        const ctx = serviceContext(deps, request);
        let triggered;
        try {
          triggered = await triggerTestSession(ctx, request.body);
        } catch (error) {
          // The public API answers "nothing matched" with a 403 and this code, which the CLI looks for.
          if (isAppError(error) && error.kind === 'not_found') {
            return reply.status(403).send({ ...errorBody(403, error.message), errorCode: 'ERR_NO_MATCHING_CHECKS' as const });
          }
          throw error;
        }
        const { sessions, ...response } = triggered;
        if (request.body.checkRunSuiteId) {
          feed.follow(ctx.accountId, request.body.checkRunSuiteId.toLowerCase(), sessions.map((s) => ({ checkSessionId: s.checkSessionId, checkId: s.checkId, name: s.name, checkType: s.checkType })));
        }
        return reply.status(201).send(response);
      },
    );

    app.get(
      '/v1/test-sessions',
      {
        schema: {
          tags: ['Test sessions'],
          summary: 'List test sessions, newest first (`{entries, nextId, length}`)',
          querystring: TestSessionListQuery,
          response: { 200: TestSessionList, ...errorResponses(400, 401, 403, 429) },
        },
        preValidation: foldBracketArrays,
      },
      (request) => listTestSessions(serviceContext(deps, request), request.query),
    );

    app.get(
      '/v1/test-sessions/:testSessionId',
      {
        schema: {
          tags: ['Test sessions'],
          summary: 'Retrieve a test session with one result per check',
          params: TestSessionIdParams,
          response: { 200: TestSession, ...errorResponses(401, 403, 404, 429) },
        },
      },
      (request) => getTestSession(serviceContext(deps, request), request.params.testSessionId),
    );

    app.get(
      '/v1/test-sessions/:testSessionId/completion',
      {
        schema: {
          tags: ['Test sessions'],
          summary: 'Wait up to maxWaitSeconds for every check of a test session to finish; 408 asks to call again',
          params: TestSessionIdParams,
          querystring: CompletionQuery,
          response: { 200: TestSession, ...errorResponses(400, 401, 403, 404, 408, 429) },
        },
      },
      async (request, reply) => {
        const closed = new AbortController();
        request.raw.once('close', () => closed.abort());
        return reply.send(await awaitTestSessionCompletion(serviceContext(deps, request), request.params.testSessionId, request.query.maxWaitSeconds, closed.signal));
      },
    );

    app.get(
      '/v1/test-sessions/:testSessionId/results/:testResultId',
      {
        schema: {
          tags: ['Test sessions'],
          summary: 'Retrieve one result of a test session: the check result in full (as GET /v1/check-results/{checkId}/{checkResultId})',
          params: TestSessionIdParams.extend({ testResultId: z.string().min(1) }),
          response: { 200: CheckResult, ...errorResponses(401, 403, 404, 429) },
        },
      },
      async (request) => {
        const ctx = serviceContext(deps, request);
        const entry = await resultOfTestSession(ctx, request.params.testSessionId, request.params.testResultId);
        return await getCheckResult(ctx, entry.checkId, request.params.testResultId);
      },
    );

    app.post(
      '/v1/test-sessions/:testSessionId/cancel',
      {
        config: { access: 'run' },
        schema: {
          tags: ['Test sessions'],
          summary: 'Cancel the running checks of a test session (204; finished ones stay as they are)',
          params: TestSessionIdParams,
          body: CancelSessionRequest.optional(),
          response: { 204: z.null().describe('Cancellation accepted'), ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        await cancelTestSession(serviceContext(deps, request), request.params.testSessionId, request.body?.sequenceId);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/next/test-sessions/:testSessionId/link',
      {
        schema: {
          tags: ['Test sessions'],
          summary: 'Where to read a test session (the CLI prints it after a run)',
          params: TestSessionIdParams,
          response: { 200: z.object({ link: z.string() }), ...errorResponses(401, 403, 404, 429) },
        },
      },
      async (request) => {
        const ctx = serviceContext(deps, request);
        await findTestSessionParts(ctx, request.params.testSessionId);
        return { link: testSessionLink(ctx.runtime.baseUrl, request.params.testSessionId.toLowerCase()) };
      },
    );

    app.get(
      '/next/test-sessions/:testSessionId/results/:testResultId/links',
      {
        schema: {
          tags: ['Test sessions'],
          summary: 'Where to read one result of a test session (no traces or videos are recorded locally)',
          params: TestSessionIdParams.extend({ testResultId: z.string().min(1) }),
          response: { 200: z.object({ testResultLink: z.string(), testTraceLinks: z.array(z.string()), videoLinks: z.array(z.string()) }), ...errorResponses(401, 403, 404, 429) },
        },
      },
      async (request) => {
        const ctx = serviceContext(deps, request);
        const entry = await resultOfTestSession(ctx, request.params.testSessionId, request.params.testResultId);
        return { testResultLink: resultLink(ctx.runtime.baseUrl, entry.checkId, entry.resultId), testTraceLinks: [], videoLinks: [] };
      },
    );
  };
}
