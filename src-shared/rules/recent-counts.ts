/** Events counted in one-second buckets over the last minute and one-minute buckets over the last hour. Pure. */
export class RecentCounts {
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

  /** Events in the 60 seconds up to `now`. */
  lastMinute(now: number): number {
    return sumSince(this.seconds, Math.floor(now / 1000) - 59);
  }

  /** Events in the 60 minutes up to `now`. */
  lastHour(now: number): number {
    return sumSince(this.minutes, Math.floor(now / 60_000) - 59);
  }
}

function sumSince(buckets: Map<number, number>, since: number): number {
  let total = 0;
  for (const [bucket, n] of buckets) if (bucket >= since) total += n;
  return total;
}
