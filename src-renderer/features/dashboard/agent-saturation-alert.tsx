import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { DashboardSummary } from './use-dashboard-summary';

/** Shown only while runs are being skipped; the Agent section has the lanes and the fix. */
export function AgentSaturationAlert({ agent }: { agent: DashboardSummary['agent'] }) {
  if (agent.status !== 'saturated') return null;
  return (
    <Alert color="orange" variant="light" title="Runs are being skipped" mb="md">
      <Text size="sm" mb={4}>
        {agent.message}
      </Text>
      <Anchor component={Link} to="/agent" size="sm" fw={500}>
        See the lanes in the Agent section
      </Anchor>
    </Alert>
  );
}
