import { AppError } from '../../core/errors';
import { encodeRunId } from '../../../src-shared/rules/run-ids';
import type { TestSession } from '../../../src-shared/schemas/test-session';
import type { ServiceContext } from '../context';
import { findTestSessionParts, getTestSession } from './get';

const TRY_AGAIN = 'Test session is still in progress, but maximum per-request wait time was exceeded. Please retry.';

const allStopped = (ctx: ServiceContext, id: string) => findTestSessionParts(ctx, id).every((s) => s.stoppedAt !== null);

/** Long-poll: answers once every check session of the test session has finished, or 408 after maxWaitSeconds. */
export async function awaitTestSessionCompletion(ctx: ServiceContext, testSessionId: string, maxWaitSeconds: number, signal?: AbortSignal): Promise<TestSession> {
  const parts = new Set(findTestSessionParts(ctx, testSessionId).map((s) => encodeRunId('session', s.id)));
  if (allStopped(ctx, testSessionId)) return getTestSession(ctx, testSessionId);
  const finished = await new Promise<boolean>((resolve) => {
    const done = (value: boolean) => {
      clearTimeout(timer);
      off();
      signal?.removeEventListener('abort', onAbort);
      resolve(value);
    };
    const onAbort = () => done(false);
    const off = ctx.runtime.events.on('sessionUpdated', (event) => {
      if (event.finished && parts.has(event.checkSessionId) && allStopped(ctx, testSessionId)) done(true);
    });
    const timer = setTimeout(() => done(false), maxWaitSeconds * 1000);
    signal?.addEventListener('abort', onAbort);
    if (allStopped(ctx, testSessionId)) done(true);
  });
  if (!finished) throw new AppError('timeout', TRY_AGAIN);
  return getTestSession(ctx, testSessionId);
}
