import { RecentCounts } from '../../src-shared/rules/recent-counts';

export interface OverrunningCheck {
  checkId: string;
  /** Scheduled runs skipped in the last hour because its previous run was still going. */
  skippedLastHour: number;
}

/**
 * Scheduled runs skipped because the check's previous run was still going, per check: apart from
 * lane saturation, because the fix is the check's (its runs outlast its period), not the agent's.
 */
export class OverrunCounter {
  private readonly checks = new Map<string, { accountId: string; counts: RecentCounts }>();

  add(checkId: string, accountId: string, at: number): void {
    let entry = this.checks.get(checkId);
    if (!entry) {
      entry = { accountId, counts: new RecentCounts() };
      this.checks.set(checkId, entry);
    }
    entry.counts.add(at);
  }

  /** Checks with skips in the hour before `now` (of one account when given), most skipped first. */
  lastHour(now: number, accountId?: string): OverrunningCheck[] {
    const out: OverrunningCheck[] = [];
    for (const [checkId, entry] of this.checks) {
      const n = entry.counts.lastHour(now);
      // A check without skips for an hour is forgotten, so the map holds only checks that overrun lately.
      if (n === 0) this.checks.delete(checkId);
      else if (accountId === undefined || entry.accountId === accountId) out.push({ checkId, skippedLastHour: n });
    }
    return out.sort((a, b) => b.skippedLastHour - a.skippedLastHour || a.checkId.localeCompare(b.checkId));
  }

  /** Skips in the hour before `now`, over every check (of one account when given). */
  total(now: number, accountId?: string): number {
    return this.lastHour(now, accountId).reduce((n, c) => n + c.skippedLastHour, 0);
  }
}
