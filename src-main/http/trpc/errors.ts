import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { concurrentWriteConflict, isAppError, type AppErrorKind } from '../../core/errors';

const CODES: Record<AppErrorKind, TRPC_ERROR_CODE_KEY> = {
  validation: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  payment_required: 'PAYMENT_REQUIRED',
  forbidden: 'FORBIDDEN',
  not_found: 'NOT_FOUND',
  timeout: 'TIMEOUT',
  conflict: 'CONFLICT',
  rate_limited: 'TOO_MANY_REQUESTS',
  unavailable: 'SERVICE_UNAVAILABLE',
};

/** The tRPC side of the one error taxonomy: AppError keeps its message; anything else is a generic 500. */
export function toTrpcError(error: unknown): TRPCError {
  if (error instanceof TRPCError && !isAppError(error.cause)) return error;
  const cause = error instanceof TRPCError ? error.cause : error;
  if (isAppError(cause)) return new TRPCError({ code: CODES[cause.kind], message: cause.message, cause });
  const conflict = concurrentWriteConflict(cause);
  if (conflict) return new TRPCError({ code: 'CONFLICT', message: conflict.message, cause });
  return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'Internal Server Error: the failure was logged on the server', cause });
}
