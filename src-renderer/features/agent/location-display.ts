import type { RouterOutputs } from '../../lib/trpc';

export type PrivateLocationItem = RouterOutputs['privateLocations']['list'][number];

const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatSeen(iso: string | null): string {
  return iso ? DATE_TIME.format(new Date(iso)) : 'never';
}
