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

/** One message of a run the CLI follows over MQTT (`checkly trigger`, `checkly test`): every server's broker publishes it. */
export interface RunFeedMessage {
  topic: string;
  /** The JSON body. */
  message: unknown;
}

/**
 * What the live feeds follow (console subscriptions, the CLI's MQTT feed): the sessions and results
 * committed by ANY server of the cluster, and the run feed's messages. A feed only shows; nothing
 * that decides (alerting) listens here.
 */
export interface FeedEvents {
  sessionUpdated: SessionUpdatedEvent;
  resultRecorded: ResultRecordedEvent;
  runFeedMessage: RunFeedMessage;
  /** Ctrl-C of `checkly test` (POST /v1/test-sessions/{id}/cancel): whichever server runs it stops it. */
  testRunCancelled: TestRunCancelledEvent;
}

export interface TestRunCancelledEvent {
  accountId: string;
  /** Lower case. */
  testSessionId: string;
}

/** Carries this server's feed events to the other servers of the cluster (team mode: db/cluster/notify-feeds.ts, over LISTEN/NOTIFY). */
export type FeedRelay = <K extends keyof FeedEvents>(name: K, event: FeedEvents[K]) => void;

const FEED_OF_BACKEND: ReadonlySet<string> = new Set<keyof FeedEvents & keyof BackendEvents>(['sessionUpdated', 'resultRecorded']);

/**
 * In-process, synchronous event bus; listeners must not throw (a throwing listener is logged by the caller).
 *
 * Two kinds of listener. `on` hears what THIS process committed, only: alerting judges
 * `resultRecorded` there, and a result stored by another server of the cluster was judged by that
 * server. `onFeed` hears the same events plus those of the other servers (`deliverRemote`, called by
 * the cluster's relay alone) and the run feed's messages. A remote event reaches no `on` listener:
 * there is no path from `deliverRemote` to them, so no remote result can be judged twice.
 */
export class EventBus {
  private readonly emitter = new EventEmitter();
  private readonly feed = new EventEmitter();
  private relay: FeedRelay | null = null;

  constructor() {
    // Many long-polls and subscriptions may listen at once.
    this.emitter.setMaxListeners(0);
    this.feed.setMaxListeners(0);
  }

  on<K extends keyof BackendEvents>(name: K, listener: (event: BackendEvents[K]) => unknown): () => void {
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }

  /** Hears this server's events and, in team mode, those of the other servers (live feeds only). */
  onFeed<K extends keyof FeedEvents>(name: K, listener: (event: FeedEvents[K]) => void): () => void {
    this.feed.on(name, listener);
    return () => this.feed.off(name, listener);
  }

  /**
   * Calls every listener in turn; resolves once the asynchronous ones have ended too (alerting judges
   * a result before its session's update goes out, as when judging was synchronous). Never rejects:
   * an asynchronous listener handles its own failures. The feeds hear it after that (a result goes
   * out with its verdict committed), here and on the other servers.
   */
  async emit<K extends keyof BackendEvents>(name: K, event: BackendEvents[K]): Promise<void> {
    const pending: Promise<unknown>[] = [];
    for (const listener of this.emitter.listeners(name) as ((event: BackendEvents[K]) => unknown)[]) {
      const result = listener(event);
      if (result instanceof Promise) pending.push(result);
    }
    if (pending.length > 0) await Promise.allSettled(pending);
    if (FEED_OF_BACKEND.has(name)) this.share(name as keyof FeedEvents, event as FeedEvents[keyof FeedEvents]);
  }

  /** A feed event of this server: its feed listeners, then the other servers. */
  share<K extends keyof FeedEvents>(name: K, event: FeedEvents[K]): void {
    this.feed.emit(name, event);
    this.relay?.(name, event);
  }

  /** A feed event another server of the cluster shared: the feed listeners only (never `on`'s). */
  deliverRemote<K extends keyof FeedEvents>(name: K, event: FeedEvents[K]): void {
    this.feed.emit(name, event);
  }

  /** Where this server's feed events go besides its own listeners (null: nowhere, a lone server). */
  relayTo(relay: FeedRelay | null): void {
    this.relay = relay;
  }

  /** Who would hear an emit of `name`: its listeners, the feeds' and the other servers (counted as one). */
  listenerCount(name: keyof BackendEvents): number {
    const feed = FEED_OF_BACKEND.has(name) ? this.feed.listenerCount(name) + (this.relay ? 1 : 0) : 0;
    return this.emitter.listenerCount(name) + feed;
  }
}
