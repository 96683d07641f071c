import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { ConnectionProvider } from './connection-provider';
import { ConnectionGate } from './connection-gate';
import { cssVariablesResolver, theme } from './theme';

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <Notifications position="top-right" />
      <ConnectionProvider>
        <ConnectionGate />
      </ConnectionProvider>
    </MantineProvider>
  );
}
