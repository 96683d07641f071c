import { Alert, Code, Text } from '@mantine/core';
import type { AgentHealthView } from './lane-display';

/** Whether ICMP runs share fping processes or each start a ping; without fping the ICMP lane is far smaller. */
export function IcmpModeNote({ mode }: { mode: AgentHealthView['icmpMode'] }) {
  if (mode === 'ping') {
    return (
      <Alert color="yellow" variant="light" title="fping is not installed">
        Every ICMP run starts its own <Code>ping</Code> process, so the ICMP lane is smaller. Install fping (<Code>apt-get install fping</Code> /{' '}
        <Code>brew install fping</Code>) and restart.
      </Alert>
    );
  }
  if (mode === 'fping') {
    return (
      <Text size="sm" c="dimmed">
        ICMP runs are batched through <Code>fping</Code>.
      </Text>
    );
  }
  return null;
}
