import { Badge, Modal, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SubscriberView } from '../../../src-shared/schemas/status-page-public';
import { DenseTable } from '../../components/dense-table';
import { LoadingBlock } from '../../components/loading-block';
import { QueryError } from '../../components/query-error';
import { RowAction } from '../../components/row-action';
import { TrashIcon } from '../../components/trash-icon';
import { errorMessage } from '../../lib/api-errors';
import { useTRPC } from '../../lib/trpc';
import { formatWhen } from './incident-display';

const MAIL_COLORS: Record<NonNullable<SubscriberView['lastEmail']>['status'], string> = { PENDING: 'blue', SENT: 'teal', FAILED: 'red', SKIPPED: 'gray' };

function LastEmail({ mail }: { mail: SubscriberView['lastEmail'] }) {
  if (!mail) return <Text size="sm" c="dimmed">None yet</Text>;
  const what = mail.kind === 'CONFIRM' ? 'Confirmation' : 'Incident update';
  return (
    <Stack gap={0}>
      <Text size="sm">
        {what} · {formatWhen(mail.at)}{' '}
        <Badge size="xs" variant="light" color={MAIL_COLORS[mail.status]}>
          {mail.status === 'PENDING' && mail.result ? 'RETRYING' : mail.status}
        </Badge>
      </Text>
      {mail.result && mail.status !== 'SENT' && (
        <Text size="xs" c={mail.status === 'FAILED' ? 'red' : 'dimmed'}>
          {mail.result}
        </Text>
      )}
    </Stack>
  );
}

/** The subscribers of one page: who confirmed, how their last mail went, and removal. */
export function SubscribersModal({ page, onClose }: { page: { id: string; name: string } | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const subscribers = useQuery({ ...trpc.statusPages.subscribers.list.queryOptions({ statusPageId: page?.id ?? '' }), enabled: page !== null });
  const remove = useMutation(
    trpc.statusPages.subscribers.remove.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: 'teal', title: 'Subscriber removed', message: 'They receive no more mail from this page.' });
        await queryClient.invalidateQueries(trpc.statusPages.subscribers.pathFilter());
      },
      onError: (error) => notifications.show({ color: 'red', title: 'The subscriber was not removed', message: errorMessage(error) }),
    }),
  );
  return (
    <Modal opened={page !== null} onClose={onClose} title={`Subscribers of ${page?.name ?? ''}`} size="xl" centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          People subscribe on the public page and confirm by email (double opt-in). Incidents and updates posted with “notify subscribers” are mailed to
          confirmed subscribers through the SMTP server in Settings; every mail has a one-click unsubscribe link.
        </Text>
        {subscribers.isPending && <LoadingBlock label="Loading subscribers" />}
        {subscribers.isError && <QueryError title="Subscribers could not be loaded" error={subscribers.error} onRetry={() => void subscribers.refetch()} />}
        {subscribers.data && subscribers.data.length === 0 && (
          <Text size="sm" c="dimmed" role="status">
            No subscribers yet.
          </Text>
        )}
        {subscribers.data && subscribers.data.length > 0 && (
          <DenseTable label="Subscribers" columns={['Email', 'Status', 'Subscribed', 'Last email']} highlightOnHover={false} verticalSpacing={4}>
            {subscribers.data.map((subscriber) => (
              <Table.Tr key={subscriber.id}>
                <Table.Td fw={500}>{subscriber.email}</Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={subscriber.status === 'CONFIRMED' ? 'teal' : 'gray'}>
                    {subscriber.status === 'CONFIRMED' ? 'Confirmed' : 'Unconfirmed'}
                  </Badge>
                </Table.Td>
                <Table.Td c="dimmed">{formatWhen(subscriber.createdAt)}</Table.Td>
                <Table.Td>
                  <LastEmail mail={subscriber.lastEmail} />
                </Table.Td>
                <Table.Td>
                  <RowAction
                    tooltip="Remove subscriber"
                    label={`Remove ${subscriber.email}`}
                    icon={<TrashIcon />}
                    color="red"
                    loading={remove.isPending && remove.variables?.id === subscriber.id}
                    onClick={() => remove.mutate({ id: subscriber.id })}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </DenseTable>
        )}
      </Stack>
    </Modal>
  );
}
