import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { clearStoredApiKey, initialConnection, storeApiKey, type Connection } from '../lib/connection';
import { ConnectionContext, type ConnectionState } from '../lib/connection-context';

export function ConnectionProvider({ children }: { children: ReactNode }) {
  const [connection, setConnection] = useState<Connection>(initialConnection);

  const connect = useCallback((apiKey: string) => {
    storeApiKey(apiKey);
    setConnection((current) => ({ ...current, token: apiKey }));
  }, []);

  const disconnect = useCallback(() => {
    clearStoredApiKey();
    setConnection((current) => (current.mode === 'headless' ? { ...current, token: null } : current));
  }, []);

  const value = useMemo<ConnectionState>(() => ({ connection, connect, disconnect }), [connection, connect, disconnect]);
  return <ConnectionContext.Provider value={value}>{children}</ConnectionContext.Provider>;
}
