import { Anchor, Badge, Button, Code, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DenseTable } from '../../components/dense-table';
import { CHANNEL_TYPE_LABELS } from '../alert-channels/channel-display';
import { formatTime, notificationTime, resultSnippet, type NotificationItem } from './notification-display';
import { NotificationStatusBadge } from './notification-status-badge';

interface NotificationsTableProps {
  items: readonly NotificationItem[];
  checkNames: ReadonlyMap<string, string>;
  onOpen: (id: string) => void;
}

const COLUMNS = ['Time', 'Channel', 'Status', 'Check', 'Alert', 'Result'];

function CheckCell({ item, checkNames }: { item: NotificationItem; checkNames: ReadonlyMap<string, string> }) {
  if (!item.checkId) return <Text size="sm" c="dimmed">{item.alertType === 'TEST' ? 'Test notification' : '—'}</Text>;
  return (
    <Anchor component={Link} to={`/monitors/${item.checkId}`} size="sm">
      {checkNames.get(item.checkId) ?? item.checkId}
    </Anchor>
  );
}

export function NotificationsTable({ items, checkNames, onOpen }: NotificationsTableProps) {
  return (
    <DenseTable label="Notifications" columns={COLUMNS} hiddenColumn="Details" minWidth={960} verticalSpacing={4}>
      {items.map((item) => (
        <Table.Tr key={item.id} onClick={() => onOpen(item.id)} style={{ cursor: 'pointer' }}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTime(notificationTime(item))}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <Badge size="sm" variant="default" radius="xs" tt="none">
              {CHANNEL_TYPE_LABELS[item.type]}
            </Badge>{' '}
            <Anchor component={Link} to={`/alert-channels/${item.alertChannelId}`} size="xs" onClick={(event) => event.stopPropagation()}>
              #{item.alertChannelId}
            </Anchor>
          </Table.Td>
          <Table.Td>
            <NotificationStatusBadge status={item.status} />
          </Table.Td>
          <Table.Td onClick={(event) => event.stopPropagation()}>
            <CheckCell item={item} checkNames={checkNames} />
          </Table.Td>
          <Table.Td>
            <Code>{item.alertType}</Code>
          </Table.Td>
          <Table.Td>
            <Text size="xs" ff="monospace" truncate maw={320}>
              {resultSnippet(item.notificationResult)}
            </Text>
          </Table.Td>
          <Table.Td ta="right">
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={(event) => {
                event.stopPropagation();
                onOpen(item.id);
              }}
            >
              Details
            </Button>
          </Table.Td>
        </Table.Tr>
      ))}
    </DenseTable>
  );
}
