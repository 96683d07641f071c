export const API_KEY_STORAGE_KEY = 'sightline.apiKey';

export type ConnectionMode = 'electron' | 'headless';

export interface Connection {
  mode: ConnectionMode;
  trpcUrl: string;
  /** null in headless mode until the operator has entered an accepted key. */
  token: string | null;
}

function trimTrailingSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url;
}

/** Electron hands over the API address and launch token; headless mode uses same-origin /trpc and a key kept for this tab. */
export function initialConnection(): Connection {
  const bridge = window.sightline;
  if (bridge) {
    return { mode: 'electron', trpcUrl: `${trimTrailingSlash(bridge.apiBaseUrl)}/trpc`, token: bridge.token };
  }
  return { mode: 'headless', trpcUrl: '/trpc', token: readStoredApiKey() };
}

export function readStoredApiKey(): string | null {
  try {
    return window.sessionStorage.getItem(API_KEY_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeApiKey(key: string): void {
  window.sessionStorage.setItem(API_KEY_STORAGE_KEY, key);
}

export function clearStoredApiKey(): void {
  window.sessionStorage.removeItem(API_KEY_STORAGE_KEY);
}
