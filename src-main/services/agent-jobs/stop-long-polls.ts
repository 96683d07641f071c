import type { ServiceDeps } from '../context';

/** At server shutdown: waiting lease requests answer at once, so closing the HTTP server does not wait for them. */
export function stopAgentLongPolls(deps: ServiceDeps): void {
  deps.runtime.agentJobs.signals.close();
}
