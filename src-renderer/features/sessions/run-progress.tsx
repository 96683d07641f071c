import { Anchor, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTRPC } from '../../lib/trpc';
import { pollInterval, useLiveUpdates } from './live-updates-context';
import { isFinished, type CheckSessionView } from './session-display';
import { SessionStatusBadge } from './session-status-badge';

const POLL_MS = 1_000;

interface RunProgressProps {
  /** The session as "Run now" answered it; shown until the first read. */
  session: CheckSessionView;
}

/** A session's status as it moves, pushed by the live feed (polled while the feed is down), with a link to it. */
export function RunProgress({ session }: RunProgressProps) {
  const trpc = useTRPC();
  const live = useLiveUpdates();
  const current = useQuery({
    ...trpc.checkSessions.get.queryOptions({ checkSessionId: session.checkSessionId }),
    placeholderData: session,
    refetchInterval: (query) => (query.state.data && isFinished(query.state.data.status) ? false : pollInterval(live, POLL_MS)),
  });
  const status = current.data?.status ?? session.status;
  return (
    <Group gap={6} wrap="nowrap" role="status" aria-label={`Run of ${session.name}`} aria-live="polite">
      <SessionStatusBadge status={status} />
      <Anchor component={Link} to={`/sessions/${session.checkSessionId}`} size="xs">
        View session
      </Anchor>
    </Group>
  );
}
