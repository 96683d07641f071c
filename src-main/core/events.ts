import { EventEmitter } from 'node:events';
import type { SessionStatus } from '../../src-shared/rules/session-status';

/** A session changed status (emitted after the change is committed). */
export interface SessionUpdatedEvent {
  accountId: string;
  checkId: string;
  checkSessionId: string;
  status: SessionStatus;
  finished: boolean;
}

/**
 * A FINAL result was stored (after commit): the alerting side consumes this. ATTEMPT results do
 * not emit; a check is only failing once its retries are used up.
 */
export interface ResultRecordedEvent {
  accountId: string;
  checkId: string;
  checkName: string;
  checkType: string;
  checkSessionId: string;
  checkResultId: string;
  runSource: string;
  runLocation: string;
  resultType: 'FINAL';
  hasFailures: boolean;
  hasErrors: boolean;
  isDegraded: boolean;
  isCancelled: boolean;
  timedOut: boolean;
  /** Milliseconds; null when the check never ran (dropped, cancelled). */
  responseTime: number | null;
  /** ISO date-times. */
  startedAt: string;
  stoppedAt: string;
  /** 1 + the number of failed attempts before this one. */
  attempts: number;
  /** Why there was no run ('SKIPPED', 'CANCELLED', ...), else null. */
  reason: string | null;
  /** The error message of the run, if any. */
  errorMessage: string | null;
  /**
   * Alerting already judged this result in the transaction that stored it (a passing run of a check
   * whose alert state is clear and has nothing older to judge): only what follows a verdict is left.
   */
  judgedAtWrite?: true;
}

/** An alert was raised for a check that is not muted (emitted after its commit): the desktop app's notifications follow it. */
export interface AlertRaisedEvent {
  accountId: string;
  checkAlertId: string;
  checkId: string;
  checkName: string;
  alertType: string;
  errorMessage: string | null;
  /** ISO 8601: when the alert was decided. */
  occurredAt: string;
}

export interface BackendEvents {
  sessionUpdated: SessionUpdatedEvent;
  resultRecorded: ResultRecordedEvent;
  alertRaised: AlertRaisedEvent;
}

/** In-process, synchronous event bus; listeners must not throw (a throwing listener is logged by the caller). */
export class EventBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    // Many long-polls and subscriptions may listen at once.
    this.emitter.setMaxListeners(0);
  }

  on<K extends keyof BackendEvents>(name: K, listener: (event: BackendEvents[K]) => unknown): () => void {
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }

  /**
   * Calls every listener in turn; resolves once the asynchronous ones have ended too (alerting judges
   * a result before its session's update goes out, as when judging was synchronous). Never rejects:
   * an asynchronous listener handles its own failures.
   */
  async emit<K extends keyof BackendEvents>(name: K, event: BackendEvents[K]): Promise<void> {
    const pending: Promise<unknown>[] = [];
    for (const listener of this.emitter.listeners(name) as ((event: BackendEvents[K]) => unknown)[]) {
      const result = listener(event);
      if (result instanceof Promise) pending.push(result);
    }
    if (pending.length > 0) await Promise.allSettled(pending);
  }

  listenerCount(name: keyof BackendEvents): number {
    return this.emitter.listenerCount(name);
  }
}
