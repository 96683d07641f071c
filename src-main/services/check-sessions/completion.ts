import { AppError } from '../../core/errors';
import { isFinished } from '../../../src-shared/rules/session-status';
import type { CheckSession } from '../../../src-shared/schemas/check-session';
import type { ServiceContext } from '../context';
import { findAccountSession, getCheckSession } from './get';
import { statusOf } from './status-codes';

const TRY_AGAIN = 'Check session is still in progress, but maximum per-request wait time was exceeded. Please retry.';

/**
 * Long-poll: answers as soon as the session finishes (woken by the in-process event), or 408 after
 * maxWaitSeconds so the client asks again. The wait is real time: it bounds an HTTP request.
 */
export async function awaitCheckSessionCompletion(ctx: ServiceContext, checkSessionId: string, maxWaitSeconds: number, signal?: AbortSignal): Promise<CheckSession> {
  const session = findAccountSession(ctx, checkSessionId);
  if (isFinished(statusOf(session.status))) return getCheckSession(ctx, checkSessionId);
  const canonicalId = getCheckSession(ctx, checkSessionId).checkSessionId;
  const { events } = ctx.runtime;
  const finished = await new Promise<boolean>((resolve) => {
    const done = (value: boolean) => {
      clearTimeout(timer);
      off();
      signal?.removeEventListener('abort', onAbort);
      resolve(value);
    };
    const onAbort = () => done(false);
    const off = events.on('sessionUpdated', (event) => {
      if (event.checkSessionId === canonicalId && event.finished) done(true);
    });
    const timer = setTimeout(() => done(false), maxWaitSeconds * 1000);
    signal?.addEventListener('abort', onAbort);
    // The session may have finished between the first read and subscribing.
    if (isFinished(statusOf(findAccountSession(ctx, checkSessionId).status))) done(true);
  });
  if (!finished) throw new AppError('timeout', TRY_AGAIN);
  return getCheckSession(ctx, checkSessionId);
}
