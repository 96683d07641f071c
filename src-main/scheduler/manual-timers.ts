import type { ManualClock } from '../core/clock';

// Due times are on the clock's monotonic time, as real timers are: a step of the wall clock fires nothing.
import type { TimerHandle, Timers } from './timers';

interface Pending {
  handle: TimerHandle;
  dueAt: number;
  callback: () => void;
}

/** Timers that fire only when a test or the benchmark moves the ManualClock with `advance`. */
export class ManualTimers implements Timers {
  private pending: Pending[] = [];
  private nextId = 1;

  constructor(private readonly clock: ManualClock) {}

  setTimeout(callback: () => void, ms: number): TimerHandle {
    const handle = { id: this.nextId++ };
    this.pending.push({ handle, dueAt: this.clock.monotonic() + Math.max(0, ms), callback });
    return handle;
  }

  clearTimeout(handle: TimerHandle): void {
    this.pending = this.pending.filter((p) => p.handle.id !== handle.id);
  }

  /** Due time of the earliest timer, or null. */
  nextDueAt(): number | null {
    let min: number | null = null;
    for (const p of this.pending) if (min === null || p.dueAt < min) min = p.dueAt;
    return min;
  }

  get size(): number {
    return this.pending.length;
  }

  /** Fires the earliest due timer (moving the clock to its time if it is later); false when none is due by `until` (monotonic). */
  fireNext(until: number): boolean {
    const due = this.nextDueAt();
    if (due === null || due > until) return false;
    const index = this.pending.findIndex((p) => p.dueAt === due);
    const [timer] = this.pending.splice(index, 1);
    if (!timer) return false;
    if (due > this.clock.monotonic()) this.clock.advance(due - this.clock.monotonic());
    timer.callback();
    return true;
  }

  /** Moves the clock forward by `ms`, firing every timer that falls due on the way, in order. */
  async advance(ms: number): Promise<void> {
    const until = this.clock.monotonic() + ms;
    while (this.fireNext(until)) await settle();
    this.clock.advance(until - this.clock.monotonic());
    await settle();
  }
}

/** Lets promise callbacks and immediates queued by fired timers run. */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}
