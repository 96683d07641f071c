import { Group, Pagination, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../components/empty-state';
import { LoadingBlock } from '../../components/loading-block';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { useTRPC } from '../../lib/trpc';
import { NotificationDetailDrawer } from './notification-detail-drawer';
import { NotificationFilters } from './notification-filters';
import { useNotificationFilters } from './notification-query';
import { NotificationsTable } from './notifications-table';

const PAGE_SIZE = 50;
/** Deliveries happen after the answer; while any listed one is IN_PROGRESS the log polls for its outcome. */
const IN_PROGRESS_POLL_MS = 2000;

export function NotificationsPage() {
  const trpc = useTRPC();
  const [filters, setFilters] = useNotificationFilters();
  const input = {
    limit: PAGE_SIZE,
    page: filters.page,
    ...(filters.to !== null && { to: filters.to }),
    ...(filters.alertChannelId !== null && { alertChannelId: filters.alertChannelId }),
    ...(filters.failuresOnly && { hasFailures: true }),
  };
  const list = useQuery(
    trpc.alerts.listNotifications.queryOptions(input, {
      placeholderData: keepPreviousData,
      refetchInterval: (query) => (query.state.data?.items.some((item) => item.status === 'IN_PROGRESS') ? IN_PROGRESS_POLL_MS : false),
    }),
  );
  const totalPages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  const filtered = filters.alertChannelId !== null || filters.failuresOnly;

  return (
    <>
      <PageHeader
        title="Notifications"
        description="The alert notifications Sightline has sent in a 24-hour window, with the channel used and whether delivery succeeded."
      />
      <Stack gap="sm">
        <NotificationFilters value={filters} onChange={setFilters} window={list.data ? { from: list.data.from, to: list.data.to } : null} />
        {list.isPending && <LoadingBlock label="Loading notifications" />}
        {list.isError && <QueryError title="Notifications could not be loaded" error={list.error} onRetry={() => void list.refetch()} />}
        {list.data && list.data.total === 0 && (
          <EmptyState title={filtered ? 'No notifications match these filters' : 'No notifications in this window'}>
            {filtered
              ? 'Clear the channel filter or “Failures only”, or look at another day.'
              : 'Alerts appear here once a monitor fails or recovers; use “Send test notification” on an alert channel to try one.'}
          </EmptyState>
        )}
        {list.data && list.data.items.length > 0 && (
          <>
            <NotificationsTable items={list.data.items} onOpen={(openId) => setFilters({ openId })} />
            {totalPages > 1 && (
              <Group justify="flex-end">
                <Pagination total={totalPages} value={filters.page} onChange={(page) => setFilters({ page })} size="sm" aria-label="Notification pages" />
              </Group>
            )}
          </>
        )}
      </Stack>
      <NotificationDetailDrawer id={filters.openId} onClose={() => setFilters({ openId: null })} />
    </>
  );
}
