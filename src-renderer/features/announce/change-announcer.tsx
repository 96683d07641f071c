import { useEffect, useState } from 'react';
import { useOpenSummaryFeed } from '../dashboard/summary-feed';
import { ChangeTracker } from './change-tracker';
import { useAfterFirstData } from './use-after-first-data';

/**
 * Says on every page when monitors fail or recover: toasts, the count in the tab's title and icon,
 * and the sound and system notification the operator opted into. It follows the dashboard's summary
 * feed (the tab's one stream, shared with the Dashboard; pushed at most once a second), so the work
 * per update is a diff of at most 50 listed problems, whatever the number of monitors. The stream
 * opens once the page has its first answers: its first summary is the baseline (nothing is
 * announced for it), and the tab's icon carries data-failing from then on.
 */
export function ChangeAnnouncer() {
  const [tracker] = useState(() => new ChangeTracker());
  useEffect(() => () => tracker.dispose(), [tracker]);
  const ready = useAfterFirstData();
  useOpenSummaryFeed(ready, (summary) => tracker.update(summary));
  return null;
}
