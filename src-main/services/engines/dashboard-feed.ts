import { EventEmitter, on } from 'node:events';
import { performance } from 'node:perf_hooks';
import type { ServiceContext } from '../context';
import type { Runtime } from '../runtime';
import { StreakCache } from '../checks';
import { computeDashboardSummary, type DashboardSummary } from '../dashboard';
import { inBackground } from '../../core/background';

/** Subscribers get at most one summary per tick, however many results arrive. */
export const DASHBOARD_TICK_MS = 1_000;
/**
 * Without a run event (a notification delivered, an incident edited, a monitor paused) the summary
 * is recomputed this often while someone watches, and sent only when it changed.
 */
export const DASHBOARD_IDLE_REFRESH_MS = 3_000;

type Listener = (summary: DashboardSummary) => void;

interface Computed {
  summary: DashboardSummary;
  /** The summary without its time, to tell whether anything changed. */
  fingerprint: string;
  at: number;
}

/**
 * One account's live summary: computed once per tick and shared by every subscriber (and by the
 * query while anyone subscribes). A session or result event of the account marks it stale; ticks
 * run only while someone listens.
 */
class AccountFeed {
  private readonly listeners = new Map<Listener, string | null>();
  private latest: Computed | null = null;
  private stale = true;
  private timer: NodeJS.Timeout | null = null;
  private offEvents: (() => void)[] = [];
  constructor(
    private readonly ctx: ServiceContext,
    private readonly onIdle: () => void,
  ) {}

  get watched(): boolean {
    return this.listeners.size > 0;
  }

  /** The summary as of at most one tick ago. */
  async current(): Promise<DashboardSummary> {
    if (this.latest && !this.stale && performance.now() - this.latest.at < DASHBOARD_TICK_MS) return this.latest.summary;
    return (await this.refresh()).summary;
  }

  /** Sends the current summary at once, then each changed one; returns the unsubscribe. */
  async subscribe(listener: Listener): Promise<() => void> {
    const first = await this.current();
    if (this.listeners.size === 0) this.start();
    this.listeners.set(listener, this.latest?.fingerprint ?? null);
    listener(first);
    return () => {
      if (!this.listeners.delete(listener) || this.listeners.size > 0) return;
      this.stop();
      this.onIdle();
    };
  }

  private async refresh(): Promise<Computed> {
    this.stale = false;
    const summary = await computeDashboardSummary(this.ctx, streaksOf(this.ctx));
    this.latest = { summary, fingerprint: JSON.stringify({ ...summary, generatedAt: 0 }), at: performance.now() };
    return this.latest;
  }

  private async tick(): Promise<void> {
    try {
      if (!this.latest || this.stale || performance.now() - this.latest.at >= DASHBOARD_IDLE_REFRESH_MS) await this.refresh();
    } catch (error) {
      this.ctx.logger.error({ err: error, accountId: this.ctx.accountId }, 'the dashboard summary could not be computed');
      return;
    }
    const latest = this.latest;
    if (!latest) return;
    for (const [listener, sent] of this.listeners) {
      if (sent === latest.fingerprint) continue;
      this.listeners.set(listener, latest.fingerprint);
      listener(latest.summary);
    }
  }

  private start(): void {
    const events = this.ctx.runtime.events;
    const mark = (event: { accountId: string }) => {
      if (event.accountId === this.ctx.accountId) this.stale = true;
    };
    // The feed's events: those of the other servers of a team too (a run the leader made shows on a standby's console).
    this.offEvents = [events.onFeed('sessionUpdated', mark), events.onFeed('resultRecorded', mark)];
    this.timer = setInterval(() => inBackground(this.ctx.logger, 'the dashboard feed could not update', () => this.tick()), DASHBOARD_TICK_MS);
    this.timer.unref();
  }

  private stop(): void {
    for (const off of this.offEvents) off();
    this.offEvents = [];
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

const feeds = new WeakMap<Runtime, Map<string, AccountFeed>>();
/**
 * Since when each listed problem has failed, per account, kept across page loads and shared by the
 * query and the feed: the cache checks itself against newer runs, and working out 50 streaks afresh
 * is most of what a summary costs.
 */
const streakCaches = new WeakMap<Runtime, Map<string, StreakCache>>();

function streaksOf(ctx: ServiceContext): StreakCache {
  let byAccount = streakCaches.get(ctx.runtime);
  if (!byAccount) {
    byAccount = new Map();
    streakCaches.set(ctx.runtime, byAccount);
  }
  let cache = byAccount.get(ctx.accountId);
  if (!cache) {
    cache = new StreakCache();
    byAccount.set(ctx.accountId, cache);
  }
  return cache;
}

function feedOf(ctx: ServiceContext): AccountFeed {
  let byAccount = feeds.get(ctx.runtime);
  if (!byAccount) {
    byAccount = new Map();
    feeds.set(ctx.runtime, byAccount);
  }
  const accounts = byAccount;
  let feed = accounts.get(ctx.accountId);
  if (!feed) {
    feed = new AccountFeed(ctx, () => accounts.delete(ctx.accountId));
    accounts.set(ctx.accountId, feed);
  }
  return feed;
}

/** The Dashboard's summary; shares the live feed's computation while someone watches. */
export async function dashboardSummary(ctx: ServiceContext): Promise<DashboardSummary> {
  const feed = feeds.get(ctx.runtime)?.get(ctx.accountId);
  return feed?.watched ? await feed.current() : await computeDashboardSummary(ctx, streaksOf(ctx));
}

/** The summary now, then again whenever it changed (at most once a second), until the signal aborts. */
export async function* watchDashboard(ctx: ServiceContext, signal: AbortSignal | undefined): AsyncGenerator<DashboardSummary> {
  const relay = new EventEmitter();
  // Listening before subscribing: the feed sends the first summary synchronously.
  const updates = on(relay, 'summary', { signal });
  const unsubscribe = await feedOf(ctx).subscribe((summary) => relay.emit('summary', summary));
  try {
    for await (const [summary] of updates) yield summary as DashboardSummary;
  } catch (error) {
    if (!(error instanceof Error && error.name === 'AbortError')) throw error;
  } finally {
    unsubscribe();
  }
}
