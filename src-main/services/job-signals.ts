export const DEFAULT_LEASE_GRACE_MS = 30_000;
export const DEFAULT_HEARTBEAT_INTERVAL_MS = 10_000;
export const MAX_LEASE_WAIT_SECONDS = 30;

export interface AgentJobSettings {
  /** A lease lasts the job's time limit plus this, renewed by every heartbeat of its agent. */
  leaseGraceMs: number;
  /** Fixed lease length instead (tests use a short one). */
  leaseMs: number | null;
  heartbeatIntervalMs: number;
  /**
   * An agent the server has not heard from (no lease request, heartbeat or outcome) for this long is
   * unreachable: one notice, and its location's runs are recorded as not run because of it. Null:
   * three heartbeat intervals.
   */
  unreachableAfterMs?: number | null;
}

/** How long an agent may be silent before it counts as unreachable. */
export function unreachableAfterMsOf(settings: AgentJobSettings): number {
  return settings.unreachableAfterMs ?? 3 * settings.heartbeatIntervalMs;
}

/**
 * Wakes long-polling lease requests when a job for their location arrives. In team mode an agent may
 * long-poll another server than the one that queued its job: `notify` also tells the other servers
 * (the relay), whose `wake` wakes their own waiters only.
 */
export class JobSignals {
  private readonly waiters = new Map<string, Set<() => void>>();
  private relay: ((locationId: string) => void) | null = null;
  closed = false;

  /** Lease requests of the location now waiting. */
  waiting(locationId: string): number {
    return this.waiters.get(locationId)?.size ?? 0;
  }

  /** A job of the location was queued (or went back to the queue) and committed: its agents here and on the other servers look. */
  notify(locationId: string): void {
    this.wake(locationId);
    this.relay?.(locationId);
  }

  /** Where notify() also goes (team mode: the other servers); null: nowhere. */
  relayTo(relay: ((locationId: string) => void) | null): void {
    this.relay = relay;
  }

  /** Wakes this server's waiting lease requests of the location (another server queued the job). */
  wake(locationId: string): void {
    const set = this.waiters.get(locationId);
    if (!set) return;
    this.waiters.delete(locationId);
    for (const wake of set) wake();
  }

  /** Resolves on a notify for the location, after ms, on abort, or when closed. */
  wait(locationId: string, ms: number, signal?: AbortSignal): Promise<void> {
    if (this.closed || signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const set = this.waiters.get(locationId) ?? new Set<() => void>();
      this.waiters.set(locationId, set);
      const done = () => {
        clearTimeout(timer);
        set.delete(done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener('abort', done, { once: true });
      set.add(done);
    });
  }

  /**
   * Wakes every waiting lease request to look at the queue again (the relay from the other servers
   * was cut and is back: a job queued meanwhile would otherwise wait for the long-poll's end).
   */
  wakeAll(): void {
    const sets = [...this.waiters.values()];
    this.waiters.clear();
    for (const set of sets) for (const wake of [...set]) wake();
  }

  /** Releases every waiter now (shutdown) and makes later waits return at once. */
  close(): void {
    this.closed = true;
    for (const set of this.waiters.values()) for (const wake of [...set]) wake();
    this.waiters.clear();
  }
}
