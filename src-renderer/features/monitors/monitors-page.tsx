import { Group, Pagination, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { LoadingBlock } from '../../components/loading-block';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { useTRPC } from '../../lib/trpc';
import { toMonitorRow, type MonitorRow } from './check-display';
import { DeleteMonitorModal } from './delete-monitor-modal';
import { MonitorFilters, type MonitorFilterValues } from './monitor-filters';
import { MonitorsTable } from './monitors-table';
import { NewMonitorButtons } from './new-monitor-buttons';

const PAGE_SIZE = 20;

export function MonitorsPage() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<MonitorFilterValues>({ search: '', checkType: null, tags: [] });
  const [debouncedSearch] = useDebouncedValue(filters.search.trim(), 250);
  const [pendingDelete, setPendingDelete] = useState<MonitorRow | null>(null);

  const list = useQuery(
    trpc.checks.list.queryOptions(
      {
        limit: PAGE_SIZE,
        page,
        search: debouncedSearch || undefined,
        checkType: filters.checkType ?? undefined,
        tag: filters.tags.length > 0 ? filters.tags : undefined,
      },
      { placeholderData: keepPreviousData },
    ),
  );
  const groups = useQuery(trpc.checkGroups.list.queryOptions({ limit: 100, page: 1 }));
  const groupNames = new Map((groups.data?.items ?? []).map((group) => [group.id, group.name]));

  const totalPages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  const filtering = debouncedSearch.length > 0 || filters.checkType !== null || filters.tags.length > 0;

  return (
    <>
      <PageHeader title="Monitors" description="Every check Sightline runs, with its target, schedule and state." actions={<NewMonitorButtons />} />
      <Group mb="sm" justify="space-between" align="flex-end">
        <MonitorFilters
          value={filters}
          onChange={(next) => {
            setFilters(next);
            setPage(1);
          }}
        />
        {list.data && (
          <Text size="sm" c="dimmed">
            {list.data.total} {list.data.total === 1 ? 'monitor' : 'monitors'}
          </Text>
        )}
      </Group>

      {list.isPending && <LoadingBlock label="Loading monitors" />}
      {list.isError && <QueryError title="Monitors could not be loaded" error={list.error} onRetry={() => void list.refetch()} />}

      {list.data && list.data.total === 0 && !filtering && (
        <EmptyState
          title="No monitors yet — create an ICMP monitor to start watching a host"
          action={
            <Group gap="xs" justify="center">
              <NewMonitorButtons variant="light" />
            </Group>
          }
        >
          An ICMP monitor pings a host on a schedule and alerts you when it stops answering or starts losing packets. Traceroute monitors watch the path
          to a host; multi-step checks run a script against your APIs.
        </EmptyState>
      )}

      {list.data && list.data.items.length === 0 && filtering && (
        <EmptyState title="No monitors match these filters">Check the spelling, or clear the search, type and tag filters.</EmptyState>
      )}

      {list.data && list.data.items.length > 0 && (
        <>
          <MonitorsTable monitors={list.data.items.map(toMonitorRow)} groupNames={groupNames} onDelete={setPendingDelete} />
          {totalPages > 1 && (
            <Group justify="flex-end" mt="sm">
              <Pagination total={totalPages} value={page} onChange={setPage} size="sm" aria-label="Monitor pages" />
            </Group>
          )}
        </>
      )}

      <DeleteMonitorModal
        monitor={pendingDelete}
        onClose={() => setPendingDelete(null)}
        onDeleted={() => {
          // Deleting the only row of a later page would leave the operator looking at an empty page.
          if (list.data && list.data.items.length === 1 && page > 1) setPage(page - 1);
          setPendingDelete(null);
        }}
      />
    </>
  );
}
