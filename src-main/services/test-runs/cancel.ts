import { AppError } from '../../core/errors';
import { findCodeTestSession } from '../../db/repositories/code-test-sessions';
import type { ServiceContext } from '../context';

/**
 * A signal that aborts when the run is cancelled (Ctrl-C in `checkly test`, asked of this server or,
 * in team mode, of any other: the cancel is a live-feed event) or the server shuts down; `done`
 * stops listening.
 */
export function cancellableRun(ctx: ServiceContext, testSessionId: string | null): { signal: AbortSignal; done(): void } {
  if (!testSessionId) return { signal: ctx.runtime.shutdown.signal, done: () => undefined };
  const controller = new AbortController();
  const id = testSessionId.toLowerCase();
  const stopListening = ctx.runtime.events.onFeed('testRunCancelled', (event) => {
    if (event.accountId === ctx.accountId && event.testSessionId === id) controller.abort();
  });
  return { signal: AbortSignal.any([controller.signal, ctx.runtime.shutdown.signal]), done: stopListening };
}

/**
 * POST /v1/test-sessions/{id}/cancel for a recorded `checkly test` run: its unfinished checks end
 * CANCELLED on whichever server runs them; a finished run is left as it is.
 */
export async function cancelTestRun(ctx: ServiceContext, testSessionId: string): Promise<void> {
  if (!await findCodeTestSession(ctx.db, ctx.accountId, testSessionId.toLowerCase())) throw new AppError('not_found', 'No such test session.');
  ctx.runtime.events.share('testRunCancelled', { accountId: ctx.accountId, testSessionId: testSessionId.toLowerCase() });
}
