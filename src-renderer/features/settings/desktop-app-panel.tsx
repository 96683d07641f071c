import { Button, Group, Paper, SegmentedControl, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { DesktopNotificationSettings } from '../../../src-shared/schemas/desktop-notifications';
import { useGate } from '../../components/access';
import { LoadingBlock } from '../../components/loading-block';
import { QueryError } from '../../components/query-error';
import { errorMessage } from '../../lib/api-errors';
import { useTRPC } from '../../lib/trpc';
import { ChosenMonitorsSelect } from './chosen-monitors-select';
import { StartAtLoginSwitch } from './start-at-login-switch';

/** Settings → Desktop app: shown only inside the desktop app (its preload says so), where notifications and login items exist. */
export function DesktopAppPanel() {
  const desktop = window.sightline?.desktop;
  if (!desktop) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="desktop-app-title">
      <Stack gap="md">
        <Title order={3} id="desktop-app-title">
          Desktop app
        </Title>
        <DesktopNotificationsForm />
        <StartAtLoginSwitch desktop={desktop} />
      </Stack>
    </Paper>
  );
}

function DesktopNotificationsForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const stored = useQuery(trpc.desktop.notificationSettings.queryOptions());
  const { allowed, reason } = useGate('admin');
  const [draft, setDraft] = useState<DesktopNotificationSettings | null>(null);
  const save = useMutation(
    trpc.desktop.setNotificationSettings.mutationOptions({
      onSuccess: async (saved) => {
        setDraft(null);
        notifications.show({ color: 'teal', title: 'Desktop notifications saved', message: saved.enabled ? 'Alerts are shown as desktop notifications.' : 'Alerts are not shown as desktop notifications.' });
        await queryClient.invalidateQueries(trpc.desktop.notificationSettings.pathFilter());
      },
      onError: (error) => notifications.show({ color: 'red', title: 'Desktop notifications were not saved', message: errorMessage(error) }),
    }),
  );
  if (stored.isPending) return <LoadingBlock label="Loading desktop notification settings" />;
  if (stored.isError) return <QueryError title="Desktop notification settings could not be loaded" error={stored.error} onRetry={() => void stored.refetch()} />;
  const values = draft ?? stored.data;
  const set = (change: Partial<DesktopNotificationSettings>) => setDraft({ ...values, ...change });
  const missingChoice = values.enabled && values.scope === 'chosen' && values.checkIds.length === 0;
  const disabled = !allowed || save.isPending;
  return (
    <Stack gap="sm" component="form" aria-label="Desktop notifications" onSubmit={(event) => {
      event.preventDefault();
      save.mutate(values);
    }}>
      <Switch
        label="Show alerts as desktop notifications"
        description="Through the same alerts as every channel: muted monitors stay silent, and many monitors failing at once become one notification."
        checked={values.enabled}
        disabled={disabled}
        onChange={(event) => set({ enabled: event.currentTarget.checked })}
      />
      {values.enabled && (
        <SegmentedControl
          aria-label="Which monitors"
          data={[
            { value: 'all', label: 'All monitors' },
            { value: 'chosen', label: 'Chosen monitors' },
          ]}
          value={values.scope}
          disabled={disabled}
          onChange={(scope) => set({ scope: scope === 'chosen' ? 'chosen' : 'all' })}
        />
      )}
      {values.enabled && values.scope === 'chosen' && (
        <ChosenMonitorsSelect value={values.checkIds} onChange={(checkIds) => set({ checkIds })} disabled={disabled} error={missingChoice ? 'Choose at least one monitor, or notify for all monitors' : undefined} />
      )}
      <Group>
        <Button type="submit" disabled={disabled || draft === null || missingChoice} loading={save.isPending}>
          Save notifications
        </Button>
      </Group>
      {!allowed && reason && (
        <Text size="sm" c="dimmed">
          {reason}
        </Text>
      )}
    </Stack>
  );
}
