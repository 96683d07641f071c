import { useEffect, useState } from 'react';
import { useReachability } from '../../lib/reachability';
import { formatDuration } from '../status-page/incident-display';
import { formatAt } from '../../lib/date-time';

/** How long from `since` to `now`: "45 s", "3 h 12 min", "2 d 4 h 5 min". */
export function formatElapsed(since: number, now: number): string {
  return formatDuration(Math.max(0, Math.floor((now - since) / 1000)));
}

/** An epoch-ms moment in the console's one date-time format. */
export function formatMoment(ms: number | null): string {
  return formatAt(ms);
}

/**
 * The current time, read again every `everyMs`, so "for 3 min" keeps counting; while the server is
 * unreachable it stops at the moment it was lost, since nobody knows whether the failure still holds.
 */
export function useNow(everyMs = 15_000): number {
  const { unreachableSince } = useReachability();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (unreachableSince !== null) return;
    // Back from a stop: read the clock at once rather than a tick later.
    const first = setTimeout(() => setNow(Date.now()), 0);
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [everyMs, unreachableSince]);
  return unreachableSince ?? now;
}
