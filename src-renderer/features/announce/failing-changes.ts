import type { DashboardSummary } from '../dashboard/use-dashboard-summary';

export interface MonitorRef {
  checkId: string;
  name: string;
}

/** The failing monitors one summary lists, and whether that list holds all of them. */
export interface FailingSnapshot {
  failing: Map<string, string>;
  count: number;
  /** The summary lists at most 50 problems: past that, a monitor missing from the list may still fail. */
  complete: boolean;
}

export interface FailingChanges {
  failed: MonitorRef[];
  recovered: MonitorRef[];
}

export function failingSnapshot(summary: DashboardSummary): FailingSnapshot {
  const failing = new Map<string, string>();
  for (const item of summary.problems.items) if (item.health === 'failing') failing.set(item.checkId, item.name);
  return { failing, count: summary.counts.failing, complete: failing.size === summary.counts.failing };
}

/**
 * What changed between two summaries. A monitor new to the list failed only if the previous list was
 * complete (else it may have been failing beyond the list's end); one gone from it recovered only if
 * the new list is complete (else it may just have been pushed past the end).
 */
export function failingChanges(previous: FailingSnapshot, next: FailingSnapshot): FailingChanges {
  const failed: MonitorRef[] = [];
  const recovered: MonitorRef[] = [];
  if (previous.complete) {
    for (const [checkId, name] of next.failing) if (!previous.failing.has(checkId)) failed.push({ checkId, name });
  }
  if (next.complete) {
    for (const [checkId, name] of previous.failing) if (!next.failing.has(checkId)) recovered.push({ checkId, name });
  }
  return { failed, recovered };
}
