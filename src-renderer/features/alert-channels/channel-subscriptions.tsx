import { Anchor, Badge, Button, Group, Modal, Select, Stack, Table, Text, Title, Alert, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api-errors';
import { useTRPC } from '../../lib/trpc';
import { useAccess } from '../../lib/use-access';
import type { AlertChannelItem } from './channel-display';
import { channelValuesOf, toChannelBody } from './channel-form-model';

/** Monitors the picker offers at once; typing narrows them on the server. */
const PICKER_SIZE = 30;

const plural = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'monitor' : 'monitors'}`;

/** A control the key may not use keeps its place, disabled, with the reason on hover. */
function WriteGuard({ allowed, why, children }: { allowed: boolean; why: string; children: ReactNode }) {
  if (allowed) return children;
  return (
    <Tooltip label={why} withArrow multiline w={280}>
      <span>{children}</span>
    </Tooltip>
  );
}

/**
 * Which monitors and groups send their alerts to this channel; subscribe adds one ("Subscribe all
 * monitors" every one not yet subscribed), unsubscribe replaces the set without it.
 */
export function ChannelSubscriptions({ channel }: { channel: AlertChannelItem }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const access = useAccess();
  const canWrite = access.can('write');
  const [checkId, setCheckId] = useState<string | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  const checks = useQuery(trpc.checks.list.queryOptions({ limit: 100, page: 1 }));
  // The picker asks the server as the name is typed, so every monitor can be found among thousands.
  const [pickerSearch, setPickerSearch] = useState('');
  const [searched] = useDebouncedValue(pickerSearch.trim(), 150);
  const candidates = useQuery(
    trpc.checks.overview.queryOptions({ search: searched || undefined, sort: 'name', limit: PICKER_SIZE }, { placeholderData: keepPreviousData }),
  );
  const groups = useQuery(trpc.checkGroups.list.queryOptions({ limit: 100, page: 1 }));
  const refresh = async () => {
    await queryClient.invalidateQueries(trpc.alertChannels.pathFilter());
    await queryClient.invalidateQueries(trpc.checks.pathFilter());
  };
  const subscribe = useMutation(
    trpc.alertChannels.updateSubscription.mutationOptions({
      onSuccess: async () => {
        setCheckId(null);
        setPickerSearch('');
        await refresh();
      },
    }),
  );
  const subscribeAll = useMutation(
    trpc.checks.subscribeAll.mutationOptions({
      onSuccess: async (result) => {
        setConfirmAll(false);
        const failed = result.failed.map((f) => `${f.name ?? f.id} — ${f.error}`).join('; ');
        notifications.show({
          color: result.failed.length === 0 ? 'teal' : 'yellow',
          title: `Subscribed ${plural(result.subscribed)}`,
          message:
            `${result.alreadySubscribed === 0 ? 'No monitor was' : `${plural(result.alreadySubscribed)} ${result.alreadySubscribed === 1 ? 'was' : 'were'}`} subscribed already.` +
            (failed ? ` ${result.failed.length} could not be subscribed: ${failed}` : ''),
        });
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
  const options = (candidates.data?.items ?? []).filter((check) => !subscribed.has(check.id)).map((check) => ({ value: check.id, label: check.name }));
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
  const failure = subscribe.error ?? unsubscribe.error ?? subscribeAll.error;
  const totalChecks = checks.data?.total ?? 0;
  const notSubscribed = Math.max(0, totalChecks - channel.subscriptions.filter((s) => s.checkId !== null).length);

  return (
    <Stack gap="sm" maw={760}>
      <Title order={3}>Subscriptions</Title>
      <Group align="flex-end" gap="sm">
        <Select
          label="Monitor"
          placeholder={notSubscribed === 0 && totalChecks > 0 ? 'Every monitor is subscribed' : 'Pick or type a monitor to subscribe'}
          data={options}
          searchable
          searchValue={pickerSearch}
          onSearchChange={setPickerSearch}
          nothingFoundMessage={candidates.isFetching ? 'Searching…' : 'No unsubscribed monitor with that name'}
          clearable
          w={360}
          value={checkId}
          onChange={setCheckId}
        />
        <WriteGuard allowed={canWrite} why={access.whyNot('write')}>
          <Button
            disabled={!checkId || !canWrite}
            loading={subscribe.isPending}
            onClick={() => checkId && subscribe.mutate({ id: channel.id, subscription: { checkId, activated: true } })}
          >
            Subscribe
          </Button>
        </WriteGuard>
        <WriteGuard allowed={canWrite} why={access.whyNot('write')}>
          <Button variant="light" disabled={!canWrite || notSubscribed === 0} onClick={() => setConfirmAll(true)}>
            Subscribe all monitors
          </Button>
        </WriteGuard>
      </Group>
      <Modal opened={confirmAll} onClose={() => setConfirmAll(false)} title="Subscribe all monitors" centered>
        <Stack gap="md">
          <Text size="sm">
            Subscribe every monitor that is not subscribed to this channel yet ({plural(notSubscribed)} of {totalChecks.toLocaleString()}), so their alerts go here too? Existing
            subscriptions, paused ones included, stay as they are.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirmAll(false)}>
              Cancel
            </Button>
            <Button loading={subscribeAll.isPending} onClick={() => subscribeAll.mutate({ alertChannelId: channel.id })} data-autofocus>
              Subscribe {plural(notSubscribed)}
            </Button>
          </Group>
        </Stack>
      </Modal>
      {failure && (
        <Alert color="red" variant="light" role="alert" title="The subscriptions were not changed">
          {errorMessage(failure)} Reload the page and try again.
        </Alert>
      )}
      {channel.subscriptions.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing is subscribed yet: pick a monitor above.
        </Text>
      ) : (
        <Table striped verticalSpacing={4} fz="sm" aria-label="Subscriptions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Monitor or group</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th />
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
                  <Table.Td ta="right">
                    <WriteGuard allowed={canWrite} why={access.whyNot('write')}>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        aria-label={`Unsubscribe ${name}`}
                        disabled={!canWrite}
                        loading={unsubscribe.isPending}
                        onClick={() => remove(s.id)}
                      >
                        Unsubscribe
                      </Button>
                    </WriteGuard>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
