// Agent jobs' public face: the agent protocol's routes and the remote broker import from here only.
export { agentHeartbeat, registerAgent } from './agents';
export { authenticateAgent, type AgentPrincipal } from './authenticate';
export { cancelAgentJobsOfSession } from './cancel-session';
export { followWallClockStep } from './clock-step';
export { completeAgentJob } from './complete';
export { enqueueAgentJob, privateLocationIdOfJob } from './enqueue';
export { leaseAgentJobs, stopAgentLongPolls } from './lease';
export { DEFAULT_HEARTBEAT_INTERVAL_MS, DEFAULT_LEASE_GRACE_MS, JobSignals, type AgentJobSettings } from '../job-signals';
export { sweepAgentJobs } from './sweep';
export { withdrawQueuedAgentJob } from './withdraw';
