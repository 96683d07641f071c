import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeleteEntityModal } from '../../components/delete-entity-modal';
import { useTRPC } from '../../lib/trpc';

interface DeleteGroupModalProps {
  group: { id: number; name: string } | null;
  onClose: () => void;
  onDeleted: () => void;
}

/** The server refuses (409) while the group still holds checks; its message says what to do and is shown as is. */
export function DeleteGroupModal({ group, onClose, onDeleted }: DeleteGroupModalProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.checkGroups.delete.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: 'teal', title: 'Group deleted', message: `“${group?.name ?? 'The group'}” was deleted.` });
        onDeleted();
        await queryClient.invalidateQueries(trpc.checkGroups.pathFilter());
      },
    }),
  );
  return (
    <DeleteEntityModal opened={group !== null} noun="group" mutation={remove} onConfirm={() => group && remove.mutate({ id: group.id })} onClose={onClose}>
      Delete <strong>{group?.name}</strong>? Its alert subscriptions go with it. A group that still holds monitors cannot be deleted: move them out or delete them
      first.
    </DeleteEntityModal>
  );
}
