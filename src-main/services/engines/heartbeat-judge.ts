import type { ClockEvent, ClockWatch } from '../../core/clock-watch';
import { afterMaintenance, afterOwnGap, onDeadline, onPing, type HeartbeatClock, type HeartbeatTiming, type PingKind, type Verdict } from '../../../src-shared/rules/heartbeat';
import type { ClusterNodeView } from '../../../src-shared/rules/cluster';
import { checksChangeBetween, checksChangeMarker, type ChangeMarker } from '../check-sessions';
import type { ServiceDeps } from '../context';
import { heartbeatsShared, loadHeartbeats, pingTokenHash, recordHeartbeats, sameToken, type HeartbeatEntry, type HeartbeatRecord, type HeartbeatStateWrite, type PingFacts } from '../heartbeats';
import { loadMaintenanceCalendar } from '../maintenance-windows';
import type { HeartbeatControl, HeartbeatLiveView, PingAnswer } from '../runtime';
import { inBackground } from '../../core/background';

/**
 * The server's heartbeat judge (issue 34 item 1). Every heartbeat is in memory, indexed by the hash
 * of its token, with one sorted queue of deadlines and one timer for the earliest: a ping is a map
 * lookup, a state change and a row in the next write batch; 50,000 heartbeats cost no timers.
 * Results are written in batches (one transaction per batch, like the run coordinator's) and a ping
 * is answered once its batch committed, so an answered ping is stored.
 *
 * Team mode (several servers on one PostgreSQL, issue 35): every server takes pings (a load
 * balancer sends a job's ping to any of them) and stores each before answering it, but only the
 * leader judges deadlines. Every write is decided again in its transaction from the stored state,
 * locked (services/heartbeats/record.ts): a ping's verdict from the last ping any server stored, a
 * deadline's failure only if the stored state is still the one that missed it. Memory is a cache
 * there: the new leader reads the stored states when it takes the lead.
 */

export interface HeartbeatJudgeOptions {
  /** How often it looks for created, changed and deleted heartbeats (default 1000 ms). */
  pollMs?: number;
  /** Pings per token per minute before 429 (default 60: a heartbeat's shortest period is 30 s). */
  pingsPerTokenPerMinute?: number;
  /** Pings to unknown tokens per source address per minute before 429 (default 30). */
  unknownPerAddressPerMinute?: number;
  /** Longest a ping waits for its batch to be written (default 10 ms); a batch also goes at 500 results. */
  batchDelayMs?: number;
  /** Sightline's suspensions and clock steps (the server's ClockWatch). */
  watch?: ClockWatch | null;
  /**
   * Other servers write the same heartbeats (team mode); default: the database is shared
   * (PostgreSQL). Then deadlines are judged only while `lease` answers that this server leads,
   * after `lead()`.
   */
  team?: boolean;
  /** The cluster's lease (boot's): who leads, and which servers ran when (a deadline missed while none ran is Sightline's own gap). */
  lease?: HeartbeatLease;
}

/** What the judge asks of the cluster's lease (db/cluster). */
export interface HeartbeatLease {
  isLeader(): boolean;
  nodes(): Promise<ClusterNodeView[]>;
}

/** What a heartbeat looked like in memory before it was loaded again: a change of these moves its deadline. */
interface PreviousEntry {
  clock: HeartbeatClock;
  activated: boolean;
  timing: HeartbeatTiming;
}

/**
 * What taking a loaded heartbeat in does to its state: the clock it then has, and whether that clock
 * must be written. `ownGap` answers whether a deadline that already passed fell in Sightline's own
 * downtime (it then gets one new period instead of failing).
 */
function adoptedClock(entry: HeartbeatEntry, previous: PreviousEntry | null, stored: HeartbeatClock | null, now: number, ownGap: (deadlineAt: number) => boolean): { clock: HeartbeatClock; write: boolean } {
  const due = (from: number) => from + entry.timing.periodMs + entry.timing.graceMs;
  let clock: HeartbeatClock;
  let write = false;
  if (previous) {
    clock = previous.clock;
    const timingChanged = previous.timing.periodMs !== entry.timing.periodMs || previous.timing.graceMs !== entry.timing.graceMs;
    if (!entry.activated) {
      write = clock.deadlineAt !== null;
      clock = { ...clock, deadlineAt: null };
    } else if (!previous.activated) {
      // Activated again: a new period from now.
      clock = { ...clock, deadlineAt: due(now) };
      write = true;
    } else if (timingChanged && clock.deadlineAt !== null) {
      // A new period or grace counts from the last ping (a deadline already past fails at once).
      clock = { ...clock, deadlineAt: Math.max(now, due(clock.runStartedAt ?? clock.lastPingAt ?? entry.createdAt)) };
      write = true;
    }
  } else if (stored) {
    clock = stored;
    if (!entry.activated && clock.deadlineAt !== null) {
      clock = { ...clock, deadlineAt: null };
      write = true;
    } else if (entry.activated && clock.deadlineAt === null && !clock.failing) {
      clock = { ...clock, deadlineAt: due(now) };
      write = true;
    } else if (clock.deadlineAt !== null && clock.deadlineAt <= now && ownGap(clock.deadlineAt)) {
      clock = afterOwnGap(clock, entry.timing, now, 'Sightline was not running');
      write = true;
    }
  } else {
    // Never seen: its first period counts from its creation (a heartbeat that never pings fails).
    const created = Number.isFinite(entry.createdAt) ? Math.min(entry.createdAt, now) : now;
    clock = { lastPingAt: null, runStartedAt: null, deadlineAt: entry.activated ? Math.max(due(created), now + 1_000) : null, failing: false, note: null };
    write = true;
  }
  return { clock, write };
}

/** Whether a stored state is still the one a decision was made on (no ping, judgement or move since). */
function sameDeadline(stored: HeartbeatClock, seen: HeartbeatClock): boolean {
  return stored.deadlineAt === seen.deadlineAt && stored.lastPingAt === seen.lastPingAt && stored.runStartedAt === seen.runStartedAt && stored.failing === seen.failing;
}

const NEVER = () => false;
const ALWAYS = () => true;

interface Live extends HeartbeatEntry {
  clock: HeartbeatClock;
  /** Bumped whenever the deadline changes: queue items of an older version are stale. */
  version: number;
}

interface QueueItem {
  at: number;
  checkNum: number;
  version: number;
}

/**
 * A heartbeat's live entry, every field written in one literal in one order. Made with a spread
 * (`{ ...entry, clock, version }`) each of 10,000 heartbeats had a hidden class of its own (heap
 * snapshot: 9,983 maps and descriptor arrays, ~450 bytes each), and every read of an entry went
 * through a megamorphic lookup. The account's id is one string for all of its heartbeats, and no
 * tags one array, not one of each per heartbeat.
 */
const NO_TAGS = Object.freeze([]) as unknown as string[];

function liveOf(entry: HeartbeatEntry, clock: HeartbeatClock, version: number, accountId: string): Live {
  return {
    checkId: entry.checkId,
    accountId,
    checkNum: entry.checkNum,
    name: entry.name,
    tags: entry.tags.length === 0 ? NO_TAGS : entry.tags,
    groupId: entry.groupId,
    activated: entry.activated,
    timing: entry.timing,
    token: entry.token,
    tokenHash: entry.tokenHash,
    // Read once, when the entry is taken in: `clock` is the state from then on.
    stored: null,
    createdAt: entry.createdAt,
    clock,
    version,
  };
}

/** A binary min-heap of deadlines; stale items are skipped when they surface (lazy deletion). */
class DeadlineQueue {
  private readonly items: QueueItem[] = [];

  get size(): number {
    return this.items.length;
  }

  peek(): QueueItem | undefined {
    return this.items[0];
  }

  push(item: QueueItem): void {
    const a = this.items;
    a.push(item);
    let i = a.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((a[parent] as QueueItem).at <= item.at) break;
      a[i] = a[parent] as QueueItem;
      i = parent;
    }
    a[i] = item;
  }

  pop(): QueueItem | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length === 0 || !last) return top;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= a.length) break;
      const r = l + 1;
      const child = r < a.length && (a[r] as QueueItem).at < (a[l] as QueueItem).at ? r : l;
      if ((a[child] as QueueItem).at >= last.at) break;
      a[i] = a[child] as QueueItem;
      i = child;
    }
    a[i] = last;
    return top;
  }

  clear(): void {
    this.items.length = 0;
  }
}

/** A token bucket per key: `max` a minute, refilled steadily (no burst at a minute's turn); idle keys are dropped. */
class MinuteCounter {
  private buckets = new Map<string, { tokens: number; at: number }>();
  private sweptAt = 0;

  private bucket(key: string, max: number, now: number): { tokens: number; at: number } {
    if (now - this.sweptAt > 60_000) {
      // A bucket idle for a minute is full again: forgetting it changes nothing.
      for (const [k, b] of this.buckets) if (now - b.at > 60_000) this.buckets.delete(k);
      this.sweptAt = now;
    }
    const found = this.buckets.get(key);
    if (!found) return { tokens: max, at: now };
    return { tokens: Math.min(max, found.tokens + ((now - found.at) * max) / 60_000), at: now };
  }

  /** Counts one for `key`; answers whether it is still within `max` a minute (and else the seconds to wait). */
  take(key: string, max: number, now: number): { ok: true } | { ok: false; retryAfterSeconds: number } {
    const b = this.bucket(key, max, now);
    if (b.tokens >= 1) {
      this.buckets.set(key, { tokens: b.tokens - 1, at: now });
      return { ok: true };
    }
    this.buckets.set(key, b);
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(((1 - b.tokens) * 60) / max)) };
  }

  over(key: string, max: number, now: number): boolean {
    return this.bucket(key, max, now).tokens < 1;
  }
}

interface Pending {
  record: HeartbeatRecord | null;
  state: HeartbeatStateWrite | null;
  done?: (stored: boolean) => void;
}

const MAX_TIMER_MS = 60_000;
/**
 * Team mode: how long after a deadline the leader judges it. A ping another server took just before
 * the deadline is stored within its batch's delay (10 ms) and one transaction; judged at the
 * deadline itself, the leader could fail a heartbeat pinged in time (on one server the ping moves
 * the deadline in memory at once). Also covers the servers' clocks differing by a little.
 */
const TEAM_SETTLE_MS = 1_000;
const WRITE_RETRIES_MS = [200, 1_000];
/**
 * How long alerting judges stored heartbeat results in one turn of the event loop before pings get a
 * turn. A ping waits for about two turns (its request is read, then its batch is written), so this
 * bounds what a backlog of judging adds to its answer (a full judgement takes 1–2 ms).
 */
const ANNOUNCE_SLICE_MS = 5;

export class HeartbeatJudge implements HeartbeatControl {
  private readonly byHash = new Map<string, Live>();
  private readonly byNum = new Map<number, Live>();
  private readonly byId = new Map<string, Live>();
  private readonly accountIds = new Map<string, string>();
  private readonly queue = new DeadlineQueue();
  private readonly tokenCounts = new MinuteCounter();
  private readonly missCounts = new MinuteCounter();
  private pending: Pending[] = [];
  private flushTimer: NodeJS.Timeout | null = null;
  private deadlineTimer: NodeJS.Timeout | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  private marker: ChangeMarker | null = null;
  private refreshing: Promise<void> | null = null;
  private unwatch: (() => void) | null = null;
  private running = false;
  private pollWaiters: (() => void)[] = [];
  /** Other servers write the same heartbeats: writes are decided from the stored state. */
  private readonly team: boolean;
  /** It keeps the deadline queue (always on one server; in team mode from `lead()` to `standBy()`). */
  private judging: boolean;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly options: HeartbeatJudgeOptions = {},
  ) {
    this.team = options.team ?? heartbeatsShared();
    this.judging = !this.team;
  }

  private settleMs(): number {
    return this.team ? TEAM_SETTLE_MS : 0;
  }

  /** Whether it judges deadlines now: in team mode only on the leader, asked of the lease each time. */
  private leads(): boolean {
    return this.judging && (!this.team || (this.options.lease?.isLeader() ?? true));
  }

  private now(): number {
    return this.deps.clock.now().getTime();
  }

  /** Loads every heartbeat; a deadline that passed while Sightline was not running gets one new period from now. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.marker = await checksChangeMarker(this.deps);
    const ownGap = await this.ownGapAtStart();
    const startedAt = this.now();
    const states: HeartbeatStateWrite[] = [];
    for (const entry of await loadHeartbeats(this.deps)) {
      const write = this.adopt(entry, startedAt, ownGap);
      if (write) states.push(write);
    }
    if (states.length > 0) await this.enqueue({ record: null, state: null }, states);
    this.unwatch = this.options.watch?.onEvent((event) => inBackground(this.deps.logger, 'heartbeats could not follow a clock event', () => this.onClockEvent(event))) ?? null;
    this.pollTimer = setInterval(() => {
      const waiters = this.pollWaiters;
      this.pollWaiters = [];
      void this.refresh().finally(() => {
        for (const resolve of waiters) resolve();
      });
    }, this.options.pollMs ?? 1_000);
    this.pollTimer.unref();
    this.arm();
  }

  /**
   * A deadline that passed while this server was not running fell in Sightline's own downtime unless
   * another server of the team ran then (it took the pings; the leader judges that deadline).
   */
  private async ownGapAtStart(): Promise<(deadlineAt: number) => boolean> {
    const lease = this.options.lease;
    if (!this.team || !lease) return ALWAYS;
    let nodes: ClusterNodeView[];
    try {
      nodes = await lease.nodes();
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'the servers of the team could not be read: deadlines missed while this server was down get a new period');
      return ALWAYS;
    }
    const others = nodes.filter((node) => !node.thisServer);
    return (deadlineAt) => !others.some((node) => node.startedAt <= deadlineAt && (node.heartbeatAt >= deadlineAt || (node.alive && node.role === 'leader')));
  }

  /**
   * Team mode: this server took the lead. It judges deadlines from now on, from the stored states
   * (pings other servers took count; a deadline that passed while no server led is judged now).
   */
  async lead(): Promise<void> {
    if (!this.team || !this.running) return;
    this.judging = true;
    this.queue.clear();
    for (const live of this.byNum.values()) if (live.clock.deadlineAt !== null) this.queue.push({ at: live.clock.deadlineAt, checkNum: live.checkNum, version: live.version });
    this.arm();
    // What this server decided and has not written yet (a new period for its own downtime at start)
    // goes first: read back unwritten, the older stored state would replace it in memory.
    await this.flush();
    const entries = await loadHeartbeats(this.deps);
    if (!this.running || !this.judging) return;
    const now = this.now();
    const states: HeartbeatStateWrite[] = [];
    for (const entry of entries) {
      const live = this.byNum.get(entry.checkNum);
      if (!live) {
        const write = this.adopt(entry, now, NEVER);
        if (write) states.push(write);
      } else if (entry.stored) {
        this.setClock(live, live.activated ? entry.stored : { ...entry.stored, deadlineAt: null });
      }
    }
    if (states.length > 0) await this.enqueue({ record: null, state: null }, states);
    this.arm();
  }

  /** Team mode: another server leads; this one takes pings only. */
  standBy(): void {
    if (!this.team) return;
    this.judging = false;
    this.queue.clear();
    if (this.deadlineTimer) clearTimeout(this.deadlineTimer);
    this.deadlineTimer = null;
  }

  async stop(): Promise<void> {
    this.running = false;
    this.unwatch?.();
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.deadlineTimer) clearTimeout(this.deadlineTimer);
    for (const resolve of this.pollWaiters.splice(0)) resolve();
    await this.refreshing;
    await this.flush();
    await this.announceNow(Number.POSITIVE_INFINITY);
  }

  /** Looks at the deadlines now (after a clock the process does not own moved: tests' manual clocks). */
  async wake(): Promise<void> {
    await this.onDeadlines();
  }

  /** How many heartbeats it judges (the benchmark and /health). */
  get size(): number {
    return this.byNum.size;
  }

  view(checkId: string): HeartbeatLiveView | null {
    const live = this.byId.get(checkId);
    return live ? { ...live.clock, activated: live.activated } : null;
  }

  async ping(token: string, kind: PingKind, facts: PingFacts): Promise<PingAnswer> {
    if (!this.running) return { status: 'unavailable' };
    const now = this.now();
    const hash = pingTokenHash(token);
    let live = this.byHash.get(hash);
    if (!live) {
      // A flood of made-up tokens from one address costs a map lookup each and locks out only that address's misses.
      const max = this.options.unknownPerAddressPerMinute ?? 30;
      // A heartbeat created a moment ago may not be loaded yet: one shared look for changes, then ask again.
      // An address over its budget of misses waits for the next periodic look instead (no extra work for a
      // flood, and a real new token from that address still gets in).
      await (this.missCounts.over(facts.sourceAddress, max, now) ? this.nextPoll() : this.refresh());
      live = this.byHash.get(hash);
      if (!live) {
        const counted = this.missCounts.take(facts.sourceAddress, max, now);
        return counted.ok ? { status: 'unknown' } : this.limited(counted);
      }
    }
    if (!sameToken(live.token, token)) return { status: 'unknown' };
    const allowed = this.tokenCounts.take(live.tokenHash, this.options.pingsPerTokenPerMinute ?? 60, now);
    if (!allowed.ok) return this.limited(allowed);
    const at = this.now();
    const before = live.clock;
    const timing = live.timing;
    const verdict = onPing(before, timing, kind, at);
    this.setClock(live, live.activated ? verdict.next : { ...verdict.next, deadlineAt: null });
    // Team mode: judged from the last ping any server stored (this one's memory holds its own only).
    const decide = this.team ? (stored: HeartbeatClock | null) => onPing(stored ?? before, timing, kind, at) : undefined;
    const stored = await new Promise<boolean>((resolve, reject) => {
      this.enqueue({ record: { check: live, at, verdict, ping: facts, ...(decide ? { decide } : {}) }, state: null, done: resolve }).catch(reject);
    });
    return stored ? { status: 'ok' } : { status: 'unavailable' };
  }

  private limited(result: { ok: true } | { ok: false; retryAfterSeconds: number }): PingAnswer {
    return { status: 'limited', retryAfterSeconds: result.ok ? 60 : result.retryAfterSeconds };
  }

  /** Takes a loaded heartbeat in (new or changed); answers its state's write when one is needed. */
  private adopt(entry: HeartbeatEntry, now: number, ownGap: (deadlineAt: number) => boolean): HeartbeatStateWrite | null {
    const previous = this.byNum.get(entry.checkNum) ?? null;
    const before: PreviousEntry | null = previous ? { clock: previous.clock, activated: previous.activated, timing: previous.timing } : null;
    const { clock, write } = adoptedClock(entry, before, entry.stored, now, ownGap);
    if (previous && previous.tokenHash !== entry.tokenHash) this.byHash.delete(previous.tokenHash);
    const live = liveOf(entry, clock, (previous?.version ?? 0) + 1, this.internAccountId(entry.accountId));
    this.byNum.set(live.checkNum, live);
    this.byId.set(live.checkId, live);
    this.byHash.set(live.tokenHash, live);
    if (clock.deadlineAt !== null && this.judging) this.queue.push({ at: clock.deadlineAt, checkNum: live.checkNum, version: live.version });
    if (!write) return null;
    if (!this.team) return { checkNum: live.checkNum, clock };
    // Team mode: the same change applied to what is stored then (another server may have written since).
    const decide = (stored: HeartbeatClock | null) => {
      const again = before ? adoptedClock(entry, { ...before, clock: stored ?? before.clock }, null, now, ownGap) : adoptedClock(entry, null, stored, now, ownGap);
      return again.write ? again.clock : null;
    };
    return { checkNum: live.checkNum, clock, decide };
  }

  /** One string per account for all of its heartbeats (each row read brings a copy of its own). */
  private internAccountId(accountId: string): string {
    const known = this.accountIds.get(accountId);
    if (known !== undefined) return known;
    this.accountIds.set(accountId, accountId);
    return accountId;
  }

  private setClock(live: Live, clock: HeartbeatClock): void {
    const moved = clock.deadlineAt !== live.clock.deadlineAt;
    live.clock = clock;
    if (!moved) return;
    live.version += 1;
    if (clock.deadlineAt !== null && this.judging) {
      this.queue.push({ at: clock.deadlineAt, checkNum: live.checkNum, version: live.version });
      const head = this.queue.peek();
      if (head && head.checkNum === live.checkNum && head.version === live.version) this.arm();
    }
  }

  private forget(live: Live): void {
    this.byNum.delete(live.checkNum);
    this.lastSessions.delete(live.checkNum);
    this.byId.delete(live.checkId);
    if (this.byHash.get(live.tokenHash) === live) this.byHash.delete(live.tokenHash);
  }

  /** Resolves after the next periodic look for changes (at once when stopped). */
  private nextPoll(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => this.pollWaiters.push(resolve));
  }

  /** Looks for created, changed and deleted heartbeats; concurrent callers share one look. */
  refresh(): Promise<void> {
    if (!this.running) return Promise.resolve();
    this.refreshing ??= Promise.resolve()
      .then(() => this.reload())
      .catch((error: unknown) => this.deps.logger.error({ err: error }, 'the heartbeat judge could not reload heartbeats'))
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  private async reload(): Promise<void> {
    if (!this.marker || !this.running) return;
    const after = await checksChangeMarker(this.deps);
    const change = await checksChangeBetween(this.deps, this.marker, after);
    this.marker = after;
    if (change.kind === 'none') return;
    const now = this.now();
    const loaded = change.kind === 'all' ? await loadHeartbeats(this.deps) : await loadHeartbeats(this.deps, change.checkIds);
    if (change.kind === 'all') {
      const present = new Set(loaded.map((entry) => entry.checkNum));
      for (const live of [...this.byNum.values()]) if (!present.has(live.checkNum)) this.forget(live);
    } else {
      // A named check that is no longer a heartbeat (its type cannot change, but be safe) is dropped.
      const present = new Set(loaded.map((entry) => entry.checkId));
      for (const id of change.checkIds) {
        const live = this.byId.get(id);
        if (live && !present.has(id)) this.forget(live);
      }
    }
    const states: HeartbeatStateWrite[] = [];
    for (const entry of loaded) {
      const write = this.adopt(entry, now, NEVER);
      if (write) states.push(write);
    }
    if (states.length > 0) await this.enqueue({ record: null, state: null }, states);
    this.arm();
  }

  private arm(): void {
    if (!this.running) return;
    if (this.deadlineTimer) clearTimeout(this.deadlineTimer);
    this.deadlineTimer = null;
    if (!this.judging) return;
    const head = this.queue.peek();
    if (!head) return;
    const wait = Math.min(MAX_TIMER_MS, Math.max(0, head.at + this.settleMs() - this.now()));
    this.deadlineTimer = setTimeout(() => inBackground(this.deps.logger, 'heartbeat deadlines could not be judged', () => this.onDeadlines()), wait);
    this.deadlineTimer.unref();
  }

  /** Deadlines that passed: each heartbeat fails once (a run that never finished, or no ping), unless a maintenance window or Sightline's own gap covered it. */
  private async onDeadlines(): Promise<void> {
    this.deadlineTimer = null;
    if (!this.running) return;
    // Team mode: a server that does not lead (or no longer: the lease is asked now) judges nothing.
    // (When the lease lapsed, its 'standby' event follows; a new lead arms the timer again.)
    if (!this.leads()) return;
    // A suspension the timer slept through is seen first: its deadlines get a new period, not a failure.
    this.options.watch?.observe();
    const now = this.now();
    const due: Live[] = [];
    const cutoff = now - this.settleMs();
    for (let head = this.queue.peek(); head && head.at <= cutoff; head = this.queue.peek()) {
      this.queue.pop();
      const live = this.byNum.get(head.checkNum);
      if (!live || live.version !== head.version || !live.activated || live.clock.deadlineAt === null) continue;
      if (live.clock.deadlineAt > cutoff) {
        // Never judged before its deadline: an entry queued earlier than the deadline it now has
        // waits for it (seen once in team mode, right after a takeover: a failure written 22 s early).
        this.deps.logger.warn({ checkId: live.checkId, queuedAt: new Date(head.at).toISOString(), deadlineAt: new Date(live.clock.deadlineAt).toISOString() }, 'a heartbeat deadline was queued before it falls: judged when it does');
        this.queue.push({ at: live.clock.deadlineAt, checkNum: live.checkNum, version: live.version });
        continue;
      }
      due.push(live);
    }
    if (due.length > 0) await this.judgeMissed(due, now);
    this.arm();
  }

  private async judgeMissed(due: readonly Live[], now: number): Promise<void> {
    let calendar: Awaited<ReturnType<typeof loadMaintenanceCalendar>> | null = null;
    try {
      calendar = await loadMaintenanceCalendar(this.deps);
    } catch (error) {
      this.deps.logger.error({ err: error }, 'reading maintenance windows failed; judging every missed heartbeat');
    }
    const states: HeartbeatStateWrite[] = [];
    for (const live of due) {
      const deadlineAt = live.clock.deadlineAt ?? now;
      const open = calendar && !calendar.empty ? calendar.openFor({ accountId: live.accountId, id: live.checkId, tags: live.tags, groupId: live.groupId }, deadlineAt) : null;
      const seen = live.clock;
      if (open) {
        this.setClock(live, afterMaintenance(seen, live.timing, open.name, open.end));
        states.push({ checkNum: live.checkNum, clock: live.clock, ...this.onlyIfStill(seen, (stored) => afterMaintenance(stored, live.timing, open.name, open.end)) });
        continue;
      }
      const verdict = onDeadline(seen);
      this.setClock(live, verdict.next);
      await this.enqueue({ record: { check: live, at: now, verdict, ping: null, ...this.onlyIfStill(seen, (stored) => onDeadline(stored)) }, state: null });
    }
    if (states.length > 0) await this.enqueue({ record: null, state: null }, states);
  }

  /**
   * Team mode: a decision on a missed deadline is written only if the stored state is still the one
   * that missed it (a ping another server stored since moved the deadline: then nothing is written,
   * and the stored state replaces this server's). One server: written as decided.
   */
  private onlyIfStill<T extends Verdict | HeartbeatClock>(seen: HeartbeatClock, decided: (stored: HeartbeatClock) => T): { decide?: (stored: HeartbeatClock | null) => T | null } {
    if (!this.team) return {};
    return { decide: (stored) => (stored === null ? decided(seen) : sameDeadline(stored, seen) ? decided(stored) : null) };
  }

  /** A suspension or a wall-clock step: deadlines inside the gap get one new period from its end. */
  private async onClockEvent(event: ClockEvent): Promise<void> {
    // Team mode: only the leader's own gaps move deadlines (a standby's sleep kept no deadline waiting).
    if (!this.leads()) return;
    const from = Date.parse(event.from);
    const to = Date.parse(event.at);
    if (!Number.isFinite(from) || !Number.isFinite(to) || to <= from) return;
    const why = event.kind === 'suspended' ? 'Sightline was suspended (the machine slept or the process was stopped)' : "Sightline's clock jumped forward";
    const states: HeartbeatStateWrite[] = [];
    for (const live of this.byNum.values()) {
      const deadlineAt = live.clock.deadlineAt;
      if (deadlineAt === null || deadlineAt < from || deadlineAt > to) continue;
      const seen = live.clock;
      this.setClock(live, afterOwnGap(seen, live.timing, to, why));
      states.push({ checkNum: live.checkNum, clock: live.clock, ...this.onlyIfStill(seen, (stored) => afterOwnGap(stored, live.timing, to, why)) });
    }
    if (states.length > 0) await this.enqueue({ record: null, state: null }, states);
  }

  private stateWrites: HeartbeatStateWrite[] = [];
  /** Per heartbeat (check number), the last session this process stored (unknown after a start). */
  private readonly lastSessions = new Map<number, string>();
  /** Stored results waiting to be handed to alerting, oldest first. */
  private announcements: (() => Promise<void>)[] = [];
  private announced = 0;
  private announcing = false;

  private announceSlice(): void {
    // An announcement never rejects (its listeners' failures are logged where they are emitted).
    void this.announceNow(ANNOUNCE_SLICE_MS).then(() => {
      if (this.announced < this.announcements.length && this.running) setImmediate(() => this.announceSlice());
      else this.announcing = false;
    });
  }

  /** Hands stored results to alerting until `budgetMs` has passed. */
  private async announceNow(budgetMs: number): Promise<void> {
    const until = performance.now() + budgetMs;
    while (this.announced < this.announcements.length) {
      const announce = this.announcements[this.announced++];
      await announce?.();
      if (performance.now() >= until) break;
    }
    if (this.announced >= this.announcements.length) {
      this.announcements = [];
      this.announced = 0;
    } else if (this.announced > 1024) {
      this.announcements = this.announcements.slice(this.announced);
      this.announced = 0;
    }
  }

  private async enqueue(item: Pending, states: readonly HeartbeatStateWrite[] = []): Promise<void> {
    if (item.record || item.done) this.pending.push(item);
    this.stateWrites.push(...states);
    if (this.pending.length >= 500) {
      await this.flush();
      return;
    }
    if (!this.flushTimer) this.flushTimer = setTimeout(() => inBackground(this.deps.logger, 'heartbeat results could not be stored', () => this.flush()), this.options.batchDelayMs ?? 10);
  }

  /** Writes what waits in one transaction; a batch the database refuses is tried again after 200 ms and 1 s. */
  private async flush(attempt = 0, batch?: { items: Pending[]; states: HeartbeatStateWrite[] }): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    const work = batch ?? { items: this.pending, states: this.stateWrites };
    if (!batch) {
      this.pending = [];
      this.stateWrites = [];
    }
    if (work.items.length === 0 && work.states.length === 0) return;
    try {
      const { sessions, announcements, settled } = await recordHeartbeats(
        this.deps,
        work.items.flatMap((item) => (item.record ? [{ ...item.record, previousSessionId: this.lastSessions.get(item.record.check.checkNum) ?? null }] : [])),
        work.states,
      );
      for (const { checkNum, checkSessionId } of sessions) this.lastSessions.set(checkNum, checkSessionId);
      // Team mode: memory takes what the database decided (another server's pings included).
      for (const [checkNum, clock] of settled) {
        const live = this.byNum.get(checkNum);
        if (live) this.setClock(live, live.activated ? clock : { ...clock, deadlineAt: null });
      }
      for (const item of work.items) item.done?.(true);
      // The pings are answered (their results are stored) before alerting judges them, in order,
      // a slice at a time (a storm of missed deadlines must not hold the pings behind it); when
      // stopping, at once.
      this.announcements.push(...announcements);
      if (!this.running) await this.announceNow(Number.POSITIVE_INFINITY);
      else if (!this.announcing) {
        this.announcing = true;
        setImmediate(() => this.announceSlice());
      }
    } catch (error) {
      const retryIn = WRITE_RETRIES_MS[attempt];
      if (retryIn !== undefined && this.running) {
        this.deps.logger.warn({ err: error, results: work.items.length }, 'heartbeat results could not be stored; trying again');
        setTimeout(() => inBackground(this.deps.logger, 'heartbeat results could not be stored', () => this.flush(attempt + 1, work)), retryIn).unref();
        return;
      }
      // The pings are answered 503 (their jobs may ping again); the judge's memory keeps their state.
      this.deps.logger.error({ err: error, results: work.items.length }, 'heartbeat results could not be stored');
      for (const item of work.items) item.done?.(false);
    }
  }
}

/** Starts the judge and hands it to the ping route through the runtime. */
export async function startHeartbeatJudge(deps: ServiceDeps, options: HeartbeatJudgeOptions = {}): Promise<HeartbeatJudge> {
  const judge = new HeartbeatJudge(deps, options);
  await judge.start();
  deps.runtime.heartbeats = judge;
  return judge;
}
