import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { ConnectionProvider } from './connection-provider';
import { ConnectionGate } from './connection-gate';
import { cssVariablesResolver, theme } from './theme';

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      {/* Bottom right, a few at a time: the header's Sign out and the pages' Edit and Delete stay uncovered. */}
      <Notifications position="bottom-right" limit={4} containerWidth={380} />
      <ConnectionProvider>
        <ConnectionGate />
      </ConnectionProvider>
    </MantineProvider>
  );
}
