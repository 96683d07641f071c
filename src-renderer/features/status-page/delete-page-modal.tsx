import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeleteEntityModal } from '../../components/delete-entity-modal';
import { useTRPC } from '../../lib/trpc';

export function DeletePageModal({ page, onClose }: { page: { id: string; name: string } | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.statusPages.pages.delete.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: 'teal', title: 'Status page deleted', message: `“${page?.name ?? 'The page'}” was deleted; its services and incidents stay.` });
        onClose();
        await queryClient.invalidateQueries(trpc.statusPages.pathFilter());
      },
    }),
  );
  return (
    <DeleteEntityModal opened={page !== null} noun="status page" mutation={remove} onConfirm={() => page && remove.mutate({ id: page.id })} onClose={onClose}>
      Delete the status page <strong>{page?.name}</strong>? Its services and incidents are kept.
    </DeleteEntityModal>
  );
}
