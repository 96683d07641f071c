// The agents' own connectivity, as the server sees it: public face for boot, transports and the run system.
export { agentNoticeMessage, sendAgentNotice, type AgentNotice, type AgentNoticeChange } from './notices';
export { noteAgentHeard, noteSilentAgents, noteUnreachableRuns, type RemoteAgentRef } from './remote';
