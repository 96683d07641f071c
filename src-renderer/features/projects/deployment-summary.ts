import { DEPLOY_ACTIONS } from '../../../src-shared/schemas/project-view';
import { humanLabel } from '../../lib/labels';
import type { RouterOutputs } from '../../lib/trpc';

export type DeploymentView = RouterOutputs['projects']['get']['deployments'][number];

/** "2 created · 1 updated" — only the actions that happened; "No changes" when none did. */
export function diffCounts(counts: DeploymentView['counts']): string {
  const parts = DEPLOY_ACTIONS.filter((action) => counts[action] > 0).map((action) => `${counts[action]} ${humanLabel(action).toLowerCase()}`);
  return parts.length > 0 ? parts.join(' · ') : 'No changes';
}

export const STATUS_COLORS: Record<string, string> = { SUCCEEDED: 'teal', FAILED: 'red', CANCELLED: 'gray', IN_PROGRESS: 'blue' };
