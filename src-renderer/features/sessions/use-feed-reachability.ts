import { useEffect, useRef } from 'react';
import { reportReachable, reportUnreachable } from '../../lib/reachability';

type FeedStatus = 'idle' | 'connecting' | 'pending' | 'error';

/**
 * The live feed is the first to notice a dead server: its stream breaks at once, while queries only
 * fail on their next fetch. A feed that was connected and is reconnecting marks the server
 * unreachable; connected again, reachable (its EventSource retries every 3 s).
 */
export function useFeedReachability(status: FeedStatus): void {
  const wasConnected = useRef(false);
  useEffect(() => {
    if (status === 'pending') {
      wasConnected.current = true;
      reportReachable();
    } else if (wasConnected.current && (status === 'connecting' || status === 'error')) {
      reportUnreachable();
    }
  }, [status]);
}
