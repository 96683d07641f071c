import type { RouterOutputs } from '../../lib/trpc';
import { formatAt } from '../../lib/date-time';

export type PrivateLocationItem = RouterOutputs['privateLocations']['list'][number];

export function formatSeen(iso: string | null): string {
  return iso ? formatAt(iso) : 'never';
}
