import { Anchor, Code, Drawer, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadingBlock } from '../../components/loading-block';
import { QueryError } from '../../components/query-error';
import { useTRPC } from '../../lib/trpc';
import { formatTime, notificationChannelLabel, notificationCheckLabel } from './notification-display';
import { NotificationStatusBadge } from './notification-status-badge';

interface NotificationDetailDrawerProps {
  id: string | null;
  onClose: () => void;
}

export function NotificationDetailDrawer({ id, onClose }: NotificationDetailDrawerProps) {
  return (
    <Drawer opened={id !== null} onClose={onClose} position="right" size="xl" title="Notification">
      {id && <NotificationDetail id={id} />}
    </Drawer>
  );
}

function NotificationDetail({ id }: { id: string }) {
  const trpc = useTRPC();
  const detail = useQuery(trpc.alerts.getNotification.queryOptions({ id }));
  if (detail.isPending) return <LoadingBlock label="Loading notification" />;
  if (detail.isError) return <QueryError title="The notification could not be loaded" error={detail.error} onRetry={() => void detail.refetch()} />;
  const n = detail.data;
  const rows: [string, ReactNode][] = [
    ['Status', <NotificationStatusBadge key="status" status={n.status} />],
    ['Alert type', <Code key="alert">{n.alertType}</Code>],
    [
      'Channel',
      n.channelExists ? (
        <Anchor key="channel" component={Link} to={`/alert-channels/${n.alertChannelId}`} size="sm">
          {notificationChannelLabel(n)}
        </Anchor>
      ) : (
        notificationChannelLabel(n)
      ),
    ],
    [
      'Check',
      n.checkId && n.checkName !== null ? (
        <Anchor key="check" component={Link} to={`/monitors/${n.checkId}`} size="sm">
          {notificationCheckLabel(n)}
        </Anchor>
      ) : (
        notificationCheckLabel(n)
      ),
    ],
    ['Recorded', formatTime(n.createdAt)],
    ['Last sent', n.timestamp ? formatTime(n.timestamp) : 'not sent'],
    ['Attempts', n.attempts],
    ['Notification id', <Code key="id">{n.id}</Code>],
    ...(n.digestId ? ([['Carried by digest', <Code key="digest">{n.digestId}</Code>]] as [string, ReactNode][]) : []),
  ];
  return (
    <Stack gap="md" aria-label="Notification detail">
      <Table variant="vertical" withTableBorder fz="sm" verticalSpacing={4}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={160}>{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={5}>Notification result</Title>
      {n.notificationResult ? (
        <Code block aria-label="Notification result" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {n.notificationResult}
        </Code>
      ) : (
        <Text size="sm" c="dimmed">
          Nothing recorded yet.
        </Text>
      )}
      <Title order={5}>Channel configuration used</Title>
      <Code block aria-label="Alert config">
        {JSON.stringify(n.alertConfig, null, 2)}
      </Code>
    </Stack>
  );
}
