/** Time is passed in so retries, escalation and reminders are testable without sleeping. */
export interface Clock {
  now(): Date;
  /**
   * Milliseconds on a clock that never steps (arbitrary origin): what plans and gaps are measured
   * on, so a wall clock set back or forward moves no run. Clocks without one use the wall clock.
   */
  monotonic?(): number;
}

export const systemClock: Clock = {
  now: () => new Date(),
  monotonic: () => performance.now(),
};

/** The monotonic time of a clock (its wall time where it has none). */
export function monotonicOf(clock: Clock): number {
  return clock.monotonic ? clock.monotonic() : clock.now().getTime();
}

/** A clock tests move by hand. */
export class ManualClock implements Clock {
  private current: number;
  /** Wall minus monotonic: moved only by stepWall. */
  private offset = 0;

  constructor(start: Date | string | number = '2026-01-01T00:00:00.000Z') {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  monotonic(): number {
    return this.current - this.offset;
  }

  /** Time passes: both clocks move. */
  advance(ms: number): void {
    this.current += ms;
  }

  /** Time passes until the wall clock reads `to`: both clocks move. */
  set(to: Date | string | number): void {
    this.current = new Date(to).getTime();
  }

  /** The wall clock is set by `ms` (negative: back) while no time passes: the monotonic clock stays. */
  stepWall(ms: number): void {
    this.current += ms;
    this.offset += ms;
  }
}
