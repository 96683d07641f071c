// The agents' own connectivity, as the server sees it: public face for boot, transports and the run system.
export { sendAgentNotice, type AgentNotice } from './notices';
export { noteRemoteConnectivity, type RemoteAgentRef } from './remote';
