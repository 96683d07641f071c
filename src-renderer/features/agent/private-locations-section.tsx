import { Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AccessNote, Gate } from '../../components/access';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal';
import { EmptyState } from '../../components/empty-state';
import { LoadingBlock } from '../../components/loading-block';
import { QueryError } from '../../components/query-error';
import { errorMessage } from '../../lib/api-errors';
import { useTRPC } from '../../lib/trpc';
import { KeyOnceModal } from './key-once-modal';
import { LocationKeysPanel } from './location-keys-panel';
import type { PrivateLocationItem } from './location-display';
import { NewLocationModal } from './new-location-modal';
import { PrivateLocationsTable } from './private-locations-table';
import { RenameLocationModal } from './rename-location-modal';

export function PrivateLocationsSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.privateLocations.list.queryOptions());
  const [creating, setCreating] = useState(false);
  const [shownKey, setShownKey] = useState<{ locationName: string; rawKey: string } | null>(null);
  const [keysOf, setKeysOf] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<PrivateLocationItem | null>(null);
  const [deleting, setDeleting] = useState<PrivateLocationItem | null>(null);
  const remove = useMutation(
    trpc.privateLocations.delete.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: 'teal', title: 'Location deleted', message: `${deleting?.name ?? 'The location'} and its keys were removed.` });
        if (keysOf === deleting?.id) setKeysOf(null);
        setDeleting(null);
        await queryClient.invalidateQueries(trpc.privateLocations.pathFilter());
      },
    }),
  );
  const selected = list.data?.find((location) => location.id === keysOf) ?? null;
  // Creating a location mints its first agent key: ADMIN or OWNER, as the server requires.
  const newButton = (
    <Gate access="admin">
      <Button onClick={() => setCreating(true)}>New private location</Button>
    </Gate>
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3}>Private locations</Title>
        {list.data && list.data.length > 0 && newButton}
      </Group>
      <AccessNote access="write">Private locations are read-only for this key</AccessNote>
      {list.isPending && <LoadingBlock label="Loading private locations" />}
      {list.isError && <QueryError title="Private locations could not be loaded" error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && list.data.length === 0 && (
        <EmptyState title="No private locations yet" action={newButton}>
          A private location is a network of yours where agents run checks that name its slug in privateLocations.
        </EmptyState>
      )}
      {list.data && list.data.length > 0 && (
        <PrivateLocationsTable locations={list.data} onKeys={(location) => setKeysOf(location.id)} onRename={setRenaming} onDelete={setDeleting} />
      )}
      {selected && (
        <LocationKeysPanel location={selected} onKeyCreated={(rawKey) => setShownKey({ locationName: selected.name, rawKey })} onClose={() => setKeysOf(null)} />
      )}
      <NewLocationModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(location) => {
          setCreating(false);
          const rawKey = location.keys.find((key) => key.rawKey !== key.maskedKey)?.rawKey;
          if (rawKey) setShownKey({ locationName: location.name, rawKey });
        }}
      />
      <KeyOnceModal shown={shownKey} onClose={() => setShownKey(null)} />
      <RenameLocationModal location={renaming} onClose={() => setRenaming(null)} />
      <ConfirmDeleteModal
        opened={deleting !== null}
        title="Delete private location"
        deleting={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
        errorTitle="The location was not deleted"
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => {
          remove.reset();
          setDeleting(null);
        }}
      >
        Delete <strong>{deleting?.name}</strong> (<Code>{deleting?.slugName}</Code>)? Its keys stop working at once.
        <Text size="xs" c="dimmed" mt={4}>
          A location that checks or groups still name cannot be deleted.
        </Text>
      </ConfirmDeleteModal>
    </Stack>
  );
}
