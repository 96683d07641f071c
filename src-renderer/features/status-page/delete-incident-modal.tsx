import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal';
import { errorMessage } from '../../lib/api-errors';
import { useTRPC } from '../../lib/trpc';

interface DeleteIncidentModalProps {
  incident: { id: string; name: string } | null;
  onClose: () => void;
  onDeleted: () => void;
}

export function DeleteIncidentModal({ incident, onClose, onDeleted }: DeleteIncidentModalProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.statusPages.incidents.delete.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: 'teal', title: 'Incident deleted', message: `“${incident?.name ?? 'The incident'}” and its updates were deleted.` });
        onDeleted();
        await queryClient.invalidateQueries(trpc.statusPages.pathFilter());
      },
    }),
  );
  return (
    <ConfirmDeleteModal
      opened={incident !== null}
      title="Delete incident"
      deleting={remove.isPending}
      error={remove.error ? errorMessage(remove.error) : null}
      errorTitle="The incident was not deleted"
      onConfirm={() => incident && remove.mutate({ id: incident.id })}
      onClose={() => {
        remove.reset();
        onClose();
      }}
    >
      Delete <strong>{incident?.name}</strong> and all its updates? It disappears from the status page.
    </ConfirmDeleteModal>
  );
}
