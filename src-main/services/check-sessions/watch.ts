import { on } from 'node:events';
import { EventEmitter } from 'node:events';
import type { SessionUpdatedEvent } from '../../core/events';
import type { ServiceContext } from '../context';

/** Session status changes of the account, as they happen, until the signal aborts (console live updates). */
export async function* watchCheckSessions(ctx: ServiceContext, signal: AbortSignal | undefined, checkId?: string): AsyncGenerator<SessionUpdatedEvent> {
  const relay = new EventEmitter();
  const off = ctx.runtime.events.on('sessionUpdated', (event) => {
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
