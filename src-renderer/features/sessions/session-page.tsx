import { Anchor, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { LoadingBlock } from '../../components/loading-block';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { useTRPC } from '../../lib/trpc';
import { MonitorFields } from '../monitors/monitor-fields';
import { pollInterval, useLiveUpdates } from './live-updates-context';
import { formatDuration, formatTime, isFinished, statusLabel } from './session-display';
import { SessionResultsTable } from './session-results-table';
import { SessionStatusBadge } from './session-status-badge';

const POLL_MS = 1_000;

export function SessionPage() {
  const { id = '' } = useParams();
  const trpc = useTRPC();
  const live = useLiveUpdates();
  const session = useQuery({
    ...trpc.checkSessions.get.queryOptions({ checkSessionId: id }),
    refetchInterval: (query) => (query.state.data && isFinished(query.state.data.status) ? false : pollInterval(live, POLL_MS)),
  });

  if (session.isPending) return <LoadingBlock label="Loading session" />;
  if (session.isError) return <QueryError title="The session could not be loaded" error={session.error} onRetry={() => void session.refetch()} />;

  const data = session.data;
  const fields = [
    { label: 'Monitor', value: <Anchor component={Link} to={`/monitors/${data.checkId}`} size="sm">{data.name}</Anchor> },
    { label: 'Type', value: data.checkType },
    { label: 'Source', value: statusLabel(data.runSource) },
    { label: 'Locations', value: data.runLocations },
    { label: 'Started', value: formatTime(data.startedAt) },
    { label: 'Stopped', value: data.stoppedAt ? formatTime(data.stoppedAt) : 'still running' },
    { label: 'Duration', value: formatDuration(data.timeElapsed) },
  ];

  return (
    <>
      <PageHeader
        title={`Session of ${data.name}`}
        description={`Session ${data.checkSessionId}`}
        actions={
          <div role="status" aria-label="Session status">
            <SessionStatusBadge status={data.status} />
          </div>
        }
      />
      <Stack gap="lg" maw={1100}>
        <Stack gap={4}>
          <Title order={4}>Results per location</Title>
          <SessionResultsTable results={data.results} />
        </Stack>
        <MonitorFields label="Session details" fields={fields} />
        <Anchor component={Link} to="/sessions" size="sm">
          ← All sessions
        </Anchor>
      </Stack>
    </>
  );
}
