import { formatAt } from '../../lib/date-time';
import { ALL_CHECKS } from '../../../src-shared/rules/maintenance';
import type { RouterOutputs } from '../../lib/trpc';

export type MaintenanceWindowView = RouterOutputs['maintenanceWindows']['list'][number];

/** A window's edge to the minute, in the console's chosen zone like every other time ("20 May 2026, 14:00"). */
export function formatWindowTime(iso: string): string {
  return formatAt(iso, 'minute');
}

const UNIT_WORDS = { DAY: 'day', WEEK: 'week', MONTH: 'month' } as const;

/** "Once", "Every day", "Every 2 weeks until 31 Dec 2026, 01:00". */
export function describeRepeat(w: Pick<MaintenanceWindowView, 'repeatUnit' | 'repeatInterval' | 'repeatEndsAt'>): string {
  if (!w.repeatUnit) return 'Once';
  const n = w.repeatInterval ?? 1;
  const every = n === 1 ? `Every ${UNIT_WORDS[w.repeatUnit]}` : `Every ${n} ${UNIT_WORDS[w.repeatUnit]}s`;
  return w.repeatEndsAt ? `${every} until ${formatWindowTime(w.repeatEndsAt)}` : every;
}

/** Names the list shows in full before "and N more". */
const NAMES_SHOWN = 3;

function named(word: string, names: readonly string[], total: number): string {
  if (total === 0) return '';
  const gone = total - names.length;
  const shown = names.slice(0, NAMES_SHOWN);
  const more = names.length - shown.length;
  const list = [...shown, ...(more > 0 ? [`${more} more`] : [])];
  const text = list.length === 0 ? '' : `${total === 1 ? word : `${word}s`} ${list.length > 1 ? `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}` : list[0]}`;
  const goneText = gone > 0 ? `${gone} deleted ${gone === 1 ? word : `${word}s`}` : '';
  return [text, goneText].filter(Boolean).join(', ');
}

/**
 * The monitors and groups a window names, by name ("monitors Web and API; group Edge"); tags are
 * shown beside it as badges. An id whose monitor or group was deleted since is counted, not named.
 */
export function describeTargets(w: Pick<MaintenanceWindowView, 'checkIds' | 'groupIds' | 'targetNames'>): string {
  const parts = [
    w.checkIds.includes(ALL_CHECKS) ? 'all monitors' : named('monitor', w.targetNames.checks.map((c) => c.name), w.checkIds.length),
    named('group', w.targetNames.groups.map((g) => g.name), w.groupIds.length),
  ].filter(Boolean);
  return parts.join('; ');
}
