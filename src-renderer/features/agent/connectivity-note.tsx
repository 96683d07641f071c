import { Alert, Code, List, Text } from '@mantine/core';
import { connectivityMessage, NOT_USED_CANARY_FIX, type AgentConnectivityView, type NotUsedCanary } from '../../../src-shared/rules/connectivity';
import { formatAt } from '../../lib/date-time';

/** Canaries that never answered, each "not used: never answered", with what to do. */
export function NotUsedCanaries({ notUsed }: { notUsed: NotUsedCanary[] }) {
  if (notUsed.length === 0) return null;
  return (
    <div aria-label="Canaries not used">
      <List size="sm" spacing={2}>
        {notUsed.map((canary) => (
          <List.Item key={canary.host}>
            <Code>{canary.host}</Code> — not used: {canary.why}
          </List.Item>
        ))}
      </List>
      <Text size="xs" c="dimmed">
        A canary counts once it has answered. To fix: {NOT_USED_CANARY_FIX}.
      </Text>
    </div>
  );
}

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
    <>
      {connectivity.status === 'no-usable-canary' && (
        <Alert color="yellow" variant="light" title="No usable canary: the offline guard is off" role="status">
          {connectivityMessage(connectivity, null, formatAt)}
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        Own connectivity: <b>{connectivity.status}</b> since {formatAt(connectivity.since)}; canaries {connectivity.canaries.join(', ') || 'none (the platform’s network state only)'};{' '}
        {connectivity.offlineRunsTotal} run{connectivity.offlineRunsTotal === 1 ? '' : 's'} skipped as &quot;agent offline&quot; since start. Set them in Settings, or with <Code>--canary HOST</Code> (repeatable) or{' '}
        <Code>SIGHTLINE_CANARIES</Code> when starting <Code>sightline serve</Code>.
      </Text>
      <NotUsedCanaries notUsed={connectivity.notUsed} />
    </>
  );
}
