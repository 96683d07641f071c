import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { fetchSignInStatus, initialConnection, signOut, type Connection, type SignInStatus } from '../lib/connection';
import { ConnectionContext, type ConnectionState } from '../lib/connection-context';

/** Tabs of one browser share the session cookie; this channel tells the others at once when one signs in or out. */
const CHANNEL = 'sightline-console-session';

type Broadcast = { type: 'signedIn' } | { type: 'signedOut' };

function openChannel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
}

export function ConnectionProvider({ children }: { children: ReactNode }) {
  const [connection, setConnection] = useState<Connection>(initialConnection);
  const channel = useRef<BroadcastChannel | null>(null);

  const setStatus = useCallback((status: SignInStatus) => {
    setConnection((current) => {
      if (current.mode !== 'headless' || current.status === status) return current;
      return { ...current, status, generation: status === 'signedIn' ? current.generation + 1 : current.generation };
    });
  }, []);

  const check = useCallback(() => {
    fetchSignInStatus()
      .then((status) => setStatus(status.signedIn ? 'signedIn' : 'signedOut'))
      .catch(() => setStatus('signedOut'));
  }, [setStatus]);

  useEffect(() => {
    if (connection.mode !== 'headless') return;
    check();
    channel.current = openChannel();
    const onMessage = (event: MessageEvent<Broadcast>) => {
      if (event.data?.type === 'signedOut') setStatus('signedOut');
      if (event.data?.type === 'signedIn') check();
    };
    channel.current?.addEventListener('message', onMessage);
    return () => {
      channel.current?.removeEventListener('message', onMessage);
      channel.current?.close();
      channel.current = null;
    };
    // Once per mount: the mode never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const signedIn = useCallback(() => {
    setStatus('signedIn');
    channel.current?.postMessage({ type: 'signedIn' } satisfies Broadcast);
  }, [setStatus]);

  const disconnect = useCallback(() => {
    if (connection.mode !== 'headless') return;
    setStatus('signedOut');
    void signOut()
      .catch(() => undefined)
      .finally(() => channel.current?.postMessage({ type: 'signedOut' } satisfies Broadcast));
  }, [connection.mode, setStatus]);

  const sessionEnded = useCallback(() => setStatus('signedOut'), [setStatus]);

  const value = useMemo<ConnectionState>(() => ({ connection, signedIn, disconnect, sessionEnded }), [connection, signedIn, disconnect, sessionEnded]);
  return <ConnectionContext.Provider value={value}>{children}</ConnectionContext.Provider>;
}
