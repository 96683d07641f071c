import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTRPC } from '../../lib/trpc';

/** After a create: refresh every list that shows checks, say so, and go back to the monitors. */
export function useCheckCreated(whatHappensNext: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (check: { name: string }) => {
    await queryClient.invalidateQueries(trpc.checks.pathFilter());
    await queryClient.invalidateQueries(trpc.checkGroups.pathFilter());
    notifications.show({ color: 'teal', title: 'Monitor created', message: `“${check.name}” ${whatHappensNext}` });
    await navigate('/monitors');
  };
}
