/** How the console reaches the in-process backend: its address and a per-launch token. */
export interface DesktopConnection {
  apiBaseUrl: string;
  token: string;
}

export const CONNECTION_CHANNEL = 'sightline:connection';
