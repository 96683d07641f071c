import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { START_NOW_DEFAULT_MINUTES } from '../../../src-shared/schemas/maintenance-window';
import { Gate } from '../../components/access';
import { errorMessage } from '../../lib/api-errors';
import { useTRPC } from '../../lib/trpc';
import { formatWindowTime } from './maintenance-display';

/** "Start maintenance now (1 hour)" on a monitor or group page: a one-off window from now naming just it. */
export function StartMaintenanceButton({ target, name }: { target: { checkId: string } | { groupId: number }; name: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const start = useMutation(
    trpc.maintenanceWindows.startNow.mutationOptions({
      onSuccess: async (window) => {
        notifications.show({ color: 'indigo', title: `“${name}” is in maintenance`, message: `Scheduled runs are paused until ${formatWindowTime(window.endsAt)}. Edit or delete the window under Maintenance.` });
        await queryClient.invalidateQueries(trpc.maintenanceWindows.pathFilter());
      },
      onError: (error) => notifications.show({ color: 'red', title: 'Maintenance did not start', message: errorMessage(error) }),
    }),
  );
  return (
    <Gate access="write">
      <Button variant="light" color="indigo" loading={start.isPending} onClick={() => start.mutate({ ...target, minutes: START_NOW_DEFAULT_MINUTES })}>
        Start maintenance now (1 hour)
      </Button>
    </Gate>
  );
}
