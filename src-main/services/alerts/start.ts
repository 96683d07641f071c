import type { EventBus } from '../../core/events';
import type { ServiceDeps } from '../context';
import { createDispatcher, type Dispatcher, type DispatcherOptions } from '../notifications/dispatcher';
import { onResultRecorded } from './on-result';

export interface Alerting {
  dispatcher: Dispatcher;
  stop(): Promise<void>;
}

/** Judges every FINAL result as it is recorded and delivers the notification outbox; boot starts it. */
export function startAlerting(deps: ServiceDeps, events: EventBus, options: DispatcherOptions = {}): Alerting {
  const dispatcher = createDispatcher(deps, options);
  const unsubscribe = events.on('resultRecorded', (event) => {
    try {
      onResultRecorded(deps, event);
    } catch (error) {
      deps.logger.error({ err: error, checkId: event.checkId, checkResultId: event.checkResultId }, 'alerting could not judge a result');
    }
  });
  dispatcher.start();
  return {
    dispatcher,
    async stop() {
      unsubscribe();
      await dispatcher.stop();
    },
  };
}
