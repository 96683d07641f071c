import { Button, Group, Select, Switch, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatAt } from '../../lib/date-time';
import { useTRPC } from '../../lib/trpc';
import { channelName } from '../alert-channels/channel-display';
import { fromLocalInput, previousDayEnd, toLocalInput, type NotificationFilters as Filters } from './notification-query';

interface NotificationFiltersProps {
  value: Filters;
  onChange: (patch: Partial<Filters>) => void;
  /** The window the server used, UNIX seconds, once a page has loaded. */
  window: { from: number; to: number } | null;
}

export function NotificationFilters({ value, onChange, window }: NotificationFiltersProps) {
  const trpc = useTRPC();
  const channels = useQuery(trpc.alertChannels.list.queryOptions({ limit: 100, page: 1 }));
  const channelOptions = (channels.data?.items ?? []).map((channel) => ({ value: String(channel.id), label: channelName(channel) }));
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        type="datetime-local"
        label="Window ends"
        description="Shows the 24 hours before this time."
        w={230}
        value={value.to === null ? '' : toLocalInput(value.to)}
        onChange={(event) => onChange({ to: fromLocalInput(event.currentTarget.value), page: 1 })}
      />
      <Button variant={value.to === null ? 'light' : 'default'} onClick={() => onChange({ to: null, page: 1 })}>
        Last 24 h
      </Button>
      <Button variant="default" onClick={() => onChange({ to: previousDayEnd(value.to), page: 1 })}>
        Previous day
      </Button>
      <Select
        label="Channel"
        placeholder="All channels"
        data={channelOptions}
        searchable
        clearable
        w={300}
        value={value.alertChannelId === null ? null : String(value.alertChannelId)}
        onChange={(id) => onChange({ alertChannelId: id ? Number(id) : null, page: 1 })}
      />
      <Switch
        label="Failures only"
        mb={8}
        checked={value.failuresOnly}
        onChange={(event) => onChange({ failuresOnly: event.currentTarget.checked, page: 1 })}
      />
      {window && (
        <Text size="xs" c="dimmed" mb={8} aria-label="Window shown">
          {formatAt(window.from * 1000)} – {formatAt(window.to * 1000)}
        </Text>
      )}
    </Group>
  );
}
