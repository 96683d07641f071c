import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal';
import { errorMessage } from '../../lib/api-errors';
import { useTRPC } from '../../lib/trpc';

export function DeleteServiceModal({ service, onClose }: { service: { id: string; name: string } | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.statusPages.services.delete.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: 'teal', title: 'Service deleted', message: `“${service?.name ?? 'The service'}” was deleted.` });
        onClose();
        await queryClient.invalidateQueries(trpc.statusPages.pathFilter());
      },
    }),
  );
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDeleteModal
      opened={service !== null}
      title="Delete service"
      deleting={remove.isPending}
      error={remove.error ? errorMessage(remove.error) : null}
      errorTitle="The service was not deleted"
      onConfirm={() => service && remove.mutate({ id: service.id })}
      onClose={close}
    >
      Delete <strong>{service?.name}</strong> from the status page?
    </ConfirmDeleteModal>
  );
}
