import type { Clock } from '../core/clock';
import type { LaneName, LaneStats, RunJob } from '../runner/jobs';
import { RecentCounts } from '../../src-shared/rules/recent-counts';

/** A run is late when it starts more than this after it was due. */
export const LATE_AFTER_MS = 1000;

/**
 * Run slots a lane has beyond its capacity, which no account holding a full capacity may take
 * (docs/DECISIONS.md, "Issue 29"): one per sixteen, at least one, so another account's job always
 * finds a slot at once.
 */
export function reservedSlots(capacity: number): number {
  return Math.max(1, Math.ceil(capacity / 16));
}

/**
 * One check type's share of an agent: one FIFO queue per account, served in turn, in front of run
 * slots. One account may hold `capacity` slots at most; the lane has `reservedSlots` more, so a
 * flood of slow runs of one account never holds the whole lane, and one account alone still gets
 * its whole capacity.
 */
export class Lane {
  /** Accounts with waiting jobs, in the order they are served next. */
  private readonly queues = new Map<string, RunJob[]>();
  /** Slots held per account: running jobs, and those taken to start. */
  private readonly held = new Map<string, number>();
  private waiting = 0;
  private holding = 0;
  /** Every slot, the reserve included: what all accounts together may hold. */
  readonly slots: number;
  startedTotal = 0;
  lateTotal = 0;
  skippedTotal = 0;
  private readonly started = new RecentCounts();
  private readonly skipped = new RecentCounts();

  constructor(
    readonly name: LaneName,
    readonly capacity: number,
    private readonly clock: Clock,
  ) {
    this.slots = capacity + reservedSlots(capacity);
  }

  get running(): number {
    return this.holding;
  }

  get queued(): number {
    return this.waiting;
  }

  get free(): number {
    return Math.max(0, this.capacity - this.holding);
  }

  enqueue(job: RunJob): void {
    const queue = this.queues.get(job.accountId);
    if (queue) queue.push(job);
    else this.queues.set(job.accountId, [job]);
    this.waiting++;
  }

  /**
   * The next job that may start, taking its slot (give it back with release()): the oldest job of
   * the first account in turn that holds less than the capacity; null when every slot is taken or
   * every waiting account holds the capacity.
   */
  take(): RunJob | null {
    if (this.holding >= this.slots) return null;
    for (const [account, queue] of this.queues) {
      if ((this.held.get(account) ?? 0) >= this.capacity) continue;
      const job = queue.shift();
      this.queues.delete(account);
      if (!job) continue;
      // To the back of the line: every other waiting account is served before this one again.
      if (queue.length > 0) this.queues.set(account, queue);
      this.waiting--;
      this.holding++;
      this.held.set(account, (this.held.get(account) ?? 0) + 1);
      return job;
    }
    return null;
  }

  /** Gives back the slot a job took (it ended, or was skipped instead of started). */
  release(job: RunJob): void {
    const held = (this.held.get(job.accountId) ?? 0) - 1;
    if (held > 0) this.held.set(job.accountId, held);
    else this.held.delete(job.accountId);
    this.holding = Math.max(0, this.holding - 1);
  }

  /** Takes waiting jobs out of the queues: the first that matches, or all of them. */
  remove(matches: (job: RunJob) => boolean, all: boolean): RunJob[] {
    const removed: RunJob[] = [];
    for (const [account, queue] of this.queues) {
      for (let i = 0; i < queue.length; ) {
        const job = queue[i];
        if (!job || !matches(job)) {
          i++;
          continue;
        }
        queue.splice(i, 1);
        removed.push(job);
        if (!all) break;
      }
      if (queue.length === 0) this.queues.delete(account);
      if (!all && removed.length > 0) break;
    }
    this.waiting -= removed.length;
    return removed;
  }

  /** The oldest waiting job of the account with the most waiting: what a full queue gives up. */
  evict(): RunJob | undefined {
    let longest: [string, RunJob[]] | null = null;
    for (const entry of this.queues) if (!longest || entry[1].length > longest[1].length) longest = entry;
    if (!longest) return undefined;
    const [account, queue] = longest;
    const job = queue.shift();
    if (queue.length === 0) this.queues.delete(account);
    if (job) this.waiting--;
    return job;
  }

  noteStarted(job: RunJob, at: number): void {
    this.startedTotal++;
    if (at - job.plannedAt > LATE_AFTER_MS) this.lateTotal++;
    this.started.add(at);
  }

  noteSkipped(at: number): void {
    this.skippedTotal++;
    this.skipped.add(at);
  }

  stats(): LaneStats {
    const now = this.clock.now().getTime();
    let oldest = Infinity;
    for (const queue of this.queues.values()) oldest = Math.min(oldest, queue[0]?.plannedAt ?? Infinity);
    return {
      lane: this.name,
      capacity: this.capacity,
      running: this.holding,
      queued: this.waiting,
      runsPerMinute: this.started.lastMinute(now),
      oldestWaitMs: Number.isFinite(oldest) ? Math.max(0, now - oldest) : 0,
      startedTotal: this.startedTotal,
      lateTotal: this.lateTotal,
      skippedTotal: this.skippedTotal,
      skippedLastHour: this.skipped.lastHour(now),
    };
  }
}
