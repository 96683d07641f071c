import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal';
import { errorMessage } from '../../lib/api-errors';
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
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDeleteModal
      opened={channel !== null}
      title="Delete alert channel"
      deleting={remove.isPending}
      error={remove.error ? errorMessage(remove.error) : null}
      errorTitle="The alert channel was not deleted"
      onConfirm={() => channel && remove.mutate({ id: channel.id })}
      onClose={close}
    >
      Delete <strong>{channel?.label}</strong>? Monitors subscribed to it stop sending alerts there. This cannot be undone.
    </ConfirmDeleteModal>
  );
}
