import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import { expect } from 'vitest';
import type { AppRouter } from '../../src-main/http/trpc/router';

export type TrpcClient = ReturnType<typeof createTRPCClient<AppRouter>>;
export type TrpcError = TRPCClientError<AppRouter>;

/** A tRPC client for `${url}/trpc`; a null key sends no authorization header. */
export function trpcClient(url: string, key: string | null, extraHeaders: Record<string, string> = {}): TrpcClient {
  return createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${url}/trpc`, headers: () => ({ ...(key ? { authorization: `Bearer ${key}` } : {}), ...extraHeaders }) })],
  });
}

/** Resolves with the TRPCClientError the call fails with; fails the test when the call succeeds. */
export async function trpcError(promise: Promise<unknown>): Promise<TrpcError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(TRPCClientError);
    return error as TrpcError;
  }
  throw new Error('expected the call to fail');
}

/** The tRPC error code the call fails with (e.g. NOT_FOUND). */
export async function trpcCode(promise: Promise<unknown>): Promise<string | undefined> {
  return (await trpcError(promise)).data?.code;
}
