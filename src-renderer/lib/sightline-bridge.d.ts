/** What the Electron preload exposes through contextBridge (src-main/preload/bridge.ts); absent when the console is served over HTTP. */
interface SightlineBridge {
  apiBaseUrl: string;
  token: string;
  /** Only inside the desktop app. */
  desktop?: {
    startAtLogin(): Promise<boolean>;
    setStartAtLogin(enabled: boolean): Promise<boolean>;
  };
}

interface Window {
  sightline?: SightlineBridge;
}
