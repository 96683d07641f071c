import type { AgentConnectivityReport } from '../../../src-shared/schemas/agent-protocol';
import type { ConnectivityMonitor } from './monitor';

/** What a remote agent's heartbeat tells the server of its own network. */
export function connectivityReport(monitor: ConnectivityMonitor): AgentConnectivityReport {
  const view = monitor.view();
  return {
    online: view.status !== 'offline',
    since: view.since ?? new Date().toISOString(),
    reason: view.reason,
    canaries: view.canaries.slice(0, 100),
    outages: monitor.outages,
    lastOutageSince: monitor.lastOutageSince === null ? null : new Date(monitor.lastOutageSince).toISOString(),
    lastOutageReason: monitor.lastOutageReason,
    lastOutageRuns: view.outageRuns,
    offlineRuns: view.offlineRunsTotal,
  };
}
