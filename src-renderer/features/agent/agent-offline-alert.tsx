import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { connectivityMessage, type AgentConnectivityView } from '../../../src-shared/rules/connectivity';
import { formatAt } from '../../lib/date-time';

/** The banner while the agent of this server is offline (its own network): why nothing alerts, and since when. */
export function AgentOfflineAlert({ connectivity, linkToAgent = false }: { connectivity: AgentConnectivityView | null; linkToAgent?: boolean }) {
  if (connectivity?.status !== 'offline') return null;
  return (
    <Alert color="red" variant="filled" title="This server's agent is offline" mb="md" role="alert">
      <Text size="sm" mb={4}>
        {connectivityMessage(connectivity, 'local', formatAt)}
      </Text>
      <Text size="xs">
        {connectivity.offlineRunsLastHour} run{connectivity.offlineRunsLastHour === 1 ? '' : 's'} skipped as &quot;agent offline&quot; in the last hour. Canaries:{' '}
        {connectivity.canaries.join(', ') || 'none (the platform’s network state only)'}.
      </Text>
      {linkToAgent && (
        <Anchor component={Link} to="/agent" size="sm" fw={500} c="white">
          See the Agent section
        </Anchor>
      )}
    </Alert>
  );
}
