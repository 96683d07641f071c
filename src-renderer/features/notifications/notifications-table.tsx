import { Anchor, Button, Code, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DenseTable } from '../../components/dense-table';
import { formatTime, notificationChannelLabel, notificationCheckLabel, notificationTime, resultSnippet, type NotificationItem } from './notification-display';
import { NotificationStatusBadge } from './notification-status-badge';

interface NotificationsTableProps {
  items: readonly NotificationItem[];
  onOpen: (id: string) => void;
}

const COLUMNS = ['Time', 'Channel', 'Status', 'Check', 'Alert', 'Result'];

function CheckCell({ item }: { item: NotificationItem }) {
  const label = notificationCheckLabel(item);
  if (!item.checkId || item.checkName === null) return <Text size="sm" c="dimmed">{label}</Text>;
  return (
    <Anchor component={Link} to={`/monitors/${item.checkId}`} size="sm">
      {label}
    </Anchor>
  );
}

function ChannelCell({ item }: { item: NotificationItem }) {
  const label = notificationChannelLabel(item);
  if (!item.channelExists) return <Text size="sm" c="dimmed">{label}</Text>;
  return (
    <Anchor component={Link} to={`/alert-channels/${item.alertChannelId}`} size="sm" onClick={(event) => event.stopPropagation()}>
      {label}
    </Anchor>
  );
}

/** A notification that came over its channel's budget names the digest that carries it; the link opens that digest. */
function DigestLink({ digestId, onOpen }: { digestId: string; onOpen: (id: string) => void }) {
  return (
    <Anchor
      component="button"
      type="button"
      size="xs"
      aria-label={`Carried by digest ${digestId}`}
      onClick={(event) => {
        event.stopPropagation();
        onOpen(digestId);
      }}
    >
      Carried by digest {digestId.slice(0, 8)}
    </Anchor>
  );
}

export function NotificationsTable({ items, onOpen }: NotificationsTableProps) {
  return (
    <DenseTable label="Notifications" columns={COLUMNS} hiddenColumn="Details" minWidth={960} verticalSpacing={4}>
      {items.map((item) => (
        <Table.Tr key={item.id} onClick={() => onOpen(item.id)} style={{ cursor: 'pointer' }}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTime(notificationTime(item))}</Table.Td>
          <Table.Td>
            <ChannelCell item={item} />
          </Table.Td>
          <Table.Td>
            <NotificationStatusBadge status={item.status} />
          </Table.Td>
          <Table.Td onClick={(event) => event.stopPropagation()}>
            <CheckCell item={item} />
          </Table.Td>
          <Table.Td>
            <Code>{item.alertType}</Code>
          </Table.Td>
          <Table.Td>
            {item.digestId && <DigestLink digestId={item.digestId} onOpen={onOpen} />}
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
