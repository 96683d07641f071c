import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ConsoleSessionEndReason } from '../../src-shared/schemas/console-session';
import { fetchSignInStatus, initialConnection, signOut, type Connection, type SignInStatus } from '../lib/connection';
import { ConnectionContext, type ConnectionState } from '../lib/connection-context';

/** Tabs of one browser share the session cookie; this channel tells the others at once when one signs in or out. */
const CHANNEL = 'sightline-console-session';

/** Status checks that fail (no answer, 429, 5xx) are retried this many times, 0.5 s, 1 s, 2 s… apart. */
const CHECK_RETRIES = 4;

type Broadcast = { type: 'signedIn' } | { type: 'signedOut' };

/**
 * Only the server's answer signs a tab out: a busy or restarting server (429, 5xx, no answer) is
 * asked again a few times before the tab falls back to the sign-in form.
 */
async function askSignInStatus(): Promise<{ status: SignInStatus; reason?: ConsoleSessionEndReason }> {
  for (let attempt = 0; ; attempt++) {
    try {
      const answer = await fetchSignInStatus();
      return answer.signedIn ? { status: 'signedIn' } : { status: 'signedOut', reason: answer.reason };
    } catch {
      if (attempt >= CHECK_RETRIES) return { status: 'signedOut' };
      await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
    }
  }
}

function openChannel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
}

export function ConnectionProvider({ children }: { children: ReactNode }) {
  const [connection, setConnection] = useState<Connection>(initialConnection);
  const [signedOutNotice, setSignedOutNotice] = useState<string | null>(null);
  const channel = useRef<BroadcastChannel | null>(null);

  const setStatus = useCallback((status: SignInStatus) => {
    setConnection((current) => {
      if (current.mode !== 'headless' || current.status === status) return current;
      // A new sign-in starts from a fresh cache; confirming an assumed one keeps the console as it is.
      const fresh = status === 'signedIn' && current.status !== 'assumed';
      return { ...current, status, generation: fresh ? current.generation + 1 : current.generation };
    });
  }, []);

  const check = useCallback(() => void askSignInStatus().then((answer) => setStatus(answer.status)), [setStatus]);

  useEffect(() => {
    if (connection.mode !== 'headless') return;
    check();
    channel.current = openChannel();
    const onMessage = (event: MessageEvent<Broadcast>) => {
      if (event.data?.type === 'signedOut') {
        setSignedOutNotice('This tab was signed out because this browser signed out in another tab.');
        setStatus('signedOut');
      }
      if (event.data?.type === 'signedIn') check();
    };
    channel.current?.addEventListener('message', onMessage);
    return () => {
      channel.current?.removeEventListener('message', onMessage);
      channel.current?.close();
      channel.current = null;
    };
  }, [connection.mode, check, setStatus]);

  const signedIn = useCallback(() => {
    setSignedOutNotice(null);
    setStatus('signedIn');
    channel.current?.postMessage({ type: 'signedIn' } satisfies Broadcast);
  }, [setStatus]);

  const disconnect = useCallback(() => {
    if (connection.mode !== 'headless') return;
    setSignedOutNotice(null);
    setStatus('signedOut');
    void signOut()
      .catch(() => undefined)
      .finally(() => channel.current?.postMessage({ type: 'signedOut' } satisfies Broadcast));
  }, [connection.mode, setStatus]);

  // A refused request may have carried a session this browser has just replaced (a sign-in in
  // another tab, or again here): only the server's answer about the browser's session signs the tab
  // out. Queries refused together share one question.
  const asking = useRef<Promise<ConsoleSessionEndReason | null> | null>(null);
  const sessionEnded = useCallback((): Promise<ConsoleSessionEndReason | null> => {
    asking.current ??= askSignInStatus()
      .then(({ status, reason }) => {
        if (status === 'signedOut') {
          setStatus('signedOut');
          return reason ?? 'unknown';
        }
        // Signed in anew: start again from a fresh cache, so what was refused is asked again.
        setConnection((current) => ({ ...current, status: 'signedIn', generation: current.generation + 1 }));
        return null;
      })
      .finally(() => {
        asking.current = null;
      });
    return asking.current;
  }, [setStatus]);

  const value = useMemo<ConnectionState>(
    () => ({ connection, signedIn, disconnect, sessionEnded, signedOutNotice }),
    [connection, signedIn, disconnect, sessionEnded, signedOutNotice],
  );
  return <ConnectionContext.Provider value={value}>{children}</ConnectionContext.Provider>;
}
