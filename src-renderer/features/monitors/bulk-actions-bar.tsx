import { Button, Group, List, Paper, Popover, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal';
import { errorMessage } from '../../lib/api-errors';
import { useTRPC } from '../../lib/trpc';
import { channelName } from '../alert-channels/channel-display';
import { monitors, summariseBulk, type BulkAction, type BulkSummary } from './bulk-summary';

interface BulkActionsBarProps {
  /** The selected monitors, id → name (names stay known when a row leaves the page). */
  selection: ReadonlyMap<string, string>;
  groups: readonly { id: number; name: string }[];
  onClear: () => void;
  /** Called with what happened once an action has been applied (or refused as a whole). */
  onSummary: (summary: BulkSummary) => void;
}

const NO_GROUP = 'none';
/** The delete dialog names at most this many monitors, then "and N more". */
const NAMED_IN_DIALOG = 15;

interface PickerProps {
  label: string;
  pickLabel: string;
  placeholder: string;
  data: { value: string; label: string }[];
  applyLabel: string;
  disabled: boolean;
  onApply: (value: string) => void;
}

/** A button opening a searchable picker and an apply button (move to a group, subscribe to a channel). */
function PickAndApply({ label, pickLabel, placeholder, data, applyLabel, disabled, onApply }: PickerProps) {
  const [opened, setOpened] = useState(false);
  const [value, setValue] = useState<string | null>(null);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" withArrow trapFocus>
      <Popover.Target>
        <Button size="compact-sm" variant="default" disabled={disabled} onClick={() => setOpened((o) => !o)}>
          {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" w={280}>
          <Select label={pickLabel} placeholder={placeholder} data={data} searchable value={value} onChange={setValue} comboboxProps={{ withinPortal: false, keepMounted: false }} />
          <Button
            size="compact-sm"
            disabled={value === null}
            onClick={() => {
              if (value === null) return;
              setOpened(false);
              onApply(value);
            }}
          >
            {applyLabel}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * What can be done to the selected monitors at once: activate, pause, mute, unmute, move to a group,
 * subscribe to an alert channel, delete (after a confirmation naming them). One request
 * (checks.bulk) applies each; the summary says what happened to each.
 */
export function BulkActionsBar({ selection, groups, onClear, onSummary }: BulkActionsBarProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const channels = useQuery(trpc.alertChannels.list.queryOptions({ limit: 100, page: 1 }));
  const bulk = useMutation(trpc.checks.bulk.mutationOptions());
  const ids = [...selection.keys()];
  const count = ids.length;

  const run = (action: BulkAction, target?: string) => {
    const names = new Map(selection);
    bulk.mutate(action, {
      onSuccess: async (result) => {
        setConfirmDelete(false);
        onSummary(summariseBulk(result, names, target));
        onClear();
        await queryClient.invalidateQueries(trpc.checks.pathFilter());
        await queryClient.invalidateQueries(trpc.checkGroups.pathFilter());
        if (action.action === 'subscribe') await queryClient.invalidateQueries(trpc.alertChannels.pathFilter());
      },
      onError: (error) => {
        // The delete dialog shows its own error; other refusals (a group deleted meanwhile, a key without write access) go to the summary.
        if (action.action !== 'delete') onSummary({ title: `Nothing was changed: ${errorMessage(error)}`, failures: [], color: 'red' });
      },
    });
  };

  const groupOptions = [{ value: NO_GROUP, label: 'No group (take them out of their group)' }, ...groups.map((group) => ({ value: String(group.id), label: group.name }))];
  const channelOptions = (channels.data?.items ?? []).map((channel) => ({ value: String(channel.id), label: channelName(channel) }));
  const names = [...selection.values()];
  const busy = bulk.isPending;

  return (
    <>
      <Paper withBorder px="sm" py={6} role="toolbar" aria-label="Bulk actions" bg="var(--mantine-color-default-hover)">
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={600} aria-live="polite" mr="xs">
            {monitors(count)} selected
          </Text>
          <Button size="compact-sm" variant="default" loading={busy && bulk.variables?.action === 'activate'} disabled={busy} onClick={() => run({ action: 'activate', ids })}>
            Activate
          </Button>
          <Button size="compact-sm" variant="default" loading={busy && bulk.variables?.action === 'pause'} disabled={busy} onClick={() => run({ action: 'pause', ids })}>
            Pause
          </Button>
          <Button size="compact-sm" variant="default" loading={busy && bulk.variables?.action === 'mute'} disabled={busy} onClick={() => run({ action: 'mute', ids })}>
            Mute
          </Button>
          <Button size="compact-sm" variant="default" loading={busy && bulk.variables?.action === 'unmute'} disabled={busy} onClick={() => run({ action: 'unmute', ids })}>
            Unmute
          </Button>
          <PickAndApply
            label="Move to group…"
            pickLabel="Group"
            placeholder="Pick a group"
            data={groupOptions}
            applyLabel={`Move ${monitors(count)}`}
            disabled={busy}
            onApply={(value) => {
              const groupId = value === NO_GROUP ? null : Number(value);
              const group = groups.find((g) => g.id === groupId);
              run({ action: 'moveToGroup', ids, groupId }, groupId === null ? 'out of their group' : `to ${group?.name ?? `group ${groupId}`}`);
            }}
          />
          <PickAndApply
            label="Subscribe to channel…"
            pickLabel="Alert channel"
            placeholder={channelOptions.length === 0 ? 'No alert channels yet' : 'Pick an alert channel'}
            data={channelOptions}
            applyLabel={`Subscribe ${monitors(count)}`}
            disabled={busy}
            onApply={(value) => {
              const channel = channelOptions.find((option) => option.value === value);
              run({ action: 'subscribe', ids, alertChannelId: Number(value) }, `to ${channel?.label ?? `channel ${value}`}`);
            }}
          />
          <Button size="compact-sm" variant="light" color="red" disabled={busy} onClick={() => setConfirmDelete(true)}>
            Delete…
          </Button>
          <Button size="compact-sm" variant="subtle" disabled={busy} onClick={onClear}>
            Clear selection
          </Button>
        </Group>
      </Paper>
      <ConfirmDeleteModal
        opened={confirmDelete}
        title={`Delete ${monitors(count)}`}
        deleting={busy}
        error={bulk.error && bulk.variables?.action === 'delete' ? errorMessage(bulk.error) : null}
        errorTitle="Nothing was deleted"
        confirmLabel={`Delete ${monitors(count)}`}
        onConfirm={() => run({ action: 'delete', ids })}
        onClose={() => {
          bulk.reset();
          setConfirmDelete(false);
        }}
      >
        <Text size="sm">
          Delete these {monitors(count)}? They stop running at once, and their results and alert history go with them. This cannot be undone.
        </Text>
        <List size="sm" mt="xs" aria-label="Monitors to delete">
          {names.slice(0, NAMED_IN_DIALOG).map((name, index) => (
            <List.Item key={`${ids[index]}`}>{name}</List.Item>
          ))}
        </List>
        {names.length > NAMED_IN_DIALOG && (
          <Text size="sm" c="dimmed" mt={4}>
            and {monitors(names.length - NAMED_IN_DIALOG)} more
          </Text>
        )}
      </ConfirmDeleteModal>
    </>
  );
}
