import { Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

type DesktopBridge = NonNullable<SightlineBridge['desktop']>;

/** "Start Sightline at login": the OS's own setting, read from and written through the app (not stored by the server). */
export function StartAtLoginSwitch({ desktop }: { desktop: DesktopBridge }) {
  const queryClient = useQueryClient();
  const key = ['desktop', 'startAtLogin'];
  const current = useQuery({ queryKey: key, queryFn: () => desktop.startAtLogin() });
  // The switch moves at once, as a switch does, and moves back if the system refuses.
  const [wanted, setWanted] = useState<boolean | null>(null);
  const change = useMutation({
    mutationFn: (enabled: boolean) => desktop.setStartAtLogin(enabled),
    onSuccess: (enabled) => queryClient.setQueryData(key, enabled),
    onError: () =>
      notifications.show({ color: 'red', title: 'Start at login was not changed', message: 'The system refused the change; try again, or set it in your system’s login items.' }),
    onSettled: () => setWanted(null),
  });
  return (
    <Switch
      label="Start Sightline at login"
      description="Sightline starts in the tray when you log in, so monitoring goes on without opening it."
      checked={wanted ?? current.data === true}
      disabled={current.isPending || change.isPending}
      onChange={(event) => {
        setWanted(event.currentTarget.checked);
        change.mutate(event.currentTarget.checked);
      }}
    />
  );
}
