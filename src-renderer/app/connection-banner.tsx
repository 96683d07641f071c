import { Alert } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { formatAt } from '../lib/date-time';
import { useReachability } from '../lib/reachability';
import { showUnreachableInTab } from './unreachable-tab';

/**
 * Says at once that the server stopped answering, with the moment it was lost, and keeps saying it
 * until the server answers again; then everything on screen is fetched afresh.
 */
export function ConnectionBanner() {
  const { unreachableSince } = useReachability();
  const queryClient = useQueryClient();
  const wasUnreachable = useRef(false);

  useEffect(() => {
    if (unreachableSince !== null) {
      wasUnreachable.current = true;
      return showUnreachableInTab();
    }
    if (wasUnreachable.current) {
      wasUnreachable.current = false;
      // What the page shows may have changed while the server was away: load it all again.
      void queryClient.invalidateQueries();
    }
    return undefined;
  }, [unreachableSince, queryClient]);

  if (unreachableSince === null) return null;
  const since = formatAt(unreachableSince, 'clock');
  return (
    <Alert role="alert" color="red" variant="filled" className="connection-banner" title={`Sightline server unreachable since ${since} — retrying`}>
      Figures on this page are stale (as of {since}) and timers are stopped. They refresh as soon as the server answers again.
    </Alert>
  );
}
