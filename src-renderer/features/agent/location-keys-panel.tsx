import { Button, CloseButton, Code, Group, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { Gate } from '../../components/access';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal';
import { errorMessage } from '../../lib/api-errors';
import { useTRPC } from '../../lib/trpc';
import { formatSeen, type PrivateLocationItem } from './location-display';

interface LocationKeysPanelProps {
  location: PrivateLocationItem;
  onKeyCreated: (rawKey: string) => void;
  onClose: () => void;
}

type LocationKey = PrivateLocationItem['keys'][number];

/** The agent keys of one location: add one (shown once), or revoke one so agents using it are refused. */
export function LocationKeysPanel({ location, onKeyCreated, onClose }: LocationKeysPanelProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [revoking, setRevoking] = useState<LocationKey | null>(null);
  const refresh = () => queryClient.invalidateQueries(trpc.privateLocations.pathFilter());
  const add = useMutation(
    trpc.privateLocations.createKey.mutationOptions({
      onSuccess: async (key) => {
        if (key.rawKey) onKeyCreated(key.rawKey);
        await refresh();
      },
      onError: (error) => notifications.show({ color: 'red', title: 'The key was not added', message: errorMessage(error) }),
    }),
  );
  const revoke = useMutation(
    trpc.privateLocations.deleteKey.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: 'teal', title: 'Key revoked', message: `Agents using ${revoking?.maskedKey ?? 'the key'} are refused from now on.` });
        setRevoking(null);
        await refresh();
      },
    }),
  );

  return (
    <Paper withBorder p="md" component="section" aria-label={`Keys of ${location.name}`}>
      <Group justify="space-between" mb="xs">
        <Title order={4}>Keys of {location.name}</Title>
        <Group gap="xs">
          <Gate access="admin">
            <Button size="xs" loading={add.isPending} onClick={() => add.mutate({ id: location.id })}>
              Add key
            </Button>
          </Gate>
          <CloseButton aria-label="Close keys" onClick={onClose} />
        </Group>
      </Group>
      {location.keys.length === 0 ? (
        <Text size="sm" c="dimmed">
          No keys: no agent can run checks for <Code>{location.slugName}</Code> until you add one.
        </Text>
      ) : (
        <Table striped verticalSpacing={4} fz="sm" aria-label="Agent keys">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Key</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {location.keys.map((key) => (
              <Table.Tr key={key.id}>
                <Table.Td ff="monospace">{key.maskedKey}</Table.Td>
                <Table.Td>{formatSeen(key.created_at)}</Table.Td>
                <Table.Td ta="right">
                  <Gate access="admin" hide>
                    <Button size="compact-sm" variant="subtle" color="red" aria-label={`Revoke ${key.maskedKey}`} onClick={() => setRevoking(key)}>
                      Revoke
                    </Button>
                  </Gate>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ConfirmDeleteModal
        opened={revoking !== null}
        title="Revoke agent key"
        confirmLabel="Revoke key"
        deleting={revoke.isPending}
        error={revoke.error ? errorMessage(revoke.error) : null}
        errorTitle="The key was not revoked"
        onConfirm={() => revoking && revoke.mutate({ id: location.id, keyId: revoking.id })}
        onClose={() => {
          revoke.reset();
          setRevoking(null);
        }}
      >
        Revoke <Code>{revoking?.maskedKey}</Code>? Agents started with it stop getting work at once.
      </ConfirmDeleteModal>
    </Paper>
  );
}
