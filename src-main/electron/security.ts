/** The part of an Electron session this needs. */
export interface PermissionSession {
  setPermissionRequestHandler(handler: ((webContents: unknown, permission: string, callback: (granted: boolean) => void) => void) | null): void;
  setPermissionCheckHandler(handler: ((webContents: unknown, permission: string) => boolean) | null): void;
}

/** Electron grants camera, notifications, geolocation… to any page by default; the console needs none of them. */
export function denyAllPermissions(session: PermissionSession): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

/** The console's origin inside the app (the `app://` protocol, see app-protocol.ts). */
export const APP_ORIGIN = 'app://sightline';

interface Frame {
  url: string;
}

/** What an IPC event says about who sent it. */
export interface IpcSender {
  sender: unknown;
  senderFrame: Frame | null;
}

export interface OwnWindow {
  webContents: { mainFrame: Frame };
}

/**
 * An IPC message is answered only when it comes from the console's own window, from its top frame
 * (not an iframe), showing a page of the app:// origin: a page navigated elsewhere or a frame it
 * embedded never gets the launch token.
 */
export function isFromOwnFrame(event: IpcSender, window: OwnWindow | null): boolean {
  if (!window || event.sender !== window.webContents) return false;
  const frame = event.senderFrame;
  if (!frame || frame !== window.webContents.mainFrame) return false;
  return isOwnPage(frame.url);
}

/**
 * `shell.openExternal` takes only http(s) links the app itself made: they point at Sightline's own
 * server (status pages, /docs) or its public URL (alert links). Anything else a page asks to open
 * (another site, file:, a custom scheme handler, credentials in the URL) is refused.
 */
export function isOpenableExternally(url: string, ownOrigins: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (parsed.username !== '' || parsed.password !== '') return false;
  return ownOrigins.some((origin) => {
    try {
      return new URL(origin).origin === parsed.origin;
    } catch {
      return false;
    }
  });
}

/** A page of the app:// origin (compared by scheme and host: Node gives custom schemes a "null" origin). */
export function isOwnPage(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'app:' && parsed.host === 'sightline';
  } catch {
    return false;
  }
}
