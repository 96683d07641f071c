import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addMember, createApiKey, inviteMember, listMembers, removeMember, updateMemberRole } from '../../../services/accounts';
import {
  AccountInvite,
  AccountMembersList,
  AccountMembersListItem,
  AddedMember,
  ApiKeyCreate,
  CreatedApiKey,
  MemberCreate,
  MemberInvite,
  MemberListQuery,
  MemberUpdate,
} from '../../../../src-shared/schemas/account';
import { actorContext } from '../auth';
import type { HttpDeps } from '../../deps';
import { errorResponses } from '../common';

/** Each operation exists twice: under /v1/accounts/me and under /v1/accounts/{accountId}. */
const SCOPES = [
  { prefix: '/v1/accounts/me', params: z.object({}), label: 'current account' },
  { prefix: '/v1/accounts/:accountId', params: z.object({ accountId: z.string().min(1) }), label: 'account' },
] as const;

// Member ids are uuids (public API): anything else is a 400 naming userId, not a 404.
const UserParams = z.object({ userId: z.uuid({ message: 'must be a uuid' }) });

function accountIdOf(params: unknown): string | undefined {
  return (params as { accountId?: string }).accountId;
}

export function memberRoutes(deps: HttpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    for (const scope of SCOPES) {
      const withUser = scope.params.extend(UserParams.shape);
      const tags = ['Accounts'];

      app.get(
        `${scope.prefix}/members`,
        {
          schema: {
            tags,
            summary: `List ${scope.label} members and pending invites`,
            params: scope.params,
            querystring: MemberListQuery,
            response: { 200: AccountMembersList, ...errorResponses(400, 401, 403, 429) },
          },
        },
        (request) => listMembers(actorContext(deps, request, accountIdOf(request.params)), request.query),
      );

      app.post(
        `${scope.prefix}/members`,
        {
          schema: {
            tags,
            summary: `Add a ${scope.label} member; the answer holds the member’s first API key, shown only once. ADMIN or OWNER keys only.`,
            params: scope.params,
            body: MemberCreate,
            response: { 201: AddedMember, ...errorResponses(400, 401, 403, 409, 429) },
          },
        },
        async (request, reply) => reply.status(201).send(await addMember(actorContext(deps, request, accountIdOf(request.params)), request.body)),
      );

      app.post(
        `${scope.prefix}/invites`,
        {
          schema: {
            tags,
            summary: `Invite someone to the ${scope.label} (a pending member without keys). ADMIN or OWNER keys only.`,
            params: scope.params,
            body: MemberInvite,
            response: { 201: AccountInvite, ...errorResponses(400, 401, 403, 409, 429) },
          },
        },
        async (request, reply) => reply.status(201).send(await inviteMember(actorContext(deps, request, accountIdOf(request.params)), request.body)),
      );

      app.patch(
        `${scope.prefix}/members/:userId`,
        {
          schema: {
            tags,
            summary: `Update a ${scope.label} member role. ADMIN or OWNER keys only; only an OWNER may demote an OWNER.`,
            params: withUser,
            body: MemberUpdate,
            response: { 200: AccountMembersListItem, ...errorResponses(400, 401, 403, 404, 409, 429) },
          },
        },
        (request) => updateMemberRole(actorContext(deps, request, accountIdOf(request.params)), request.params.userId, request.body),
      );

      app.delete(
        `${scope.prefix}/members/:userId`,
        {
          schema: {
            tags,
            summary: `Remove a ${scope.label} member or invite; its API keys stop working at once. The last OWNER cannot be removed (409).`,
            params: withUser,
            response: { 204: z.null().describe('Member removed.'), ...errorResponses(401, 403, 404, 409, 429) },
          },
        },
        async (request, reply) => {
          await removeMember(actorContext(deps, request, accountIdOf(request.params)), request.params.userId);
          return reply.status(204).send(null);
        },
      );

      app.post(
        `${scope.prefix}/members/:userId/api-keys`,
        {
          schema: {
            tags,
            summary: `Create another API key for a ${scope.label} member, acting with the member’s role; shown only once. ADMIN or OWNER keys only.`,
            params: withUser,
            body: ApiKeyCreate.nullish(),
            response: { 201: CreatedApiKey, ...errorResponses(400, 401, 403, 404, 409, 429) },
          },
        },
        async (request, reply) =>
          reply.status(201).send(await createApiKey(actorContext(deps, request, accountIdOf(request.params)), request.params.userId, request.body ?? {})),
      );
    }
  };
}
