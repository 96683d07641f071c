import { ActionIcon, Badge, Button, Group, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AccessNote, Gate } from '../../components/access';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal';
import { EditIcon } from '../../components/edit-icon';
import { EmptyState } from '../../components/empty-state';
import { LoadingBlock } from '../../components/loading-block';
import { TimeZoneNote } from '../../components/time-zone-note';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { TrashIcon } from '../../components/trash-icon';
import { errorMessage } from '../../lib/api-errors';
import { useTRPC } from '../../lib/trpc';
import { describeRepeat, describeTargets, formatWindowTime, type MaintenanceWindowView } from './maintenance-display';
import { MaintenanceWindowModal } from './maintenance-window-modal';

/** Maintenance windows: monitors they target are not scheduled while one is open (Run now still runs). */
export function MaintenancePage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.maintenanceWindows.list.queryOptions());
  const [editing, setEditing] = useState<MaintenanceWindowView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<MaintenanceWindowView | null>(null);
  const [newAt, setNewAt] = useState(0);
  const remove = useMutation(
    trpc.maintenanceWindows.delete.mutationOptions({
      onSuccess: async () => {
        setDeleting(null);
        await queryClient.invalidateQueries(trpc.maintenanceWindows.pathFilter());
      },
    }),
  );
  const newButton = (
    <Gate access="write">
      <Button
        onClick={() => {
          setNewAt(Date.now());
          setEditing('new');
        }}
      >
        New window
      </Button>
    </Gate>
  );

  let body;
  if (list.isPending) body = <LoadingBlock label="Loading maintenance windows" />;
  else if (list.isError) body = <QueryError title="The maintenance windows could not be loaded" error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.length === 0)
    body = (
      <EmptyState title="No maintenance windows" action={newButton}>
        Plan work on a target without paging anyone: monitors a window targets are not scheduled while it is open, and their uptime does not count it.
      </EmptyState>
    );
  else
    body = (
      <Table striped highlightOnHover aria-label="Maintenance windows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Targets</Table.Th>
            <Table.Th>Starts</Table.Th>
            <Table.Th>Ends</Table.Th>
            <Table.Th>Repeats</Table.Th>
            <Table.Th aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.data.map((w) => (
            <Table.Tr key={w.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {w.name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {w.tags.map((tag) => (
                    <Badge key={tag} size="sm" variant="outline" tt="none">
                      {tag}
                    </Badge>
                  ))}
                  {(w.checkIds.length > 0 || w.groupIds.length > 0) && <Text size="sm">{describeTargets(w)}</Text>}
                </Group>
              </Table.Td>
              <Table.Td>{formatWindowTime(w.startsAt)}</Table.Td>
              <Table.Td>{formatWindowTime(w.endsAt)}</Table.Td>
              <Table.Td>{describeRepeat(w)}</Table.Td>
              <Table.Td>
                <Gate access="write" hide>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    <ActionIcon variant="subtle" aria-label={`Edit ${w.name}`} onClick={() => setEditing(w)}>
                      <EditIcon />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="red" aria-label={`Delete ${w.name}`} onClick={() => setDeleting(w)}>
                      <TrashIcon />
                    </ActionIcon>
                  </Group>
                </Gate>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );

  return (
    <>
      <PageHeader
        title="Maintenance"
        description="Monitors whose tags match a window (their group's tags count), or that it names, are not scheduled while it is open; Run now still runs. Times are in your time zone, or in UTC when you switch to it (here or in Settings)."
        actions={newButton}
      />
      <AccessNote access="write">Maintenance windows are read-only for this key</AccessNote>
      <TimeZoneNote />
      {body}
      <MaintenanceWindowModal opened={editing !== null} editing={editing === 'new' ? null : editing} newAt={newAt} onClose={() => setEditing(null)} />
      <ConfirmDeleteModal
        opened={deleting !== null}
        title="Delete maintenance window"
        deleting={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
        errorTitle="The window was not deleted"
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => {
          remove.reset();
          setDeleting(null);
        }}
      >
        Delete “{deleting?.name}”? Its monitors are scheduled again at once.
      </ConfirmDeleteModal>
    </>
  );
}
