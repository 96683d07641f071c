import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createAccountVariable, deleteAccountVariable, getAccountVariable, listAccountVariablesPage, updateAccountVariable } from '../../../services/account-variables';
import {
  AccountVariable,
  AccountVariableCreate,
  AccountVariableList,
  AccountVariableListQuery,
  AccountVariableParams,
  AccountVariableUpdate,
} from '../../../../src-shared/schemas/account-variable';
import { contentRange } from '../../../../src-shared/schemas/paging';
import { serviceContext } from '../auth';
import type { HttpDeps } from '../../deps';
import { errorResponses } from '../common';

const TAGS = ['Environment variables'];
const SECRET_NOTE = 'A secret variable reads back with value "*****"; sending that back keeps the stored value.';

/** /v1/variables: account-level environment variables, which every multi-step run of the account receives. */
export function variableRoutes(deps: HttpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/variables',
      {
        schema: {
          tags: TAGS,
          summary: 'List all environment variables',
          description: `Oldest first; the whole list unless limit or page is given (then a page, with content-range). ${SECRET_NOTE}`,
          querystring: AccountVariableListQuery,
          response: { 200: AccountVariableList, ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (request, reply) => {
        const page = await listAccountVariablesPage(serviceContext(deps, request), request.query);
        if (request.query.limit !== undefined || request.query.page !== undefined) {
          const limit = request.query.limit ?? 10;
          reply.header('content-range', contentRange(request.query.page ?? 1, limit, page.variables.length, page.total));
        }
        return page.variables;
      },
    );

    app.post(
      '/v1/variables',
      {
        schema: {
          tags: TAGS,
          summary: 'Create an environment variable',
          description: `A key the account already has answers 409. ${SECRET_NOTE}`,
          body: AccountVariableCreate,
          response: { 201: AccountVariable, ...errorResponses(400, 401, 403, 409, 429) },
        },
      },
      async (request, reply) => reply.status(201).send(await createAccountVariable(serviceContext(deps, request), request.body)),
    );

    app.get(
      '/v1/variables/:key',
      {
        schema: {
          tags: TAGS,
          summary: 'Retrieve an environment variable',
          description: SECRET_NOTE,
          params: AccountVariableParams,
          response: { 200: AccountVariable, ...errorResponses(401, 403, 404, 429) },
        },
      },
      (request) => getAccountVariable(serviceContext(deps, request), request.params.key),
    );

    app.put(
      '/v1/variables/:key',
      {
        schema: {
          tags: TAGS,
          summary: 'Update an environment variable',
          description: `The key cannot be changed. A secret stays secret (secret: false on a stored secret answers 400). ${SECRET_NOTE}`,
          params: AccountVariableParams,
          body: AccountVariableUpdate,
          response: { 200: AccountVariable, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      (request) => updateAccountVariable(serviceContext(deps, request), request.params.key, request.body),
    );

    app.delete(
      '/v1/variables/:key',
      {
        schema: {
          tags: TAGS,
          summary: 'Delete an environment variable',
          params: AccountVariableParams,
          response: { 204: z.null().describe('Deleted'), ...errorResponses(401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        await deleteAccountVariable(serviceContext(deps, request), request.params.key);
        return reply.status(204).send(null);
      },
    );
  };
}
