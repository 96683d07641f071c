import { useSubscription } from '@trpc/tanstack-react-query';
import { useEffect, useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import { ChangeTracker } from './change-tracker';

/**
 * Says on every page when monitors fail or recover: toasts, the count in the tab's title and icon,
 * and the sound and system notification the operator opted into. It follows the dashboard's summary
 * feed (pushed at most once a second, one computation per account however many tabs), so the work
 * per update is a diff of at most 50 listed problems, whatever the number of monitors.
 */
export function ChangeAnnouncer() {
  const trpc = useTRPC();
  const [tracker] = useState(() => new ChangeTracker());
  useEffect(() => () => tracker.dispose(), [tracker]);
  useSubscription(trpc.dashboard.onSummary.subscriptionOptions(undefined, { onData: (summary) => tracker.update(summary) }));
  return null;
}
