import { Anchor, Button, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { LoadingBlock } from '../../components/loading-block';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { isNotFound, isUnauthorized } from '../../lib/api-errors';
import { useTRPC } from '../../lib/trpc';
import { MonitorFields } from '../monitors/monitor-fields';
import { pollInterval, useLiveUpdates } from '../sessions/live-updates-context';
import { formatDuration, formatTime } from '../sessions/session-display';
import { TestSessionChecksTable } from './test-session-checks-table';
import { TestSessionStatusBadge } from './test-session-status-badge';

const POLL_MS = 1_000;

function NoSuchTestSession() {
  return (
    <EmptyState
      title="There is no test session at this address"
      action={
        <Button component={Link} to="/sessions" variant="light">
          Go to the sessions
        </Button>
      }
    >
      Its runs may have been removed by retention, or the link is for another account or another Sightline. The check sessions of recent triggers are listed under Sessions.
    </EmptyState>
  );
}

/** One test session (`checkly trigger`, or a recorded `checkly test`): the page its `testSessionLink` opens, live while any of its checks runs. */
export function TestSessionPage() {
  const { id = '' } = useParams();
  const trpc = useTRPC();
  const live = useLiveUpdates();
  const testSession = useQuery({
    ...trpc.testSessions.get.queryOptions({ testSessionId: id }),
    // An unknown id will not appear by asking again.
    retry: (failureCount, error) => !isNotFound(error) && !isUnauthorized(error) && failureCount < 2,
    refetchInterval: (query) => (query.state.status === 'error' || query.state.data?.status !== 'RUNNING' ? false : pollInterval(live, POLL_MS)),
  });

  if (testSession.isPending) return <LoadingBlock label="Loading test session" />;
  if (testSession.isError) {
    if (isNotFound(testSession.error)) return <NoSuchTestSession />;
    return <QueryError title="The test session could not be loaded" error={testSession.error} onRetry={() => void testSession.refetch()} />;
  }

  const data = testSession.data;
  const fields = [
    { label: 'Started', value: formatTime(data.startedAt) },
    { label: 'Stopped', value: data.stoppedAt ? formatTime(data.stoppedAt) : 'still running' },
    { label: 'Elapsed', value: formatDuration(data.timeElapsed) },
    { label: 'Checks', value: String(data.results.length) },
    { label: 'Test session id', value: data.testSessionId },
  ];

  return (
    <>
      <PageHeader
        title={data.name}
        description={
          data.provider === 'CLI'
            ? 'A test session: the checks one `checkly test` ran once from code, before any deploy; none of them is a stored monitor.'
            : 'A test session: the checks one trigger (checkly trigger) ran together, each as its own check session.'
        }
        actions={
          <div role="status" aria-label="Test session status">
            <TestSessionStatusBadge status={data.status} />
          </div>
        }
      />
      <Stack gap="lg" maw={1100}>
        <Stack gap={4}>
          <Title order={4}>Check sessions</Title>
          <TestSessionChecksTable results={data.results} />
        </Stack>
        <MonitorFields label="Test session details" fields={fields} />
        <Anchor component={Link} to="/sessions" size="sm">
          ← All sessions
        </Anchor>
      </Stack>
    </>
  );
}
