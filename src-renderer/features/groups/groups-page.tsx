import { Group, Pagination } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AccessNote } from '../../components/access';
import { EmptyState } from '../../components/empty-state';
import { LoadingBlock } from '../../components/loading-block';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { useTRPC } from '../../lib/trpc';
import { DeleteGroupModal } from './delete-group-modal';
import { GroupsTable, type GroupItem } from './groups-table';
import { NewGroupButton } from './new-group-button';

const PAGE_SIZE = 20;

export function GroupsPage() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const [pendingDelete, setPendingDelete] = useState<GroupItem | null>(null);
  const list = useQuery(trpc.checkGroups.list.queryOptions({ limit: PAGE_SIZE, page }, { placeholderData: keepPreviousData }));
  const totalPages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;

  return (
    <>
      <PageHeader
        title="Groups"
        description="Check groups share settings — locations, retries, alert settings, variables — across the monitors they contain."
        actions={<NewGroupButton />}
      />
      <AccessNote access="write">Groups are read-only for this key</AccessNote>
      {list.isPending && <LoadingBlock label="Loading groups" />}
      {list.isError && <QueryError title="Groups could not be loaded" error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && list.data.total === 0 && (
        <EmptyState title="No groups yet — create one to share settings between monitors" action={<NewGroupButton variant="light" />}>
          Then pick the group on a monitor's edit page.
        </EmptyState>
      )}
      {list.data && list.data.items.length > 0 && (
        <>
          <GroupsTable groups={list.data.items} onDelete={setPendingDelete} />
          {totalPages > 1 && (
            <Group justify="flex-end" mt="sm">
              <Pagination total={totalPages} value={page} onChange={setPage} size="sm" aria-label="Group pages" />
            </Group>
          )}
        </>
      )}
      <DeleteGroupModal group={pendingDelete} onClose={() => setPendingDelete(null)} onDeleted={() => setPendingDelete(null)} />
    </>
  );
}
