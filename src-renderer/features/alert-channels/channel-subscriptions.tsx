import { Anchor, Badge, Button, Group, Select, Stack, Table, Text, Title, Alert, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useGate } from '../../components/access';
import { errorMessage } from '../../lib/api-errors';
import { useTRPC } from '../../lib/trpc';
import type { AlertChannelItem } from './channel-display';
import { channelValuesOf, toChannelBody } from './channel-form-model';

/** Which monitors and groups send their alerts to this channel; subscribe adds one, unsubscribe replaces the set without it. */
export function ChannelSubscriptions({ channel }: { channel: AlertChannelItem }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [checkId, setCheckId] = useState<string | null>(null);
  // Subscribing and unsubscribing change the channel: left out for a key that may not (the page's note says why).
  const { allowed: mayChange } = useGate('write');
  const checks = useQuery(trpc.checks.list.queryOptions({ limit: 100, page: 1 }));
  const groups = useQuery(trpc.checkGroups.list.queryOptions({ limit: 100, page: 1 }));
  const refresh = async () => {
    await queryClient.invalidateQueries(trpc.alertChannels.pathFilter());
    await queryClient.invalidateQueries(trpc.checks.pathFilter());
  };
  const subscribe = useMutation(
    trpc.alertChannels.updateSubscription.mutationOptions({
      onSuccess: async () => {
        setCheckId(null);
        await refresh();
      },
    }),
  );
  const unsubscribe = useMutation(
    trpc.alertChannels.update.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: 'teal', title: 'Unsubscribed', message: 'The monitor no longer sends alerts to this channel.' });
        await refresh();
      },
    }),
  );

  const checkNames = new Map((checks.data?.items ?? []).map((check) => [check.id, check.name]));
  const groupNames = new Map((groups.data?.items ?? []).map((group) => [group.id, group.name]));
  const subscribed = new Set(channel.subscriptions.map((s) => s.checkId));
  const options = (checks.data?.items ?? []).filter((check) => !subscribed.has(check.id)).map((check) => ({ value: check.id, label: check.name }));
  const remove = (id: number) =>
    unsubscribe.mutate({
      id: channel.id,
      body: {
        ...toChannelBody(channelValuesOf(channel)),
        subscriptions: channel.subscriptions
          .filter((s) => s.id !== id)
          .map((s) => ({ checkId: s.checkId, groupId: s.groupId, activated: s.activated })),
      },
    });
  const failure = subscribe.error ?? unsubscribe.error;

  return (
    <Stack gap="sm" maw={760}>
      <Title order={3}>Subscriptions</Title>
      {mayChange && (
      <Group align="flex-end" gap="sm">
        <Select
          label="Monitor"
          placeholder={options.length ? 'Pick a monitor to subscribe' : 'Every monitor is subscribed'}
          data={options}
          searchable
          clearable
          w={360}
          value={checkId}
          onChange={setCheckId}
        />
        <Button
          disabled={!checkId}
          loading={subscribe.isPending}
          onClick={() => checkId && subscribe.mutate({ id: channel.id, subscription: { checkId, activated: true } })}
        >
          Subscribe
        </Button>
      </Group>
      )}
      {failure && (
        <Alert color="red" variant="light" role="alert" title="The subscriptions were not changed">
          {errorMessage(failure)} Reload the page and try again.
        </Alert>
      )}
      {channel.subscriptions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {mayChange ? 'Nothing is subscribed yet: pick a monitor above.' : 'Nothing is subscribed yet.'}
        </Text>
      ) : (
        <Table striped verticalSpacing={4} fz="sm" aria-label="Subscriptions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Monitor or group</Table.Th>
              <Table.Th>State</Table.Th>
              {mayChange && (
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {channel.subscriptions.map((s) => {
              const name = s.checkId ? (checkNames.get(s.checkId) ?? s.checkId) : `Group: ${groupNames.get(s.groupId ?? 0) ?? s.groupId}`;
              return (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    <Anchor component={Link} to={s.checkId ? `/monitors/${s.checkId}` : `/groups/${s.groupId}`} size="sm">
                      {name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light" color={s.activated ? 'teal' : 'gray'}>
                      {s.activated ? 'Active' : 'Paused'}
                    </Badge>
                  </Table.Td>
                  {mayChange && (
                    <Table.Td ta="right">
                      <Button size="compact-sm" variant="subtle" color="red" aria-label={`Unsubscribe ${name}`} loading={unsubscribe.isPending} onClick={() => remove(s.id)}>
                        Unsubscribe
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
