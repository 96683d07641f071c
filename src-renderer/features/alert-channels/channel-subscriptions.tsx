import { Alert, Button, Group, Modal, Pagination, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-errors';
import { useTRPC } from '../../lib/trpc';
import { useAccess } from '../../lib/use-access';
import type { AlertChannelItem } from './channel-display';
import { SubscriptionTable, subscriptionName } from './subscription-table';
import { WriteGuard } from './write-guard';

/** Monitors the picker offers at once; typing narrows them on the server. */
const PICKER_SIZE = 30;
/** Subscriptions the table shows per page. */
const PAGE_SIZE = 25;

const plural = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'monitor' : 'monitors'}`;
const subscriptionCount = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'subscription' : 'subscriptions'}`;

/**
 * Which monitors and groups send their alerts to this channel, a page at a time and named by the
 * server; subscribe adds one ("Subscribe all monitors" every one not yet subscribed), unsubscribe
 * removes that one subscription.
 */
export function ChannelSubscriptions({ channel }: { channel: AlertChannelItem }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const access = useAccess();
  const canWrite = access.can('write');
  const [checkId, setCheckId] = useState<string | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState('');
  const [filtered] = useDebouncedValue(filter.trim(), 150);
  const listed = useQuery(
    trpc.alertChannels.subscriptions.queryOptions({ id: channel.id, page, limit: PAGE_SIZE, search: filtered || undefined }, { placeholderData: keepPreviousData }),
  );
  // The picker asks the server as the name is typed, so every monitor can be found among thousands.
  const [pickerSearch, setPickerSearch] = useState('');
  const [searched] = useDebouncedValue(pickerSearch.trim(), 150);
  const candidates = useQuery(
    trpc.checks.overview.queryOptions({ search: searched || undefined, sort: 'name', limit: PICKER_SIZE }, { placeholderData: keepPreviousData }),
  );
  const refresh = async () => {
    await queryClient.invalidateQueries(trpc.alertChannels.pathFilter());
    await queryClient.invalidateQueries(trpc.checks.pathFilter());
    await queryClient.invalidateQueries(trpc.alerts.effectiveForCheck.pathFilter());
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
    trpc.alertChannels.removeSubscription.mutationOptions({
      onSuccess: async (_removed, variables) => {
        const gone = listed.data?.items.find((s) => s.id === variables.subscriptionId);
        const what = gone ? subscriptionName(gone) : 'The monitor';
        notifications.show({ color: 'teal', title: 'Unsubscribed', message: `${what} no longer sends alerts to this channel.` });
        // The last row of the last page leaves nothing to show there: go to the page before.
        if (listed.data?.items.length === 1 && page > 1) setPage(page - 1);
        await refresh();
      },
    }),
  );

  // Every subscription of the channel (alertChannels.get lists them all) keeps its monitor out of the picker.
  const subscribed = new Set(channel.subscriptions.map((s) => s.checkId));
  const options = (candidates.data?.items ?? []).filter((check) => !subscribed.has(check.id)).map((check) => ({ value: check.id, label: check.name }));
  const failure = subscribe.error ?? unsubscribe.error ?? subscribeAll.error;
  const totalChecks = listed.data?.totalChecks ?? 0;
  const notSubscribed = listed.data?.unsubscribedChecks ?? 0;
  const total = listed.data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / PAGE_SIZE));

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
      {listed.isError ? (
        <Alert color="red" variant="light" title="The subscriptions could not be loaded">
          {errorMessage(listed.error)} Reload the page and try again.
        </Alert>
      ) : listed.isPending ? (
        <Text size="sm" c="dimmed">
          Loading subscriptions…
        </Text>
      ) : total === 0 && !filtered ? (
        <Text size="sm" c="dimmed">
          Nothing is subscribed yet: pick a monitor above.
        </Text>
      ) : (
        <>
          <Group justify="space-between" align="flex-end" gap="sm">
            <Text size="sm" c="dimmed" aria-live="polite">
              {filtered ? `${subscriptionCount(total)} ${total === 1 ? 'matches' : 'match'} “${filtered}”` : subscriptionCount(total)}
            </Text>
            <TextInput
              aria-label="Filter subscriptions"
              placeholder="Filter by name"
              type="search"
              w={240}
              value={filter}
              onChange={(event) => {
                setFilter(event.currentTarget.value);
                setPage(1);
              }}
            />
          </Group>
          {total === 0 ? (
            <Text size="sm" c="dimmed">
              No subscription matches “{filtered}”: check the spelling or clear the filter.
            </Text>
          ) : (
            <SubscriptionTable
              items={listed.data.items}
              canWrite={canWrite}
              whyNot={access.whyNot('write')}
              removing={unsubscribe.isPending ? unsubscribe.variables.subscriptionId : null}
              onRemove={(s) => unsubscribe.mutate({ id: channel.id, subscriptionId: s.id })}
            />
          )}
          {totalPages > 1 && (
            <Group justify="flex-end">
              <Pagination total={totalPages} value={Math.min(page, totalPages)} onChange={setPage} size="sm" aria-label="Subscription pages" />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
