import { Alert, Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTRPC } from '../../lib/trpc';

/** Often enough that a held or suppressed alert shows up while someone looks at the page. */
const POLL_MS = 10_000;

/** The checks this monitor depends on and those it holds down, and whether its alerts are held down now. */
export function MonitorDependencies({ checkId }: { checkId: string }) {
  const trpc = useTRPC();
  const status = useQuery({ ...trpc.alerts.dependencyStatus.queryOptions({ checkId }), refetchInterval: POLL_MS });
  if (!status.data) return null;
  const { dependsOn, suppressed, heldSince, dependents } = status.data;
  if (dependsOn.length === 0 && dependents.count === 0) return null;
  return (
    <Stack gap="xs" role="region" aria-label="Dependencies">
      <Title order={4}>Dependencies</Title>
      {suppressed && (
        <Alert color="yellow" title="Alerts held down">
          This monitor is failing — {suppressed.text}. Its failures are recorded; it alerts on its own again once that check passes.
        </Alert>
      )}
      {heldSince !== null && (
        <Alert color="blue" title="Alert waiting for a dependency">
          This monitor failed; its alert waits for the verdict of the checks it depends on (at most 3 minutes), so that one outage pages once.
        </Alert>
      )}
      {dependsOn.length > 0 && (
        <Group gap="xs">
          <Text size="sm">Depends on:</Text>
          {dependsOn.map((d) => (
            <Group key={d.checkId} gap={4}>
              <Anchor component={Link} to={`/monitors/${d.checkId}`} size="sm">
                {d.name}
              </Anchor>
              {d.failing && (
                <Badge color="red" size="xs">
                  failing
                </Badge>
              )}
            </Group>
          ))}
        </Group>
      )}
      {dependents.count > 0 && (
        <Text size="sm" c="dimmed">
          {dependents.count} monitor{dependents.count === 1 ? ' depends' : 's depend'} on this one ({dependents.names.join(', ')}
          {dependents.count > dependents.names.length ? ', …' : ''}): while it fails, their alerts are held down and its own alert names them.
        </Text>
      )}
    </Stack>
  );
}
