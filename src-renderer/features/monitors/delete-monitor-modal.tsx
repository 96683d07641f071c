import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeleteEntityModal } from '../../components/delete-entity-modal';
import { useTRPC } from '../../lib/trpc';

interface DeleteMonitorModalProps {
  /** The monitor waiting for confirmation; null keeps the modal closed. */
  monitor: { id: string; name: string } | null;
  onClose: () => void;
  onDeleted: () => void;
}

export function DeleteMonitorModal({ monitor, onClose, onDeleted }: DeleteMonitorModalProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.checks.delete.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: 'teal', title: 'Monitor deleted', message: `“${monitor?.name ?? 'The monitor'}” was deleted.` });
        onDeleted();
        await queryClient.invalidateQueries(trpc.checks.pathFilter());
        await queryClient.invalidateQueries(trpc.checkGroups.pathFilter());
      },
    }),
  );
  return (
    <DeleteEntityModal opened={monitor !== null} noun="monitor" mutation={remove} onConfirm={() => monitor && remove.mutate({ id: monitor.id })} onClose={onClose}>
      Delete <strong>{monitor?.name}</strong>? It stops running at once, and its results and alert history go with it. This cannot be undone.
    </DeleteEntityModal>
  );
}
