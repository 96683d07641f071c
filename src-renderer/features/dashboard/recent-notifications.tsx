import { Anchor, Code, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DenseTable } from '../../components/dense-table';
import { channelName } from '../alert-channels/channel-display';
import { NotificationStatusBadge } from '../notifications/notification-status-badge';
import { formatMoment } from './elapsed';
import type { DashboardSummary } from './use-dashboard-summary';

const COLUMNS = ['Time', 'Channel', 'Monitor', 'Alert', 'Status'];

/** The account's newest alert notifications, named by channel and monitor. */
export function RecentNotifications({ items }: { items: DashboardSummary['notifications'] }) {
  return (
    <DenseTable label="Recent notifications" columns={COLUMNS} hiddenColumn={null} minWidth={720} verticalSpacing={4}>
      {items.map((item) => (
        <Table.Tr key={item.id}>
          <Table.Td c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatMoment(item.sentAt ?? item.createdAt)}
          </Table.Td>
          <Table.Td>
            <Anchor component={Link} to={`/alert-channels/${item.channel.id}`} size="sm">
              {channelName(item.channel)}
            </Anchor>
          </Table.Td>
          <Table.Td>
            {item.checkId ? (
              <Anchor component={Link} to={`/monitors/${item.checkId}`} size="sm">
                {item.checkName ?? item.checkId}
              </Anchor>
            ) : (
              <Text size="sm" c="dimmed">
                {item.alertType === 'TEST' ? 'Test notification' : '—'}
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            <Code>{item.alertType}</Code>
          </Table.Td>
          <Table.Td>
            <NotificationStatusBadge status={item.status} />
          </Table.Td>
        </Table.Tr>
      ))}
    </DenseTable>
  );
}
