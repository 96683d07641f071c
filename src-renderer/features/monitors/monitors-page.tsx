import { Alert, Button, Center, Group, Loader, Pagination, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api-errors';
import { useTRPC } from '../../lib/trpc';
import { toMonitorRow, type MonitorRow } from './check-display';
import { DeleteMonitorModal } from './delete-monitor-modal';
import { MonitorsTable } from './monitors-table';
import { NewIcmpMonitorButton } from './new-icmp-monitor-button';

const PAGE_SIZE = 20;

export function MonitorsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 250);
  const [pendingDelete, setPendingDelete] = useState<MonitorRow | null>(null);

  const list = useQuery(
    trpc.checks.list.queryOptions(
      { limit: PAGE_SIZE, page, search: debouncedSearch || undefined },
      { placeholderData: keepPreviousData },
    ),
  );

  const remove = useMutation(
    trpc.checks.delete.mutationOptions({
      onSuccess: async () => {
        const name = pendingDelete?.name ?? 'The monitor';
        // Deleting the only row of a later page would leave the operator looking at an empty page.
        if (list.data && list.data.items.length === 1 && page > 1) setPage(page - 1);
        setPendingDelete(null);
        notifications.show({ color: 'teal', title: 'Monitor deleted', message: `“${name}” was deleted.` });
        await queryClient.invalidateQueries(trpc.checks.pathFilter());
      },
    }),
  );

  const openDelete = (check: MonitorRow) => {
    remove.reset();
    setPendingDelete(check);
  };

  const totalPages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  const searching = debouncedSearch.length > 0;

  return (
    <>
      <PageHeader
        title="Monitors"
        description="Every check Sightline runs, with its target, schedule and state."
        actions={<NewIcmpMonitorButton />}
      />
      <Group mb="sm" justify="space-between">
        <TextInput
          aria-label="Search monitors"
          placeholder="Search by name"
          type="search"
          w={280}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
        {list.data && (
          <Text size="sm" c="dimmed">
            {list.data.total} {list.data.total === 1 ? 'monitor' : 'monitors'}
          </Text>
        )}
      </Group>

      {list.isPending && (
        <Center py="xl">
          <Loader aria-label="Loading monitors" />
        </Center>
      )}

      {list.isError && (
        <Alert color="red" variant="light" role="alert" title="Monitors could not be loaded">
          <Text size="sm" mb="xs">
            {errorMessage(list.error)}
          </Text>
          <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      )}

      {list.data && list.data.total === 0 && !searching && (
        <EmptyState title="No monitors yet — create an ICMP monitor to start watching a host" action={<NewIcmpMonitorButton variant="light" />}>
          An ICMP monitor pings a host on a schedule and alerts you when it stops answering or starts losing packets.
        </EmptyState>
      )}

      {list.data && list.data.items.length === 0 && searching && (
        <EmptyState title={`No monitors match “${debouncedSearch}”`}>Check the spelling or clear the search.</EmptyState>
      )}

      {list.data && list.data.items.length > 0 && (
        <>
          <MonitorsTable monitors={list.data.items.map(toMonitorRow)} onDelete={openDelete} />
          {totalPages > 1 && (
            <Group justify="flex-end" mt="sm">
              <Pagination total={totalPages} value={page} onChange={setPage} size="sm" aria-label="Monitor pages" />
            </Group>
          )}
        </>
      )}

      <DeleteMonitorModal
        monitorName={pendingDelete?.name ?? null}
        deleting={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
        onConfirm={() => pendingDelete && remove.mutate({ id: pendingDelete.id })}
        onClose={() => setPendingDelete(null)}
      />
    </>
  );
}
