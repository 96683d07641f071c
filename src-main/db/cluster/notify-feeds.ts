import type { EventBus, FeedEvents } from '../../core/events';
import type { Logger } from '../../core/logger';
import { PgNotifyBridge } from './notify-pg';

/** What the bridge needs of the agents' long-poll signals (services/job-signals.ts). */
export interface WakeSignals {
  relayTo(relay: ((locationId: string) => void) | null): void;
  wake(locationId: string): void;
  wakeAll(): void;
}

const FEED_KINDS: readonly (keyof FeedEvents)[] = ['sessionUpdated', 'resultRecorded', 'runFeedMessage', 'testRunCancelled'];
const JOB_QUEUED = 'jobQueued';

export interface LiveFeeds {
  bridge: PgNotifyBridge;
  stop(): Promise<void>;
}

/**
 * Team mode's live feeds across servers: this server's feed events (sessions, results, the CLI's
 * run messages) and job wake-ups go to the others through LISTEN/NOTIFY, and theirs come in as
 * remote feed events (EventBus.deliverRemote: the feeds hear them, alerting cannot) and wake-ups of
 * this server's long-polls. Every message is sent after the commit it tells of: the bus emits after
 * commit, and the job signals are notified after the job's insert returned.
 */
export function startLiveFeeds(options: { connectionString: string; nodeId: string; logger?: Logger }, events: EventBus, signals: WakeSignals): LiveFeeds {
  const bridge = new PgNotifyBridge(options);
  for (const kind of FEED_KINDS) bridge.on(kind, (event) => events.deliverRemote(kind, event as FeedEvents[typeof kind]));
  bridge.on(JOB_QUEUED, (locationId) => {
    if (typeof locationId === 'string') signals.wake(locationId);
  });
  // A job another server queued while the connection was down: the long-polls look at the queue again.
  bridge.onResync(() => signals.wakeAll());
  events.relayTo((name, event) => bridge.send(name, event));
  signals.relayTo((locationId) => bridge.send(JOB_QUEUED, locationId));
  bridge.start();
  return {
    bridge,
    async stop() {
      events.relayTo(null);
      signals.relayTo(null);
      await bridge.stop();
    },
  };
}
