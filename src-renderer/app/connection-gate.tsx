import { notifications } from '@mantine/notifications';
import { HashRouter } from 'react-router';
import { ApiKeyPrompt } from '../features/auth/api-key-prompt';
import { useConnection } from '../lib/connection-context';
import { ApiProvider } from './api-provider';
import { AppLayout } from './app-layout';

/** Asks for an API key in headless mode; Electron always arrives with a token. */
export function ConnectionGate() {
  const { connection, connect, disconnect } = useConnection();
  const onUnauthorized = () => {
    if (connection.mode !== 'headless') return;
    notifications.show({
      id: 'api-key-rejected',
      color: 'red',
      title: 'Signed out',
      message: 'The server no longer accepts this API key. Enter a valid key to continue.',
    });
    disconnect();
  };
  if (!connection.token) {
    return <ApiKeyPrompt trpcUrl={connection.trpcUrl} onAccepted={connect} />;
  }
  return (
    <ApiProvider key={connection.token} trpcUrl={connection.trpcUrl} token={connection.token} onUnauthorized={onUnauthorized}>
      <HashRouter>
        <AppLayout />
      </HashRouter>
    </ApiProvider>
  );
}
