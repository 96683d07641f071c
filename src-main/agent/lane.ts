import type { Clock } from '../core/clock';
import type { LaneName, LaneStats, RunJob } from '../runner/jobs';
import { RecentCounts } from '../../src-shared/rules/recent-counts';

/** A run is late when it starts more than this after it was due. */
export const LATE_AFTER_MS = 1000;

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
  private readonly started = new RecentCounts();
  private readonly skipped = new RecentCounts();

  constructor(
    readonly name: LaneName,
    readonly capacity: number,
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
