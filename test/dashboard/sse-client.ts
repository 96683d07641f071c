import { createTRPCClient, httpLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { EventSource } from 'eventsource';
import type { AppRouter } from '../../src-main/http/trpc/router';

/** The console's link setup: queries over HTTP, subscriptions over SSE with the key in the Authorization header. */
export function sseClient(url: string, key: string) {
  const authorization = `Bearer ${key}`;
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink({
          url: `${url}/trpc`,
          EventSource,
          eventSourceOptions: { fetch: (input, init) => fetch(input, { ...init, headers: { ...init.headers, Authorization: authorization } }) },
        }),
        false: httpLink({ url: `${url}/trpc`, headers: () => ({ authorization }) }),
      }),
    ],
  });
}

export type SseClient = ReturnType<typeof sseClient>;

/** Values a subscription delivered, and a way to wait for the one a test expects. */
export class Received<T> {
  readonly values: { at: number; value: T }[] = [];
  private waiters: { test: (value: T) => boolean; resolve: (value: T) => void }[] = [];

  push = (value: T): void => {
    this.values.push({ at: Date.now(), value });
    this.waiters = this.waiters.filter((waiter) => {
      if (!waiter.test(value)) return true;
      waiter.resolve(value);
      return false;
    });
  };

  /** The first value (already delivered or still to come) that passes `test`. */
  next(test: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
    const seen = this.values.find((entry) => test(entry.value));
    if (seen) return Promise.resolve(seen.value);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching value within ${timeoutMs} ms; last: ${JSON.stringify(this.values.at(-1)?.value)}`)), timeoutMs);
      this.waiters.push({
        test,
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value);
        },
      });
    });
  }
}
