import type { DeploymentRow } from '../../db/repositories/project-views';
import { DeploymentDiffEntry, HISTORY_ACTIONS, historyActionOf, type HistoryAction } from '../../../src-shared/schemas/project-view';

/** The project that owns a resource, as the console names it beside the resource. */
export interface CodeOwner {
  projectId: string;
  projectLogicalId: string;
  projectName: string;
  /** The resource's logical id in the project's code. */
  logicalId: string;
  /** The construct's file, relative to the project (null when the deploy did not say). */
  sourceFile: string | null;
  /** Reserved by an import plan that is not committed yet. */
  pending: boolean;
}

/** One line of a deployment as the history tells it. */
export interface HistoryEntry {
  type: string;
  logicalId: string;
  physicalId: string | number | null;
  action: HistoryAction;
}

export interface DeploymentView {
  id: string;
  /** SUCCEEDED, FAILED, CANCELLED, IN_PROGRESS, or REFUSED (answered 4xx: nothing changed). */
  status: string;
  operation: 'deploy' | 'destroy';
  /** A refused dry run: `checkly deploy --preview`, or the check `checkly deploy` makes before it deploys. */
  dryRun: boolean;
  /** The HTTP status the client got, for a refused or failed one. */
  httpStatus: number | null;
  createdBy: string | null;
  createdAt: string;
  finishedAt: string | null;
  /** For a refused or failed one: the message the client got. */
  error: string | null;
  /** Per action; an UPDATE that changed nothing counts as UNCHANGED. */
  counts: Record<HistoryAction, number>;
  /** What changed (UNCHANGED entries are only counted). */
  diff: HistoryEntry[];
  /** Diff entries stored in a shape the console does not know (counted, not listed). */
  unreadable: number;
}

/** A deployment as the console shows it: its diff parsed (never cast) and counted per action. */
export function deploymentView(row: DeploymentRow): DeploymentView {
  const entries = Array.isArray(row.diff) ? row.diff : [];
  const all: HistoryEntry[] = [];
  for (const entry of entries) {
    const parsed = DeploymentDiffEntry.safeParse(entry);
    if (parsed.success) all.push({ type: parsed.data.type, logicalId: parsed.data.logicalId, physicalId: parsed.data.physicalId ?? null, action: historyActionOf(parsed.data) });
  }
  const counts = Object.fromEntries(HISTORY_ACTIONS.map((action) => [action, 0])) as Record<HistoryAction, number>;
  for (const entry of all) counts[entry.action]++;
  return {
    id: row.id,
    status: row.status,
    operation: row.operation === 'destroy' ? 'destroy' : 'deploy',
    dryRun: row.dryRun,
    httpStatus: row.httpStatus,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
    error: row.error,
    counts,
    diff: all.filter((entry) => entry.action !== 'UNCHANGED'),
    unreadable: entries.length - all.length,
  };
}
