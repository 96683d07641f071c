import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { QueryError } from '../../components/query-error';
import { useTRPC } from '../../lib/trpc';
import { channelName } from './channel-display';
import { channelSourceText } from './effective-alerting';

/**
 * The channels a monitor's alerts reach as alerting applies it (its own subscriptions and its
 * group's), each with whose subscription brings it there, and who mutes it.
 */
export function EffectiveAlertChannels({ checkId }: { checkId: string }) {
  const trpc = useTRPC();
  const effective = useQuery(trpc.alerts.effectiveForCheck.queryOptions({ checkId }));
  const channels = useQuery(trpc.alertChannels.list.queryOptions({ limit: 100, page: 1 }));
  if (effective.isError) return <QueryError title="How this monitor alerts could not be loaded" error={effective.error} onRetry={() => void effective.refetch()} />;
  if (!effective.data) return null;
  const data = effective.data;
  const groupName = data.group?.name ?? null;
  const byId = new Map((channels.data?.items ?? []).map((channel) => [channel.id, channel]));
  return (
    <Stack gap={4}>
      <Title order={4}>Alert channels</Title>
      {data.mutedBy && (
        <Text size="sm" fw={600}>
          Muted {data.mutedBy === 'group' ? `by its group “${groupName ?? ''}”` : 'on this monitor'}: it runs, but no alert is sent.
        </Text>
      )}
      {data.channels.length === 0 ? (
        <Text size="sm">
          None: no alert is sent. {data.group ? 'Neither this monitor nor its group subscribes a channel; subscribe one' : 'Subscribe one'} from{' '}
          {/* Underlined: inside a sentence, colour alone does not tell a link (WCAG 1.4.1). */}
          <Anchor component={Link} to="/alert-channels" size="sm" underline="always">
            Alert channels
          </Anchor>
          .
        </Text>
      ) : (
        <List size="sm" spacing={2} aria-label="Channels that receive its alerts">
          {data.channels.map((item) => {
            const channel = byId.get(item.alertChannelId);
            return (
              <List.Item key={item.alertChannelId}>
                <Anchor component={Link} to={`/alert-channels/${item.alertChannelId}`} size="sm" underline="always">
                  {channel ? channelName(channel) : `Channel ${item.alertChannelId}`}
                </Anchor>{' '}
                — subscribed by {channelSourceText(item, groupName)}
              </List.Item>
            );
          })}
        </List>
      )}
    </Stack>
  );
}
