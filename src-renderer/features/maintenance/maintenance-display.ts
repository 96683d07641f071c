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

/** What a window targets, in words: its tags, and the checks or groups it names. */
export function describeTargets(w: Pick<MaintenanceWindowView, 'tags' | 'checkIds' | 'groupIds'>): string {
  const parts = [
    w.tags.length > 0 ? `tags ${w.tags.join(', ')}` : '',
    w.checkIds.includes(ALL_CHECKS) ? 'all monitors' : w.checkIds.length > 0 ? `${w.checkIds.length} monitor${w.checkIds.length === 1 ? '' : 's'}` : '',
    w.groupIds.length > 0 ? `group${w.groupIds.length === 1 ? '' : 's'} ${w.groupIds.join(', ')}` : '',
  ].filter(Boolean);
  return parts.join('; ');
}
