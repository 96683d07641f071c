import { ActionIcon, Badge, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { EditIcon } from '../../components/edit-icon';
import { TrashIcon } from '../../components/trash-icon';
import { SendIcon } from './send-icon';
import { useSendTest } from './use-send-test';
import { ChannelFlag as Flag } from './channel-flag';
import { CHANNEL_TYPE_LABELS, channelName, channelTarget, type AlertChannelItem } from './channel-display';

interface AlertChannelsTableProps {
  channels: readonly AlertChannelItem[];
  onDelete: (channel: AlertChannelItem) => void;
}

export function AlertChannelsTable({ channels, onDelete }: AlertChannelsTableProps) {
  const sendTest = useSendTest();
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped highlightOnHover verticalSpacing={6} fz="sm" aria-label="Alert channels">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Type</Table.Th>
            <Table.Th>Target</Table.Th>
            <Table.Th>Sends</Table.Th>
            <Table.Th>Subscriptions</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
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
                  </Group>
                </Table.Td>
                <Table.Td>{channel.subscriptions.length}</Table.Td>
                <Table.Td>
                  <Group gap={2} wrap="nowrap">
                    <Tooltip label="Send test notification" withArrow>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Send test notification to ${label}`}
                        loading={sendTest.isPending && sendTest.variables.alertChannelId === channel.id}
                        onClick={() => sendTest.mutate({ alertChannelId: channel.id })}
                      >
                        <SendIcon />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Edit and manage subscriptions" withArrow>
                      <ActionIcon component={Link} to={`/alert-channels/${channel.id}`} variant="subtle" aria-label={`Edit ${label}`}>
                        <EditIcon />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Delete alert channel" withArrow>
                      <ActionIcon variant="subtle" color="red" aria-label={`Delete ${label}`} onClick={() => onDelete(channel)}>
                        <TrashIcon />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
