import type { DeploymentRow } from '../../db/repositories/project-views';
import { DEPLOY_ACTIONS, DeploymentDiffEntry, type DeployAction } from '../../../src-shared/schemas/project-view';

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

export interface DeploymentView {
  id: string;
  status: string;
  createdBy: string | null;
  createdAt: string;
  finishedAt: string | null;
  error: string | null;
  counts: Record<DeployAction, number>;
  diff: DeploymentDiffEntry[];
  /** Diff entries stored in a shape the console does not know (counted, not listed). */
  unreadable: number;
}

/** A deployment as the console shows it: its diff parsed (never cast) and counted per action. */
export function deploymentView(row: DeploymentRow): DeploymentView {
  const entries = Array.isArray(row.diff) ? row.diff : [];
  const diff: DeploymentDiffEntry[] = [];
  for (const entry of entries) {
    const parsed = DeploymentDiffEntry.safeParse(entry);
    if (parsed.success) diff.push(parsed.data);
  }
  const counts = Object.fromEntries(DEPLOY_ACTIONS.map((action) => [action, diff.filter((entry) => entry.action === action).length])) as Record<DeployAction, number>;
  return {
    id: row.id,
    status: row.status,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
    error: row.error,
    counts,
    diff,
    unreadable: entries.length - diff.length,
  };
}
