import { ALL_CHECKS } from '../../../src-shared/rules/maintenance';
import type { RouterOutputs } from '../../lib/trpc';

export type MaintenanceWindowView = RouterOutputs['maintenanceWindows']['list'][number];

/** "2026-05-20 12:00 UTC": windows are defined in UTC, so the console says so rather than converting. */
export function formatUtc(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

const UNIT_WORDS = { DAY: 'day', WEEK: 'week', MONTH: 'month' } as const;

/** "Once", "Every day", "Every 2 weeks until 2026-12-31 00:00 UTC". */
export function describeRepeat(w: Pick<MaintenanceWindowView, 'repeatUnit' | 'repeatInterval' | 'repeatEndsAt'>): string {
  if (!w.repeatUnit) return 'Once';
  const n = w.repeatInterval ?? 1;
  const every = n === 1 ? `Every ${UNIT_WORDS[w.repeatUnit]}` : `Every ${n} ${UNIT_WORDS[w.repeatUnit]}s`;
  return w.repeatEndsAt ? `${every} until ${formatUtc(w.repeatEndsAt)}` : every;
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
