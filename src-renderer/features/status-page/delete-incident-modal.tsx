import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeleteEntityModal } from '../../components/delete-entity-modal';
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
    <DeleteEntityModal opened={incident !== null} noun="incident" mutation={remove} onConfirm={() => incident && remove.mutate({ id: incident.id })} onClose={onClose}>
      Delete <strong>{incident?.name}</strong> and all its updates? It disappears from the status page.
    </DeleteEntityModal>
  );
}
