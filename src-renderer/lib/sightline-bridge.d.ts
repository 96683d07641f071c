/** What the Electron preload exposes through contextBridge; absent when the console is served over HTTP. */
interface SightlineBridge {
  apiBaseUrl: string;
  token: string;
}

interface Window {
  sightline?: SightlineBridge;
}
