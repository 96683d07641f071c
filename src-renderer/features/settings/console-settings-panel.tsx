import { Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useGate } from '../../components/access';
import { LoadingBlock } from '../../components/loading-block';
import { QueryError } from '../../components/query-error';
import { errorMessage } from '../../lib/api-errors';
import { useTRPC } from '../../lib/trpc';

/** Account-wide console preferences: whether monitor and group forms offer the public location names. */
export function ConsoleSettingsPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.console.settings.queryOptions());
  const { allowed, reason } = useGate('admin');
  const save = useMutation(
    trpc.console.setSettings.mutationOptions({
      onSuccess: async (saved) => {
        notifications.show({
          color: 'teal',
          title: 'Console settings saved',
          message: saved.offerPublicLocations ? 'Monitor and group forms offer the public location names.' : 'Monitor and group forms offer this machine and private locations only.',
        });
        await queryClient.invalidateQueries(trpc.console.settings.pathFilter());
      },
      onError: (error) => notifications.show({ color: 'red', title: 'The console settings were not saved', message: errorMessage(error) }),
    }),
  );
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="console-settings-title">
      <Stack gap="sm">
        <Title order={3} id="console-settings-title">
          Console
        </Title>
        {settings.isPending && <LoadingBlock label="Loading console settings" />}
        {settings.isError && <QueryError title="The console settings could not be loaded" error={settings.error} onRetry={() => void settings.refetch()} />}
        {settings.data && (
          <Switch
            label="Offer public location names"
            description="Lets monitor and group forms pick names such as eu-west-1. Sightline has no cloud regions: a check naming one runs from this machine under that name. Off, the forms offer this machine and your private locations."
            checked={settings.data.offerPublicLocations}
            disabled={!allowed || save.isPending}
            onChange={(event) => save.mutate({ offerPublicLocations: event.currentTarget.checked })}
          />
        )}
        {!allowed && reason && (
          <Text size="sm" c="dimmed">
            {reason}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
