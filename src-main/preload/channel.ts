/** How the console reaches the in-process backend: its address and a per-launch token. */
export interface DesktopConnection {
  apiBaseUrl: string;
  token: string;
}

export const CONNECTION_CHANNEL = 'sightline:connection';
/** invoke → boolean: whether the app starts at login (the OS's own setting). */
export const LOGIN_ITEM_GET_CHANNEL = 'sightline:login-item:get';
/** invoke(boolean) → boolean: turns start at login on or off; answers the setting as the OS now has it. */
export const LOGIN_ITEM_SET_CHANNEL = 'sightline:login-item:set';
/** main → console: open a console route (a notification was clicked). */
export const NAVIGATE_CHANNEL = 'sightline:navigate';
