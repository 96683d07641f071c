import type { ServiceDeps } from '../services/context';
import type { JobSink, OutcomeHandler } from '../runner/jobs';
import { RemoteBroker, type RemoteBrokerOptions } from './remote-broker';
import { RoutingJobSink } from './routing-sink';

/** The parts of the scheduler's run system that remote agents plug into. */
export interface RoutableRunSystem {
  agent: JobSink;
  coordinator: { setSink(sink: JobSink): void; onOutcome: OutcomeHandler };
}

/**
 * Puts the broker for private locations beside the embedded agent: jobs whose run location is a
 * private location of the job's account go to remote agents, everything else runs here.
 */
export function attachRemoteAgents(deps: ServiceDeps, runs: RoutableRunSystem, options: RemoteBrokerOptions = {}): RemoteBroker {
  const broker = new RemoteBroker(deps, (outcome) => runs.coordinator.onOutcome(outcome), options);
  runs.coordinator.setSink(new RoutingJobSink(runs.agent, broker, (job) => broker.serves(job)));
  broker.start();
  return broker;
}
