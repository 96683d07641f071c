import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { describeIssues } from '../../../src-shared/errors';
import type { ActorContext } from '../../services/accounts';
import { assertAccess, type Access } from '../../services/auth';
import type { ServiceContext } from '../../services/context';
import type { TrpcContext } from './context';
import { toTrpcError } from './errors';

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error }) {
    // Input validation: the same "field: message" text the REST API gives.
    if (error.cause instanceof ZodError) {
      return { ...shape, message: describeIssues(error.cause.issues), data: { ...shape.data, stack: undefined } };
    }
    return { ...shape, data: { ...shape.data, stack: undefined } };
  },
});

export const router = t.router;

/** Maps the services' AppError to TRPCError once, for every procedure. */
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    // tRPC wraps whatever a resolver throws as INTERNAL_SERVER_ERROR; its own errors (input validation) keep their code.
    const error = result.error;
    throw toTrpcError(error.code === 'INTERNAL_SERVER_ERROR' ? (error.cause ?? error) : error);
  }
  return result;
});

export const publicProcedure = t.procedure.use(mapErrors);

/**
 * The key's role is checked once here, like REST's onRequest hook: queries and subscriptions
 * read, mutations write; `runProcedure` marks mutations that trigger or cancel runs (READ_RUN may
 * call them) and `adminProcedure` those that manage members, keys or the plan.
 */
function procedureNeeding(mutationAccess: Access) {
  return publicProcedure.use(({ ctx, type, next }) => {
    // Authenticated (and counted against the key's budget) once per request in createContext.
    const principal = ctx.principal;
    assertAccess(principal.role, type === 'mutation' ? mutationAccess : 'read');
    const service: ServiceContext = { ...ctx.deps.services, accountId: principal.accountId };
    const actor: ActorContext = { ...service, actor: principal };
    return next({ ctx: { ...ctx, service, actor } });
  });
}

export const authedProcedure = procedureNeeding('write');
export const runProcedure = procedureNeeding('run');
export const adminProcedure = procedureNeeding('admin');

export { TRPCError };
