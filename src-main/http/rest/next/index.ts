import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getCurrentUser, getEntitlements, getMyAccount } from '../../../services/accounts';
import { Account } from '../../../../src-shared/schemas/account';
import { AccountEntitlements, CurrentUser } from '../../../../src-shared/schemas/platform';
import { actorContext, serviceContext } from '../auth';
import type { HttpDeps } from '../../deps';
import { errorResponses } from '../common';

const TAGS = ['Accounts'];
const AccountParams = z.object({ accountId: z.string().min(1) });

/**
 * What the public API's CLI asks before every command (`/next/accounts/{id}`, `/next/users/me`) and
 * for `account plan` (`/v1/accounts/me/entitlements`).
 */
export function nextRoutes(deps: HttpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/next/accounts',
      {
        schema: {
          tags: TAGS,
          summary: 'The accounts of the key: its own (a key belongs to one account)',
          response: { 200: z.array(Account), ...errorResponses(401, 403, 429) },
        },
      },
      async (request) => [await getMyAccount(serviceContext(deps, request))],
    );

    app.get(
      '/next/accounts/:accountId',
      {
        schema: {
          tags: TAGS,
          summary: 'Fetch an account (403 for any account but the key’s own); the public CLI checks its credentials with it',
          params: AccountParams,
          response: { 200: Account, ...errorResponses(401, 403, 404, 429) },
        },
      },
      (request) => getMyAccount(actorContext(deps, request, request.params.accountId)),
    );

    app.get(
      '/next/users/me',
      {
        schema: {
          tags: TAGS,
          summary: 'The member holding the key (the console’s launch token: the account’s owner)',
          response: { 200: CurrentUser, ...errorResponses(401, 403, 404, 429) },
        },
      },
      (request) => getCurrentUser(actorContext(deps, request)),
    );

    app.get(
      '/v1/accounts/me/entitlements',
      {
        schema: {
          tags: TAGS,
          summary: 'The account’s plan: the check limit, the features this install has, the locations',
          response: { 200: AccountEntitlements, ...errorResponses(401, 403, 404, 429) },
        },
      },
      (request) => getEntitlements(serviceContext(deps, request)),
    );
  };
}
