import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listAlertNotifications } from '../../../services/notifications';
import { AlertNotification, AlertNotificationQuery } from '../../../../src-shared/schemas/alert-notification';
import { contentRange } from '../../../../src-shared/schemas/paging';
import { serviceContext } from '../auth';
import type { HttpDeps } from '../../deps';
import { errorResponses } from '../common';
import { rateLimitError } from '../error-mapper';

/** Spec 8: listing notifications is limited to 5 requests per 10 seconds per key. */
const LIST_MAX = 5;
const LIST_WINDOW_MS = 10_000;

export function alertNotificationRoutes(deps: HttpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/alert-notifications',
      {
        // Replaces the global per-key limit for this route with the spec's stricter one (same key: the API key).
        config: { rateLimit: { max: LIST_MAX, timeWindow: LIST_WINDOW_MS, errorResponseBuilder: (_request, context) => rateLimitError(context.max, LIST_WINDOW_MS, context.ttl) } },
        schema: {
          tags: ['Alert notifications'],
          summary: 'List the alert notifications sent in a window of at most 24 hours (bare array; total in the content-range header; 5 requests per 10 s)',
          querystring: AlertNotificationQuery,
          response: { 200: z.array(AlertNotification), ...errorResponses(400, 401, 402, 403, 429) },
        },
      },
      async (request, reply) => {
        const page = await listAlertNotifications(serviceContext(deps, request), request.query);
        reply.header('content-range', contentRange(page.page, page.limit, page.items.length, page.total));
        return page.items;
      },
    );
  };
}
