import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendTestNotification } from '../../../services/notifications';
import { AlertNotification } from '../../../../src-shared/schemas/alert-notification';
import { serviceContext } from '../auth';
import type { HttpDeps } from '../../deps';
import { errorResponses } from '../common';

const IdParams = z.object({ id: z.string().meta({ type: 'integer', minimum: 1, description: 'The alert channel id' }) });

/** A Sightline extension (not in the spec): the console's "Send test notification" for a channel. */
export function testNotificationRoutes(deps: HttpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/alert-channels/:id/test',
      {
        schema: {
          tags: ['Alert channels'],
          summary: 'Send a test notification to the channel (Sightline extension): 201 with the notification as recorded; the listing shows how delivery went',
          params: IdParams,
          response: { 201: AlertNotification, ...errorResponses(401, 403, 404, 429) },
        },
      },
      async (request, reply) => reply.status(201).send(await sendTestNotification(serviceContext(deps, request), request.params.id)),
    );
  };
}
