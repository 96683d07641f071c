import type { IncidentProgress } from '../../../src-shared/schemas/status-page';

interface StatusAt {
  status: string;
  createdAt: string;
}

export interface Progress {
  lastUpdateStatus: IncidentProgress;
  /** When the incident became resolved; null while it is open. */
  resolvedAt: string | null;
}

/**
 * An incident's progress is its newest update's status. Any status may follow any other; a
 * RESOLVED incident reopens when a later update is not RESOLVED. It was resolved at the first
 * RESOLVED update after the last update that was not, so a closing note keeps the duration.
 */
export function deriveProgress(newestFirst: readonly StatusAt[]): Progress {
  const newest = newestFirst[0];
  if (!newest) return { lastUpdateStatus: 'INVESTIGATING', resolvedAt: null };
  if (newest.status !== 'RESOLVED') return { lastUpdateStatus: newest.status as IncidentProgress, resolvedAt: null };
  let resolvedAt = newest.createdAt;
  for (const update of newestFirst) {
    if (update.status !== 'RESOLVED') break;
    resolvedAt = update.createdAt;
  }
  return { lastUpdateStatus: 'RESOLVED', resolvedAt };
}

/** Whole seconds from creation to resolution; null while the incident is open. */
export function durationSeconds(createdAt: string, resolvedAt: string | null): number | null {
  if (resolvedAt === null) return null;
  const ms = Date.parse(resolvedAt) - Date.parse(createdAt);
  return Number.isFinite(ms) ? Math.max(0, Math.floor(ms / 1000)) : null;
}
