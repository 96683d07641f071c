import { Anchor, Badge, Group, List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTRPC } from '../../lib/trpc';
import { channelName } from '../alert-channels/channel-display';

interface Subscription {
  alertChannelId: number;
  activated: boolean;
}

function subscriptionsOf(value: unknown): Subscription[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((raw: unknown) => {
    if (!raw || typeof raw !== 'object') return [];
    const item = raw as Record<string, unknown>;
    return typeof item.alertChannelId === 'number' ? [{ alertChannelId: item.alertChannelId, activated: item.activated !== false }] : [];
  });
}

/** The channels a group subscribes: they receive the alerts of every monitor in it. */
export function GroupAlertChannels({ subscriptions }: { subscriptions: unknown }) {
  const trpc = useTRPC();
  const channels = useQuery(trpc.alertChannels.list.queryOptions({ limit: 100, page: 1 }));
  const items = subscriptionsOf(subscriptions);
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No alert channel is subscribed: its monitors alert only through their own. Subscribe one from{' '}
        {/* Underlined: inside a sentence, colour alone does not tell a link (WCAG 1.4.1). */}
        <Anchor component={Link} to="/alert-channels" size="sm" underline="always">
          Alert channels
        </Anchor>
        .
      </Text>
    );
  }
  const byId = new Map((channels.data?.items ?? []).map((channel) => [channel.id, channel]));
  return (
    <List size="sm" spacing={4} aria-label="The group's alert channels">
      {items.map((item) => {
        const channel = byId.get(item.alertChannelId);
        return (
          <List.Item key={item.alertChannelId}>
            <Group gap="xs">
              <Anchor component={Link} to={`/alert-channels/${item.alertChannelId}`} size="sm">
                {channel ? channelName(channel) : `Channel ${item.alertChannelId}`}
              </Anchor>
              {!item.activated && (
                <Badge size="xs" color="gray" variant="light">
                  Paused
                </Badge>
              )}
            </Group>
          </List.Item>
        );
      })}
    </List>
  );
}
