import { Badge, Group, Table, Text } from '@mantine/core';
import { useGate } from '../../components/access';
import { DenseTable } from '../../components/dense-table';
import { ViewIcon } from '../../components/view-icon';
import { EditIcon } from '../../components/edit-icon';
import { RowAction } from '../../components/row-action';
import { TrashIcon } from '../../components/trash-icon';
import { SendIcon } from './send-icon';
import { useSendTest } from './use-send-test';
import { ChannelFlag as Flag } from './channel-flag';
import { CHANNEL_TYPE_LABELS, channelName, channelTarget, type AlertChannelItem } from './channel-display';

interface AlertChannelsTableProps {
  channels: readonly AlertChannelItem[];
  onDelete: (channel: AlertChannelItem) => void;
}

const COLUMNS = ['Type', 'Target', 'Sends', 'Subscriptions'];

export function AlertChannelsTable({ channels, onDelete }: AlertChannelsTableProps) {
  const sendTest = useSendTest();
  // A key that may not change channels gets only "View"; the note above the table says why.
  const { allowed: mayChange } = useGate('write');
  return (
    <DenseTable label="Alert channels" columns={COLUMNS} minWidth={820}>
      {channels.map((channel) => {
        const label = channelName(channel);
        return (
          <Table.Tr key={channel.id}>
            <Table.Td>
              <Badge size="sm" variant="default" radius="xs" tt="none">
                {CHANNEL_TYPE_LABELS[channel.type]}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Text ff="monospace" size="sm" truncate maw={360}>
                {typeof channel.config.name === 'string' ? `${channel.config.name} — ${channelTarget(channel)}` : channelTarget(channel)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                <Flag on={channel.sendFailure} label="failure" />
                <Flag on={channel.sendRecovery} label="recovery" />
                <Flag on={channel.sendDegraded} label="degraded" />
                {channel.sslExpiry && <Flag on label={`SSL ${channel.sslExpiryThreshold} d`} />}
                {channel.autoSubscribe && <Flag on label="auto-subscribe" />}
                {channel.sendSystemNotices && <Flag on label="agent notices" />}
              </Group>
            </Table.Td>
            <Table.Td>{channel.subscriptions.length}</Table.Td>
            <Table.Td>
              <Group gap={2} wrap="nowrap">
                {mayChange ? (
                  <>
                    <RowAction
                      tooltip="Send test notification"
                      label={`Send test notification to ${label}`}
                      icon={<SendIcon />}
                      loading={sendTest.isPending && sendTest.variables.alertChannelId === channel.id}
                      onClick={() => sendTest.mutate({ alertChannelId: channel.id })}
                    />
                    <RowAction tooltip="Edit and manage subscriptions" label={`Edit ${label}`} icon={<EditIcon />} to={`/alert-channels/${channel.id}`} />
                    <RowAction tooltip="Delete alert channel" label={`Delete ${label}`} icon={<TrashIcon />} color="red" onClick={() => onDelete(channel)} />
                  </>
                ) : (
                  <RowAction tooltip="View settings and subscriptions" label={`View ${label}`} icon={<ViewIcon />} to={`/alert-channels/${channel.id}`} />
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </DenseTable>
  );
}
