import { createContext, useContext } from 'react';
import type { Connection } from './connection';

export interface ConnectionState {
  connection: Connection;
  /** Stores an accepted key for this tab and switches the console to it. */
  connect: (apiKey: string) => void;
  /** Forgets the key; in headless mode the console asks for one again. */
  disconnect: () => void;
}

export const ConnectionContext = createContext<ConnectionState | null>(null);

export function useConnection(): ConnectionState {
  const state = useContext(ConnectionContext);
  if (!state) throw new Error('useConnection must be used inside ConnectionProvider');
  return state;
}
