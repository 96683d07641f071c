import { Button, Group, Pagination } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { AccessNote, Gate } from '../../components/access';
import { EmptyState } from '../../components/empty-state';
import { LoadingBlock } from '../../components/loading-block';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { useTRPC } from '../../lib/trpc';
import { AlertChannelsTable } from './alert-channels-table';
import { channelName, type AlertChannelItem } from './channel-display';
import { DeleteChannelModal } from './delete-channel-modal';

const PAGE_SIZE = 20;

export function AlertChannelsPage() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const [pendingDelete, setPendingDelete] = useState<AlertChannelItem | null>(null);
  const list = useQuery(trpc.alertChannels.list.queryOptions({ limit: PAGE_SIZE, page }, { placeholderData: keepPreviousData }));
  const totalPages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  const newButton = (
    <Gate access="write">
      <Button component={Link} to="/alert-channels/new">
        New alert channel
      </Button>
    </Gate>
  );

  return (
    <>
      <PageHeader
        title="Alert channels"
        description="Where alerts go when a monitor fails or recovers: email, Slack, webhooks, SMS, phone calls, PagerDuty and Opsgenie."
        actions={newButton}
      />
      <AccessNote access="write">Alert channels are read-only for this key</AccessNote>
      {list.isPending && <LoadingBlock label="Loading alert channels" />}
      {list.isError && <QueryError title="Alert channels could not be loaded" error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && list.data.total === 0 && (
        <EmptyState title="No alert channels yet — add one so failing monitors can reach you" action={newButton}>
          Then subscribe monitors to it from the channel's page, or let it subscribe new monitors automatically.
        </EmptyState>
      )}
      {list.data && list.data.items.length > 0 && (
        <>
          <AlertChannelsTable channels={list.data.items} onDelete={setPendingDelete} />
          {totalPages > 1 && (
            <Group justify="flex-end" mt="sm">
              <Pagination total={totalPages} value={page} onChange={setPage} size="sm" aria-label="Alert channel pages" />
            </Group>
          )}
        </>
      )}
      <DeleteChannelModal
        channel={pendingDelete ? { id: pendingDelete.id, label: channelName(pendingDelete) } : null}
        onClose={() => setPendingDelete(null)}
        onDeleted={() => setPendingDelete(null)}
      />
    </>
  );
}
