import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { describeIssues } from '../../../src-shared/errors';
import { authenticate } from '../../services/auth/authenticate';
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
  if (!result.ok) throw toTrpcError(result.error.cause ?? result.error);
  return result;
});

export const publicProcedure = t.procedure.use(mapErrors);

export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  const principal = authenticate(ctx.deps.services, ctx.deps.launchTokens, ctx.credentials);
  const service: ServiceContext = { ...ctx.deps.services, accountId: principal.accountId };
  return next({ ctx: { ...ctx, service } });
});

export { TRPCError };
