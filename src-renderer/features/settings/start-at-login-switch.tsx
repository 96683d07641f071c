import { Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

type DesktopBridge = NonNullable<SightlineBridge['desktop']>;

/** "Start Sightline at login": the OS's own setting, read from and written through the app (not stored by the server). */
export function StartAtLoginSwitch({ desktop }: { desktop: DesktopBridge }) {
  const queryClient = useQueryClient();
  const key = ['desktop', 'startAtLogin'];
  const current = useQuery({ queryKey: key, queryFn: () => desktop.startAtLogin() });
  const change = useMutation({
    mutationFn: (enabled: boolean) => desktop.setStartAtLogin(enabled),
    onSuccess: (enabled) => queryClient.setQueryData(key, enabled),
    onError: () => notifications.show({ color: 'red', title: 'Start at login was not changed', message: 'The system refused the change; try again, or set it in your system’s login items.' }),
  });
  return (
    <Switch
      label="Start Sightline at login"
      description="Sightline starts in the tray when you log in, so monitoring goes on without opening it."
      checked={current.data === true}
      disabled={current.isPending || change.isPending}
      onChange={(event) => change.mutate(event.currentTarget.checked)}
    />
  );
}
