import { LOGIN_ITEM_GET_CHANNEL, LOGIN_ITEM_SET_CHANNEL, NAVIGATE_CHANNEL, type DesktopConnection } from './channel';

/** The part of ipcRenderer the bridge uses. */
export interface BridgeIpc {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

/** What the console gets as `window.sightline` (src-renderer/lib/sightline-bridge.d.ts says the same). */
export interface SightlineBridge {
  apiBaseUrl: string;
  token: string;
  /** Present only inside the desktop app: its own settings, which the OS keeps. */
  desktop: {
    startAtLogin(): Promise<boolean>;
    setStartAtLogin(enabled: boolean): Promise<boolean>;
  };
}

/** A console route as the main process sends it: "/monitors/<id>" or "/", nothing that could leave the page. */
export function isConsoleRoute(route: unknown): route is string {
  return typeof route === 'string' && /^\/[A-Za-z0-9\-._~%/?=&]*$/.test(route) && !route.startsWith('//');
}

/**
 * Builds the bridge from the launch connection (null when the main process refused to answer, e.g.
 * a frame that is not the console's) and wires notification clicks to the console's hash router.
 */
export function makeBridge(ipc: BridgeIpc, connection: DesktopConnection | null, location: { hash: string }): SightlineBridge | null {
  if (!connection) return null;
  ipc.on(NAVIGATE_CHANNEL, (_event, route) => {
    if (isConsoleRoute(route)) location.hash = `#${route}`;
  });
  return Object.freeze({
    apiBaseUrl: connection.apiBaseUrl,
    token: connection.token,
    desktop: Object.freeze({
      startAtLogin: async () => (await ipc.invoke(LOGIN_ITEM_GET_CHANNEL)) === true,
      setStartAtLogin: async (enabled: boolean) => (await ipc.invoke(LOGIN_ITEM_SET_CHANNEL, enabled === true)) === true,
    }),
  });
}
