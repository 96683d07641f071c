import { notifications } from '@mantine/notifications';
import { HashRouter } from 'react-router';
import { LoadingBlock } from '../components/loading-block';
import { ApiKeyPrompt } from '../features/auth/api-key-prompt';
import { SESSION_END_MESSAGES } from '../../src-shared/schemas/console-session';
import { useConnection } from '../lib/connection-context';
import { ApiProvider } from './api-provider';
import { AppLayout } from './app-layout';

/** Asks for an API key in headless mode until the browser is signed in; Electron always arrives with a token. */
export function ConnectionGate() {
  const { connection, signedIn, sessionEnded, signedOutNotice } = useConnection();
  const onUnauthorized = () => {
    if (connection.mode !== 'headless') return;
    // Shown on the hint alone and refused: the session is gone (e.g. the server restarted); just ask for the key.
    const quiet = connection.status === 'assumed';
    void sessionEnded().then((reason) => {
      if (reason === null || quiet) return;
      notifications.show({
        id: 'session-ended',
        color: 'red',
        title: 'Signed out',
        message: `${SESSION_END_MESSAGES[reason]} Enter a valid key to continue.`,
      });
    });
  };
  if (connection.status === 'checking') return <LoadingBlock label="Checking whether this browser is signed in" />;
  if (connection.status === 'signedOut') return <ApiKeyPrompt onSignedIn={signedIn} notice={signedOutNotice} />;
  return (
    <ApiProvider key={connection.generation} trpcUrl={connection.trpcUrl} token={connection.token} onUnauthorized={onUnauthorized}>
      <HashRouter>
        <AppLayout />
      </HashRouter>
    </ApiProvider>
  );
}
