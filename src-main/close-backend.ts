import type { FastifyInstance } from 'fastify';
import type { DbHandle } from './db/connection';
import type { RunSystem } from './scheduler/run-system';
import type { RemoteBroker } from './scheduler/remote-broker';
import type { Alerting, HeartbeatJudge, Retention, SubscriberMailer } from './services/engines';
import type { Runtime } from './services/runtime';
import type { WarmRuntime } from './runner/warm/warm-runtime';

export interface ClosingParts {
  runtime: Runtime;
  runs: RunSystem;
  broker: RemoteBroker;
  app: FastifyInstance;
  alerting: Alerting;
  /** Stopped after HTTP (pings in flight are stored) and before alerting (which judges what it stored). */
  heartbeats: HeartbeatJudge;
  subscriberMail: SubscriberMailer;
  retention: Retention;
  db: DbHandle;
  /** The warm multi-step runtime, stopped once the runs it carried have drained. */
  warm: WarmRuntime | null;
}

/** After the drain, requests still open get this long to finish before their connections are dropped. */
const HTTP_GRACE_MS = 1_000;

/**
 * Closes the backend in the order that keeps it from doing anything new: no run starts after the
 * first line, live feeds and long-polls end at once instead of holding the HTTP server open, running
 * checks get the drain timeout, and only then do HTTP and the database close. `step` names what it
 * is waiting for, for the message of a shutdown that overruns.
 */
export async function closeBackend(parts: ClosingParts, drainTimeoutMs: number, step: (what: string) => void): Promise<void> {
  step('stopping the scheduler');
  parts.runs.scheduler.stop();
  // Triggers answer 503 and long-polls end with a 503 (services read this signal).
  parts.runtime.shutdown.abort();
  parts.broker.stop();
  // Synchronously first: the embedded agent takes no new job; then running ones finish or are stopped.
  const draining = parts.runs.stop(drainTimeoutMs);
  // Stops accepting connections; its preClose hooks drop SSE streams and MQTT clients and end agent long-polls.
  const httpClosed = Promise.resolve(parts.app.close());
  // Awaited after the drain; a failure meanwhile must not count as unhandled.
  httpClosed.catch(() => undefined);
  step('draining running checks');
  await draining;
  parts.warm?.close();
  step('closing HTTP connections');
  await within(httpClosed, HTTP_GRACE_MS, () => parts.app.server.closeAllConnections());
  // After HTTP, as when the public pages' plugin owned it: a request that queued mail has finished.
  step('stopping the heartbeat judge');
  await parts.heartbeats.stop();
  step('stopping subscriber mail');
  await parts.subscriberMail.stop();
  step('stopping alerting');
  await parts.alerting.stop();
  step('stopping retention');
  await parts.retention.stop();
  step('closing the database');
  await parts.db.shutdown();
  step('closed');
}

/** Waits for `closing`; past `graceMs`, calls `force` and waits for `closing` again. */
async function within(closing: Promise<unknown>, graceMs: number, force: () => void): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const overdue = new Promise<'overdue'>((resolve) => {
    timer = setTimeout(() => resolve('overdue'), graceMs);
  });
  let first: unknown;
  try {
    first = await Promise.race([closing, overdue]);
  } finally {
    clearTimeout(timer);
  }
  if (first !== 'overdue') return;
  force();
  await closing;
}
