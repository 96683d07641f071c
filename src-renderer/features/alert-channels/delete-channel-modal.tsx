import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeleteEntityModal } from '../../components/delete-entity-modal';
import { useTRPC } from '../../lib/trpc';

interface DeleteChannelModalProps {
  channel: { id: number; label: string } | null;
  onClose: () => void;
  onDeleted: () => void;
}

export function DeleteChannelModal({ channel, onClose, onDeleted }: DeleteChannelModalProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.alertChannels.delete.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: 'teal', title: 'Alert channel deleted', message: `${channel?.label ?? 'The channel'} was deleted.` });
        onDeleted();
        await queryClient.invalidateQueries(trpc.alertChannels.pathFilter());
        await queryClient.invalidateQueries(trpc.checks.pathFilter());
      },
    }),
  );
  return (
    <DeleteEntityModal opened={channel !== null} noun="alert channel" mutation={remove} onConfirm={() => channel && remove.mutate({ id: channel.id })} onClose={onClose}>
      Delete <strong>{channel?.label}</strong>? Monitors subscribed to it stop sending alerts there. This cannot be undone.
    </DeleteEntityModal>
  );
}
