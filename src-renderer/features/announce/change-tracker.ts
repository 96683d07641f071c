import type { DashboardSummary } from '../dashboard/use-dashboard-summary';
import { announcePreferences } from './announce-preferences';
import { ChangeBursts } from './change-bursts';
import { failingChanges, failingSnapshot, type FailingSnapshot } from './failing-changes';
import { showAnnouncement, soundFor } from './show-announcement';
import { showFailingInTab } from './tab-badge';

/** Compares each summary with the one before and announces what changed. */
export class ChangeTracker {
  private previous: FailingSnapshot | null = null;
  private readonly bursts = new ChangeBursts();

  update(summary: DashboardSummary): void {
    const next = failingSnapshot(summary);
    showFailingInTab(next.count);
    const before = this.previous;
    this.previous = next;
    // The first summary is the state the operator opened the tab on: nothing changed yet.
    if (!before) return;
    const changes = failingChanges(before, next);
    const now = Date.now();
    const announcements = [...this.bursts.add('failed', changes.failed, now), ...this.bursts.add('recovered', changes.recovered, now)];
    const preferences = announcePreferences();
    for (const announcement of announcements) showAnnouncement(announcement, preferences);
    soundFor(announcements, preferences);
  }

  dispose(): void {
    showFailingInTab(0);
  }
}
