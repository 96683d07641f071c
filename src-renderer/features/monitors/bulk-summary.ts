import type { RouterInputs, RouterOutputs } from '../../lib/trpc';

export type BulkAction = RouterInputs['checks']['bulk'];
export type BulkActionName = BulkAction['action'];
export type BulkResult = RouterOutputs['checks']['bulk'];

const VERBS: Record<BulkActionName, { done: string; doing: string }> = {
  activate: { done: 'Activated', doing: 'activated' },
  pause: { done: 'Paused', doing: 'paused' },
  mute: { done: 'Muted', doing: 'muted' },
  unmute: { done: 'Unmuted', doing: 'unmuted' },
  moveToGroup: { done: 'Moved', doing: 'moved' },
  subscribe: { done: 'Subscribed', doing: 'subscribed' },
  delete: { done: 'Deleted', doing: 'deleted' },
};

const ALREADY: Record<BulkActionName, string> = {
  activate: 'already active',
  pause: 'already paused',
  mute: 'already muted',
  unmute: 'not muted',
  moveToGroup: 'already there',
  subscribe: 'already subscribed',
  delete: 'already gone',
};

export const monitors = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'monitor' : 'monitors'}`;

/** What the summary says after a bulk action, e.g. "Paused 12 monitors; 1 could not be paused: Edge — no monitor with this id…". */
export interface BulkSummary {
  title: string;
  /** "<name> — <reason>" for each monitor that could not be changed. */
  failures: string[];
  color: 'teal' | 'yellow' | 'red';
}

/**
 * `names` are the names the console knew when it sent the ids (the server cannot name a check that
 * was deleted meanwhile); `target` says where monitors went ("to Core routers") for move and subscribe.
 */
export function summariseBulk(result: BulkResult, names: ReadonlyMap<string, string>, target?: string): BulkSummary {
  const verb = VERBS[result.action];
  const parts: string[] = [];
  // The first part names the monitors ("2 monitors were already paused"), the later ones count them ("; 1 could not be paused").
  const counted = (n: number) => (parts.length === 0 ? monitors(n) : String(n));
  if (result.done > 0 || (result.unchanged === 0 && result.failed === 0)) parts.push(`${verb.done} ${monitors(result.done)}${target && result.done > 0 ? ` ${target}` : ''}`);
  if (result.unchanged > 0) parts.push(`${counted(result.unchanged)} ${result.unchanged === 1 ? 'was' : 'were'} ${ALREADY[result.action]}`);
  if (result.failed > 0) parts.push(`${counted(result.failed)} could not be ${verb.doing}`);
  const failures = result.items.filter((item) => item.outcome === 'failed').map((item) => `${item.name ?? names.get(item.id) ?? item.id} — ${item.error ?? 'unknown reason'}`);
  const title = parts.join('; ') + (failures.length === 1 ? `: ${failures[0]}` : '');
  return { title, failures: failures.length === 1 ? [] : failures, color: result.failed === 0 ? 'teal' : result.done + result.unchanged > 0 ? 'yellow' : 'red' };
}
