import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeleteEntityModal } from '../../components/delete-entity-modal';
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
  return (
    <DeleteEntityModal opened={service !== null} noun="service" mutation={remove} onConfirm={() => service && remove.mutate({ id: service.id })} onClose={onClose}>
      Delete <strong>{service?.name}</strong> from the status page?
    </DeleteEntityModal>
  );
}
