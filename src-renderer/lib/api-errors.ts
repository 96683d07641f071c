import { isTRPCClientError } from '@trpc/client';

function responseStatus(meta: Record<string, unknown> | undefined): number | undefined {
  const response = meta?.response;
  return response instanceof Response ? response.status : undefined;
}

/** True when the server refused the credentials, whether it answered as tRPC or with a plain HTTP 401. */
export function isUnauthorized(error: unknown): boolean {
  if (!isTRPCClientError(error)) return false;
  const data: unknown = error.data;
  if (data && typeof data === 'object') {
    if ('code' in data && data.code === 'UNAUTHORIZED') return true;
    if ('httpStatus' in data && data.httpStatus === 401) return true;
  }
  return responseStatus(error.meta) === 401;
}

/** True when the server answered that the thing asked for does not exist (in this account). */
export function isNotFound(error: unknown): boolean {
  if (!isTRPCClientError(error)) return false;
  const data: unknown = error.data;
  return Boolean(data && typeof data === 'object' && 'code' in data && data.code === 'NOT_FOUND');
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Unexpected error';
}
