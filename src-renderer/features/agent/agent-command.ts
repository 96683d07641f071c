/** The address an agent on another machine uses: the bridge's API address in Electron, this page's origin when served headless. */
export function serverUrl(): string {
  const bridge = window.sightline;
  const url = bridge ? bridge.apiBaseUrl : window.location.origin;
  return url.endsWith('/') ? url.slice(0, -1) : url;
}

export interface AgentCommands {
  /** Works today: the package is private, so the agent runs from a Sightline checkout (after `npm ci`). */
  fromCheckout: string;
  /** Works once the sightline package is published to npm. */
  published: string;
}

export function agentCommands(key: string): AgentCommands {
  const options = `--server ${serverUrl()} --key ${key}`;
  return { fromCheckout: `npm run agent -- ${options}`, published: `npx sightline agent ${options}` };
}
