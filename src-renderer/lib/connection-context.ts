import { createContext, useContext } from 'react';
import type { ConsoleSessionEndReason } from '../../src-shared/schemas/console-session';
import type { Connection } from './connection';

export interface ConnectionState {
  connection: Connection;
  /** The server accepted a key and set the session cookie: the console opens, here and in other tabs. */
  signedIn: () => void;
  /** Signs out on the server (every tab of this browser); in headless mode the console asks for a key again. */
  disconnect: () => void;
  /**
   * A request was refused as unauthorized: asks the server whether this browser is still signed in
   * (a newer sign-in replaced the session the request carried) and otherwise asks for a key again.
   * Resolves with the server's reason when the tab is signed out, null when it is still signed in.
   */
  sessionEnded: () => Promise<ConsoleSessionEndReason | null>;
  /** Why this tab was signed out without its own doing (a sign-out in another tab), for the sign-in page to say; null otherwise. */
  signedOutNotice: string | null;
}

export const ConnectionContext = createContext<ConnectionState | null>(null);

export function useConnection(): ConnectionState {
  const state = useContext(ConnectionContext);
  if (!state) throw new Error('useConnection must be used inside ConnectionProvider');
  return state;
}
