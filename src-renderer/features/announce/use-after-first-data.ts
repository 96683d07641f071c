import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/** Waits at most this long for the page's first answers (a slow or polling page still gets its stream). */
const MAX_WAIT_MS = 3_000;
/** Quiet for this long after the last answer: the page has rendered what it asked for. */
const SETTLE_MS = 150;

/**
 * True once the page's first queries have been answered and rendered (or after a few seconds):
 * what the tab follows in the background (the announcements' summary stream) starts then, so its
 * first computation on the server and its first render here do not delay what the operator opened
 * the page for.
 */
export function useAfterFirstData(): boolean {
  const fetching = useIsFetching();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready || fetching > 0) return;
    const timer = setTimeout(() => setReady(true), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [fetching, ready]);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), MAX_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  return ready;
}
