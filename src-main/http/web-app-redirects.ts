import type { FastifyInstance } from 'fastify';
import { consoleLink, testSessionRoute } from '../../src-shared/rules/console-links';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where the CLI's "Open session" line points: its cloud app's page, `<api url>/accounts/<accountId>/test-sessions/<id>`. */
const CLI_TEST_SESSION_PAGE = '/accounts/:accountId/test-sessions/:testSessionId';
/** Where its GitHub reporter points for one check's result of a test session. */
const CLI_TEST_RESULT_PAGE = '/accounts/:accountId/test-sessions/:testSessionId/results/:resultId';

/**
 * Pages of the public API's web app that the CLI prints links to, answered with a 302 to the
 * console page showing the same thing. No key is needed: the redirect reveals nothing, and the
 * console asks for sign-in as usual. The Location is relative (`../../../#/…` is the console's
 * root): the browser stays on the address it came in by, where it may already be signed in, and a
 * reverse proxy's path prefix is kept.
 */
export function webAppRedirectRoutes() {
  return async (app: FastifyInstance) => {
    app.get<{ Params: { accountId: string; testSessionId: string } }>(CLI_TEST_SESSION_PAGE, { schema: { hide: true } }, async (request, reply) => {
      const { accountId, testSessionId } = request.params;
      // The account is the signed-in one's: the segment is only checked to be an id, like the session's.
      if (!UUID.test(accountId) || !UUID.test(testSessionId)) {
        reply.callNotFound();
        return reply;
      }
      return reply.header('cache-control', 'no-store').redirect(consoleLink('../../..', testSessionRoute(testSessionId.toLowerCase())), 302);
    });
    // A result's page is its test session's: the page lists each check's session with its result,
    // and without a key the redirect cannot look up which check the result belongs to.
    app.get<{ Params: { accountId: string; testSessionId: string; resultId: string } }>(CLI_TEST_RESULT_PAGE, { schema: { hide: true } }, async (request, reply) => {
      const { accountId, testSessionId, resultId } = request.params;
      if (!UUID.test(accountId) || !UUID.test(testSessionId) || !UUID.test(resultId)) {
        reply.callNotFound();
        return reply;
      }
      return reply.header('cache-control', 'no-store').redirect(consoleLink('../../../../..', testSessionRoute(testSessionId.toLowerCase())), 302);
    });
  };
}
