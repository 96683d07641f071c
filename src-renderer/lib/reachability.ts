import { isTRPCClientError } from '@trpc/client';
import { useSyncExternalStore } from 'react';

/**
 * Whether the server answers, as one page-wide store: the live feed and every query report into it,
 * and the banner, the stale marks, the title, the favicon and the "for 3 min" clocks read it.
 */
export interface Reachability {
  /** When the server was first found unreachable (epoch ms); null while it answers. */
  unreachableSince: number | null;
}

let state: Reachability = { unreachableSince: null };
const listeners = new Set<() => void>();

function set(next: Reachability): void {
  state = next;
  for (const listener of listeners) listener();
}

export function reportUnreachable(at: number = Date.now()): void {
  if (state.unreachableSince === null) set({ unreachableSince: at });
}

export function reportReachable(): void {
  if (state.unreachableSince !== null) set({ unreachableSince: null });
}

export function currentReachability(): Reachability {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useReachability(): Reachability {
  return useSyncExternalStore(subscribe, currentReachability);
}

/** True when the error is one the server sent (a tRPC error body): whatever it says, the server answers. */
export function isServerError(error: unknown): boolean {
  return isTRPCClientError(error) && Boolean(error.data);
}

/** True when a request got no HTTP answer at all (connection refused or reset): the server, not the request, is the problem. */
export function isNetworkError(error: unknown): boolean {
  if (!isTRPCClientError(error)) return false;
  if (error.data) return false;
  const response = (error.meta as { response?: unknown } | undefined)?.response;
  if (response instanceof Response) return false;
  return error.cause instanceof TypeError || /fetch|network/i.test(error.message);
}
