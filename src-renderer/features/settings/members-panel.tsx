import { Badge, Select, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ROLES, type AssignableRole } from '../../../src-shared/schemas/account';
import { AccessNote, useGate } from '../../components/access';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal';
import { DenseTable } from '../../components/dense-table';
import { LoadingBlock } from '../../components/loading-block';
import { QueryError } from '../../components/query-error';
import { RowAction } from '../../components/row-action';
import { TrashIcon } from '../../components/trash-icon';
import { errorMessage } from '../../lib/api-errors';
import { useTRPC } from '../../lib/trpc';
import { AddMemberForm } from './add-member-form';
import { NewKeyModal } from './new-key-modal';

interface PendingRemoval {
  userId: string;
  label: string;
}

const ASSIGNABLE = ROLES.filter((role) => role !== 'OWNER');

export function MembersPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const members = useQuery(trpc.accounts.members.list.queryOptions({ limit: 100 }));
  const [created, setCreated] = useState<{ memberName: string; apiKey: string; role: string } | null>(null);
  const [removing, setRemoving] = useState<PendingRemoval | null>(null);
  const refresh = () => queryClient.invalidateQueries(trpc.accounts.pathFilter());
  // Members, roles and keys are an ADMIN's or OWNER's: other keys see the list only (the note says why).
  const { allowed: mayManage } = useGate('admin');
  const changeRole = useMutation(
    trpc.accounts.members.updateRole.mutationOptions({
      onSuccess: async (member) => {
        notifications.show({ color: 'teal', title: 'Role changed', message: `${member.email} is now ${member.role}.` });
        await refresh();
      },
      onError: (error) => notifications.show({ color: 'red', title: 'The role was not changed', message: errorMessage(error) }),
    }),
  );
  const remove = useMutation(
    trpc.accounts.members.remove.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: 'teal', title: 'Member removed', message: `${removing?.label ?? 'The member'} and their API keys were removed.` });
        setRemoving(null);
        await refresh();
      },
    }),
  );

  return (
    <Stack gap="sm">
      <Title order={3}>Members</Title>
      <AccessNote access="admin">Members and API keys are managed by administrators</AccessNote>
      {members.isPending && <LoadingBlock label="Loading members" />}
      {members.isError && <QueryError title="Members could not be loaded" error={members.error} onRetry={() => void members.refetch()} />}
      {members.data && (
        <DenseTable
          label="Members"
          columns={['Name', 'Email', 'Role', 'Status']}
          hiddenColumn={mayManage ? 'Actions' : null}
          highlightOnHover={false}
          verticalSpacing={4}
          minWidth={620}
        >
          {members.data.members.map((member) => {
            const userId = member.type === 'member' ? member.userId : member.id;
            const name = member.type === 'member' ? (member.name ?? member.email) : member.email;
            return (
              <Table.Tr key={userId}>
                <Table.Td fw={500}>{member.type === 'member' ? (member.name ?? '—') : <Text size="sm" c="dimmed">invited</Text>}</Table.Td>
                <Table.Td>{member.email}</Table.Td>
                <Table.Td>
                  {member.role === 'OWNER' || !mayManage ? (
                    <Badge size="sm" variant="light">
                      {member.role}
                    </Badge>
                  ) : (
                    <Select
                      size="xs"
                      w={150}
                      aria-label={`Role of ${name}`}
                      data={[...ASSIGNABLE]}
                      allowDeselect={false}
                      value={member.role}
                      disabled={changeRole.isPending}
                      onChange={(role) => role && changeRole.mutate({ userId, role: role as AssignableRole })}
                    />
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={member.status === 'ACTIVE' ? 'teal' : member.status === 'PENDING' ? 'blue' : 'gray'}>
                    {member.status}
                  </Badge>
                </Table.Td>
                {mayManage && (
                  <Table.Td>
                    {member.role !== 'OWNER' && (
                      <RowAction tooltip="Remove member" label={`Remove ${name}`} icon={<TrashIcon />} color="red" onClick={() => setRemoving({ userId, label: name })} />
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </DenseTable>
      )}
      {mayManage && <AddMemberForm onAdded={(member) => setCreated({ memberName: member.name ?? member.email, apiKey: member.apiKey.apiKey, role: member.role })} />}
      <NewKeyModal created={created} onClose={() => setCreated(null)} />
      <ConfirmDeleteModal
        opened={removing !== null}
        title="Remove member"
        confirmLabel="Remove"
        deleting={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
        errorTitle="The member was not removed"
        onConfirm={() => removing && remove.mutate({ userId: removing.userId })}
        onClose={() => {
          remove.reset();
          setRemoving(null);
        }}
      >
        Remove <strong>{removing?.label}</strong>? Their API keys stop working at once.
      </ConfirmDeleteModal>
    </Stack>
  );
}
