import { HISTORY_ACTIONS } from '../../../src-shared/schemas/project-view';
import { humanLabel } from '../../lib/labels';
import type { RouterOutputs } from '../../lib/trpc';

export type DeploymentView = RouterOutputs['projects']['get']['deployments'][number];

/**
 * "2 created · 1 updated · 13 unchanged" — only the actions that happened; "No changes" when none
 * did, "Nothing changed" for a deployment that was refused or failed.
 */
export function diffCounts(deployment: Pick<DeploymentView, 'counts' | 'status'>): string {
  if (deployment.status === 'REFUSED' || deployment.status === 'FAILED') return 'Nothing changed';
  const { counts } = deployment;
  const parts = HISTORY_ACTIONS.filter((action) => counts[action] > 0).map((action) => `${counts[action]} ${humanLabel(action).toLowerCase()}`);
  return parts.length > 0 ? parts.join(' · ') : 'No changes';
}

/** What a deployment was, beside its status: a destroy, a dry run, the HTTP status a refusal got. */
export function deploymentKind(deployment: Pick<DeploymentView, 'operation' | 'dryRun' | 'httpStatus'>): string | null {
  const parts = [deployment.operation === 'destroy' ? 'Destroy' : null, deployment.dryRun ? 'Preview (dry run)' : null, deployment.httpStatus !== null ? `HTTP ${deployment.httpStatus}` : null];
  const text = parts.filter(Boolean).join(' · ');
  return text || null;
}

export const STATUS_COLORS: Record<string, string> = { SUCCEEDED: 'teal', FAILED: 'red', CANCELLED: 'gray', IN_PROGRESS: 'blue', REFUSED: 'orange' };
