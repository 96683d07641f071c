import { Code, Text } from '@mantine/core';
import type { AgentConnectivityView } from '../../../src-shared/rules/connectivity';

/** How the agent knows it is the one offline: its canaries, and how to change them. */
export function ConnectivityNote({ connectivity }: { connectivity: AgentConnectivityView | null }) {
  if (!connectivity) {
    return (
      <Text size="sm" c="dimmed">
        This agent does not check its own connectivity (canaries off in Settings, or <Code>--no-canary</Code>): a lost uplink would alert as a failure of every target.
      </Text>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      Own connectivity: <b>{connectivity.status}</b> since {connectivity.since ?? '—'}; canaries {connectivity.canaries.join(', ') || 'none (the platform’s network state only)'};{' '}
      {connectivity.offlineRunsTotal} run{connectivity.offlineRunsTotal === 1 ? '' : 's'} skipped as &quot;agent offline&quot; since start. Set them in Settings, or with <Code>--canary HOST</Code> (repeatable) or{' '}
      <Code>SIGHTLINE_CANARIES</Code> when starting <Code>sightline serve</Code>.
    </Text>
  );
}
