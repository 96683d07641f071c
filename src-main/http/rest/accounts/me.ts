import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getMyAccount, setPlan } from '../../../services/accounts';
import { Account, PlanUpdate } from '../../../../src-shared/schemas/account';
import { actorContext, serviceContext } from '../auth';
import type { HttpDeps } from '../../deps';
import { errorResponses } from '../common';

const AccountParams = z.object({ accountId: z.string().min(1) });

export function accountRoutes(deps: HttpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/accounts/me',
      { schema: { tags: ['Accounts'], summary: 'Fetch current account details', response: { 200: Account, ...errorResponses(401, 403, 404, 429) } } },
      (request) => getMyAccount(serviceContext(deps, request)),
    );

    app.get(
      '/v1/accounts/:accountId',
      {
        schema: {
          tags: ['Accounts'],
          summary: 'Fetch a given account details (403 for any account but the key’s own)',
          params: AccountParams,
          response: { 200: Account, ...errorResponses(401, 403, 404, 429) },
        },
      },
      (request) => getMyAccount(actorContext(deps, request, request.params.accountId)),
    );

    app.put(
      '/v1/accounts/me/plan',
      {
        schema: {
          tags: ['Accounts'],
          summary: 'Set the plan limit: the maximum number of checks (null = unlimited). ADMIN or OWNER keys only.',
          body: PlanUpdate,
          response: { 200: Account, ...errorResponses(400, 401, 403, 429) },
        },
      },
      (request) => setPlan(serviceContext(deps, request), request.body),
    );
  };
}
