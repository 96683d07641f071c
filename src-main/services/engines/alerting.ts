import type { EventBus, ResultRecordedEvent } from '../../core/events';
import { crashAfterResultCommitIfAsked } from '../../core/test-hooks';
import type { ServiceDeps } from '../context';
import { catchUpAlertingInSlices, HELD_SWEEP_INTERVAL_MS, judgeCheck, releaseHeldAlerts, type JudgedSession } from '../alerts';
import { createDispatcher, type Dispatcher, type DispatcherOptions } from './dispatcher';
import { inBackground } from '../../core/background';

export interface Alerting {
  dispatcher: Dispatcher;
  caughtUp: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Boot starts it before the scheduler: first judges the sessions a previous process finished but
 * never judged, then every FINAL result as it is recorded, and delivers the notification outbox.
 */
export function startAlerting(deps: ServiceDeps, events: EventBus, options: DispatcherOptions = {}): Alerting {
  const dispatcher = createDispatcher(deps, options);
  let stopped = false;
  const catchingUp = catchUpAlertingInSlices(deps, () => stopped).then(
    (caughtUp) => {
      if (caughtUp.length > 0) deps.logger.info({ sessions: caughtUp.length }, 'alerting judged sessions left unjudged by the previous run');
      if (caughtUp.some((j) => j.outcome.notificationIds.length > 0)) deps.runtime.dispatch?.kick();
    },
    (error: unknown) => deps.logger.error({ err: error }, 'alerting could not catch up'),
  );
  const unsubscribe = events.on('resultRecorded', async (event) => {
    crashAfterResultCommitIfAsked();
    try {
      await onResultRecorded(deps, event);
    } catch (error) {
      deps.logger.error({ err: error, checkId: event.checkId, checkResultId: event.checkResultId }, 'alerting could not judge a result');
    }
  });
  dispatcher.start().catch((error: unknown) => deps.logger.error({ err: error }, 'the notification dispatcher could not start'));
  // Alerts held for a dependency's verdict are released by that verdict; this catches timeouts.
  const sweep = setInterval(() => inBackground(deps.logger, 'held alerts could not be swept', () => sweepHeldAlerts(deps)), HELD_SWEEP_INTERVAL_MS);
  sweep.unref();
  return {
    dispatcher,
    /** Resolves once the start-up catch-up has judged every check (tests wait for it). */
    caughtUp: catchingUp,
    async stop() {
      stopped = true;
      clearInterval(sweep);
      await catchingUp;
      unsubscribe();
      await dispatcher.stop();
    },
  };
}

/**
 * A FINAL result was stored. A run is judged once its session has finished (all its locations have
 * their FINAL result), from what was stored, together with any earlier finished session of the
 * check that was missed. An event for a session already judged (a replay) changes nothing.
 */
export async function onResultRecorded(deps: ServiceDeps, event: ResultRecordedEvent): Promise<JudgedSession[]> {
  if (event.judgedAtWrite) {
    // A fresh passing verdict: a dependent's alert held for it may be settled now.
    await releaseHeldAlerts(deps);
    return [];
  }
  const judged = await judgeCheck(deps, event.accountId, event.checkId, event.checkType);
  if (judged.length > 0) await releaseHeldAlerts(deps);
  if (judged.some((j) => j.outcome.notificationIds.length > 0)) deps.runtime.dispatch?.kick();
  return judged;
}

async function sweepHeldAlerts(deps: ServiceDeps): Promise<void> {
  try {
    await releaseHeldAlerts(deps);
  } catch (error) {
    deps.logger.error({ err: error }, 'alerting could not settle alerts held for dependencies');
  }
}
