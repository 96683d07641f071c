/** The address an agent on another machine uses: the bridge's API address in Electron, this page's origin when served headless. */
export function serverUrl(): string {
  const bridge = window.sightline;
  const url = bridge ? bridge.apiBaseUrl : window.location.origin;
  return url.endsWith('/') ? url.slice(0, -1) : url;
}

export function agentCommand(key: string): string {
  return `npx sightline agent --server ${serverUrl()} --key ${key}`;
}
