import { Alert, Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTRPC } from '../../lib/trpc';

const REFRESH_MS = 30_000;

/** Shown only while runs are being skipped; the Agent section has the lanes and the fix. */
export function AgentSaturationAlert() {
  const trpc = useTRPC();
  const health = useQuery({ ...trpc.agent.health.queryOptions(), refetchInterval: REFRESH_MS });
  if (health.data?.status !== 'saturated') return null;
  return (
    <Alert color="orange" variant="light" title="Runs are being skipped" mb="md">
      <Text size="sm" mb={4}>
        {health.data.message}
      </Text>
      <Anchor component={Link} to="/agent" size="sm" fw={500}>
        See the lanes in the Agent section
      </Anchor>
    </Alert>
  );
}
