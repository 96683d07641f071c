import { createContext, useContext } from 'react';

export interface LiveUpdates {
  /** The session feed is connected: views can rely on it instead of polling. */
  connected: boolean;
}

export const LiveUpdatesContext = createContext<LiveUpdates>({ connected: false });

export function useLiveUpdates(): LiveUpdates {
  return useContext(LiveUpdatesContext);
}

/** How often a view polls what the feed would otherwise push. */
export function pollInterval(live: LiveUpdates, whenOffline: number): number | false {
  return live.connected ? false : whenOffline;
}
