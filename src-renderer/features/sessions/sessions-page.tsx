import { Group, SegmentedControl, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { LoadingBlock } from '../../components/loading-block';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { useTRPC } from '../../lib/trpc';
import { pollInterval, useLiveUpdates } from './live-updates-context';
import { SessionFilters, type SessionFilterValues } from './session-filters';
import { SessionsTable } from './sessions-table';

const POLL_MS = 5_000;
const LIMITS = ['25', '50', '100'];

export function SessionsPage() {
  const trpc = useTRPC();
  const live = useLiveUpdates();
  const [filters, setFilters] = useState<SessionFilterValues>({ status: null, checkId: null });
  const [limit, setLimit] = useState('50');
  const list = useQuery({
    ...trpc.checkSessions.listRecent.queryOptions(
      { limit: Number(limit), status: filters.status ?? undefined, checkId: filters.checkId ?? undefined },
      { placeholderData: keepPreviousData },
    ),
    refetchInterval: pollInterval(live, POLL_MS),
  });
  const filtering = filters.status !== null || filters.checkId !== null;

  return (
    <>
      <PageHeader
        title="Sessions"
        description="Every run of a check, scheduled or triggered, newest first; open one for its result per location, timing and errors."
      />
      <Group mb="sm" justify="space-between" align="flex-end">
        <SessionFilters value={filters} onChange={setFilters} />
        <Group gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {live.connected ? 'Live' : 'Refreshing every 5 s'}
          </Text>
          <SegmentedControl size="xs" data={LIMITS} value={limit} onChange={setLimit} aria-label="Sessions shown" />
        </Group>
      </Group>

      {list.isPending && <LoadingBlock label="Loading sessions" />}
      {list.isError && <QueryError title="Sessions could not be loaded" error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && list.data.length === 0 && (
        <EmptyState title={filtering ? 'No sessions match these filters' : 'No sessions yet'}>
          {filtering
            ? 'Clear the status or monitor filter to see every run.'
            : 'Monitors run on their schedule; use “Run now” on a monitor to start one at once.'}
        </EmptyState>
      )}
      {list.data && list.data.length > 0 && <SessionsTable sessions={list.data} />}
    </>
  );
}
