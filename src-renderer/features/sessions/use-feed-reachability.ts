import { useEffect, useRef } from 'react';
import { isServerError, reportReachable, reportUnreachable } from '../../lib/reachability';

type FeedStatus = 'idle' | 'connecting' | 'pending' | 'error';

/**
 * The live feed is the first to notice a dead server: its stream breaks at once, while queries only
 * fail on their next fetch. A feed reconnecting after a drop, or whose first connection failed (the
 * error is set while it retries), marks the server unreachable; connected again (its EventSource
 * retries every 3 s), reachable. An error the server sent (e.g. 401 after a restart on another data
 * folder) means it answers: reachable, so the fresh load that follows meets the 401 and signs the
 * tab out with its reason.
 */
export function useFeedReachability(status: FeedStatus, error: unknown): void {
  const wasConnected = useRef(false);
  useEffect(() => {
    if (status === 'pending' || isServerError(error)) {
      if (status === 'pending') wasConnected.current = true;
      reportReachable();
    } else if (status === 'error' || (status === 'connecting' && (wasConnected.current || error))) {
      reportUnreachable();
    }
  }, [status, error]);
}
