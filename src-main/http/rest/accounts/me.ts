import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getMyAccount } from '../../../services/accounts/get-me';
import { serviceContext } from '../auth';
import type { HttpDeps } from '../../deps';
import { errorResponses } from '../common';

export function accountRoutes(deps: HttpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/accounts/me',
      { schema: { tags: ['Accounts'], summary: 'Fetch current account details', response: { 200: z.any(), ...errorResponses(401, 403, 429) } } },
      async (request) => getMyAccount(serviceContext(deps, request)),
    );
  };
}
