import { AppError } from '../../core/errors';
import { findCodeTestSession } from '../../db/repositories/code-test-sessions';
import type { ServiceContext } from '../context';

/** Running recorded test runs, by account and test session id: what Ctrl-C in `checkly test` cancels. */
const running = new Map<string, AbortController>();
const keyOf = (accountId: string, testSessionId: string) => `${accountId}:${testSessionId.toLowerCase()}`;

/** A signal that aborts when the run is cancelled or the server shuts down; `done` forgets the run. */
export function cancellableRun(ctx: ServiceContext, testSessionId: string | null): { signal: AbortSignal; done(): void } {
  if (!testSessionId) return { signal: ctx.runtime.shutdown.signal, done: () => undefined };
  const controller = new AbortController();
  running.set(keyOf(ctx.accountId, testSessionId), controller);
  return { signal: AbortSignal.any([controller.signal, ctx.runtime.shutdown.signal]), done: () => running.delete(keyOf(ctx.accountId, testSessionId)) };
}

/** POST /v1/test-sessions/{id}/cancel for a recorded `checkly test` run: its unfinished checks end CANCELLED; a finished run is left as it is. */
export async function cancelTestRun(ctx: ServiceContext, testSessionId: string): Promise<void> {
  if (!await findCodeTestSession(ctx.db, ctx.accountId, testSessionId.toLowerCase())) throw new AppError('not_found', 'No such test session.');
  running.get(keyOf(ctx.accountId, testSessionId))?.abort();
}
