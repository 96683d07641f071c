import type { Clock } from '../core/clock';
import type { LaneName, LaneStats, RunJob } from '../runner/jobs';

/** A run is late when it starts more than this after it was due. */
export const LATE_AFTER_MS = 1000;

/** Counts in one-second buckets over the last minute and one-minute buckets over the last hour. */
class RecentCounter {
  private readonly seconds = new Map<number, number>();
  private readonly minutes = new Map<number, number>();

  add(at: number, n = 1): void {
    const second = Math.floor(at / 1000);
    const minute = Math.floor(at / 60_000);
    this.seconds.set(second, (this.seconds.get(second) ?? 0) + n);
    this.minutes.set(minute, (this.minutes.get(minute) ?? 0) + n);
    if (this.seconds.size > 120) for (const key of this.seconds.keys()) if (key <= second - 60) this.seconds.delete(key);
    if (this.minutes.size > 120) for (const key of this.minutes.keys()) if (key <= minute - 60) this.minutes.delete(key);
  }

  lastMinute(now: number): number {
    const since = Math.floor(now / 1000) - 59;
    let total = 0;
    for (const [second, n] of this.seconds) if (second >= since) total += n;
    return total;
  }

  lastHour(now: number): number {
    const since = Math.floor(now / 60_000) - 59;
    let total = 0;
    for (const [minute, n] of this.minutes) if (minute >= since) total += n;
    return total;
  }
}

/**
 * One check type's share of an agent: a FIFO queue in front of `capacity` run slots, and the
 * figures an operator needs to see whether it keeps up.
 */
export class Lane {
  readonly queue: RunJob[] = [];
  running = 0;
  startedTotal = 0;
  lateTotal = 0;
  skippedTotal = 0;
  private readonly started = new RecentCounter();
  private readonly skipped = new RecentCounter();

  constructor(
    readonly name: LaneName,
    public capacity: number,
    private readonly clock: Clock,
  ) {}

  get free(): number {
    return Math.max(0, this.capacity - this.running);
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
    const oldest = this.queue[0];
    return {
      lane: this.name,
      capacity: this.capacity,
      running: this.running,
      queued: this.queue.length,
      runsPerMinute: this.started.lastMinute(now),
      oldestWaitMs: oldest ? Math.max(0, now - oldest.plannedAt) : 0,
      startedTotal: this.startedTotal,
      lateTotal: this.lateTotal,
      skippedTotal: this.skippedTotal,
      skippedLastHour: this.skipped.lastHour(now),
    };
  }
}
