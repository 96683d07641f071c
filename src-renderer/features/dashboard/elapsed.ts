import { useEffect, useState } from 'react';
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

/** The current time, read again every `everyMs`, so "for 3 min" keeps counting. */
export function useNow(everyMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
