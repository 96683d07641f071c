import { Alert, Code, Text } from '@mantine/core';
import type { AgentHealthView } from './lane-display';

/** Whether multi-step scripts run in a sandbox; without one they can read what the server's user can read. */
export function MultiStepIsolationNote({ isolation }: { isolation: AgentHealthView['multiStepIsolation'] }) {
  if (!isolation) return null;
  if (isolation.mode === 'none') {
    return (
      <Alert color="red" variant="light" title="Multi-step scripts are not isolated">
        Scripts run as the server&apos;s own user and can read what it can read; only a time limit, a clean environment and a memory limit of {isolation.memoryLimitMb} MB
        per process apply. {isolation.reason} Install bubblewrap (<Code>apt-get install bubblewrap</Code>) on Linux and restart.
      </Alert>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      Multi-step scripts run in a <Code>bubblewrap</Code> sandbox: own processes, an unprivileged user, a read-only system, no data folder, {isolation.memoryLimitMb} MB of memory per
      process.
    </Text>
  );
}
