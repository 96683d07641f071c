import { EventEmitter, on } from 'node:events';
import type { SessionUpdatedEvent } from '../../core/events';
import type { ServiceContext } from '../context';
import { shuttingDownError } from '../runtime';
import { AppError } from '../../core/errors';
import { isFinished } from '../../../src-shared/rules/session-status';
import type { CheckSession } from '../../../src-shared/schemas/check-session';
import { findAccountSession, getCheckSession } from './view';
import { statusOf } from './session-state';

/** Session status changes of the account, as they happen, until the signal aborts (console live updates). */
export async function* watchCheckSessions(ctx: ServiceContext, signal: AbortSignal | undefined, checkId?: string): AsyncGenerator<SessionUpdatedEvent> {
  const relay = new EventEmitter();
  const off = ctx.runtime.events.onFeed('sessionUpdated', (event) => {
    if (event.accountId === ctx.accountId && (!checkId || event.checkId === checkId)) relay.emit('event', event);
  });
  try {
    for await (const [event] of on(relay, 'event', { signal })) yield event as SessionUpdatedEvent;
  } catch (error) {
    if (!(error instanceof Error && error.name === 'AbortError')) throw error;
  } finally {
    off();
  }
}

const TRY_AGAIN = 'Check session is still in progress, but maximum per-request wait time was exceeded. Please retry.';

/**
 * Waits (real time: it bounds an HTTP request) until a `sessionUpdated` event passes `wakes`, or
 * `finishedNow` holds once subscribed (what finished between the caller's first read and
 * subscribing); false after maxWaitSeconds or when the request is aborted. Rejects with a 503 when
 * the backend starts closing: a waiting request must not hold the shutdown open for its 30 s.
 */
export function waitForSessions(
  ctx: ServiceContext,
  wakes: (event: SessionUpdatedEvent) => boolean | Promise<boolean>,
  finishedNow: () => Promise<boolean>,
  maxWaitSeconds: number,
  signal?: AbortSignal,
): Promise<boolean> {
  const shutdown = ctx.runtime.shutdown.signal;
  return new Promise<boolean>((resolve, reject) => {
    let over = false;
    const settle = () => {
      if (over) return;
      over = true;
      clearTimeout(timer);
      off();
      signal?.removeEventListener('abort', onAbort);
      shutdown.removeEventListener('abort', onShutdown);
    };
    const done = (value: boolean) => {
      settle();
      resolve(value);
    };
    const onAbort = () => done(false);
    const onShutdown = () => {
      settle();
      reject(shuttingDownError());
    };
    const fail = (error: unknown) => {
      settle();
      reject(error instanceof Error ? error : new Error(String(error)));
    };
    const off = ctx.runtime.events.onFeed('sessionUpdated', (event) => {
      Promise.resolve(wakes(event)).then((woken) => woken && done(true), fail);
    });
    const timer = setTimeout(() => done(false), maxWaitSeconds * 1000);
    signal?.addEventListener('abort', onAbort);
    shutdown.addEventListener('abort', onShutdown);
    if (shutdown.aborted) return onShutdown();
    finishedNow().then((finished) => finished && done(true), fail);
  });
}

/**
 * Long-poll: answers as soon as the session finishes (woken by the in-process event), or 408 after
 * maxWaitSeconds so the client asks again. The wait is real time: it bounds an HTTP request.
 */
export async function awaitCheckSessionCompletion(ctx: ServiceContext, checkSessionId: string, maxWaitSeconds: number, signal?: AbortSignal): Promise<CheckSession> {
  const session = await findAccountSession(ctx, checkSessionId);
  if (isFinished(statusOf(session.status))) return await getCheckSession(ctx, checkSessionId);
  const canonicalId = (await getCheckSession(ctx, checkSessionId)).checkSessionId;
  const finished = await waitForSessions(
    ctx,
    (event) => event.checkSessionId === canonicalId && event.finished,
    // The session may have finished between the first read and subscribing.
    async () => isFinished(statusOf((await findAccountSession(ctx, checkSessionId)).status)),
    maxWaitSeconds,
    signal,
  );
  if (!finished) throw new AppError('timeout', TRY_AGAIN);
  return await getCheckSession(ctx, checkSessionId);
}
