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
 * reverse proxy's path prefix is kept. A result's page is its test session's: the page lists each
 * check's session with its result, and without a key the redirect cannot look up which check the
 * result belongs to.
 */
export function webAppRedirectRoutes() {
  return async (app: FastifyInstance) => {
    for (const path of [CLI_TEST_SESSION_PAGE, CLI_TEST_RESULT_PAGE]) {
      // How far the console's root is above the page: one `..` per path segment after the first.
      const root = Array.from({ length: path.split('/').length - 2 }, () => '..').join('/');
      app.get<{ Params: Record<string, string> }>(path, { schema: { hide: true } }, async (request, reply) => {
        // The account is the signed-in one's: each segment is only checked to be an id, like the session's.
        if (!Object.values(request.params).every((id) => UUID.test(id))) {
          reply.callNotFound();
          return reply;
        }
        const testSessionId = request.params.testSessionId?.toLowerCase() ?? '';
        return reply.header('cache-control', 'no-store').redirect(consoleLink(root, testSessionRoute(testSessionId)), 302);
      });
    }
  };
}
