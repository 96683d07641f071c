import { createContext, useContext } from 'react';
import type { Connection } from './connection';

export interface ConnectionState {
  connection: Connection;
  /** The server accepted a key and set the session cookie: the console opens, here and in other tabs. */
  signedIn: () => void;
  /** Signs out on the server (every tab of this browser); in headless mode the console asks for a key again. */
  disconnect: () => void;
  /** The server no longer accepts the session (signed out elsewhere, expired, key revoked): ask for a key again. */
  sessionEnded: () => void;
}

export const ConnectionContext = createContext<ConnectionState | null>(null);

export function useConnection(): ConnectionState {
  const state = useContext(ConnectionContext);
  if (!state) throw new Error('useConnection must be used inside ConnectionProvider');
  return state;
}
