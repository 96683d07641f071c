import type { ClockWatch } from '../core/clock-watch';
import type { ServiceDeps } from '../services/context';
import type { JobOutcome, JobSink, OutcomeHandler } from '../runner/jobs';
import { RemoteBroker, type RemoteBrokerOptions } from './remote-broker';
import { RoutingJobSink } from './routing-sink';
import { inBackground } from '../core/background';

/** The parts of the scheduler's run system that remote agents plug into. */
export interface RoutableRunSystem {
  agent: JobSink;
  coordinator: { setSink(sink: JobSink): void; onOutcome: OutcomeHandler };
  /** Ad-hoc runs (`checkly test`) reach private locations' agents too; their outcomes go back to their caller. */
  routeAdHoc?(sink: JobSink): void;
  takeAdHocOutcome?(outcome: JobOutcome): boolean;
}

/**
 * Puts the broker for private locations beside the embedded agent: jobs whose run location is a
 * private location of the job's account go to remote agents, everything else runs here.
 */
export function attachRemoteAgents(deps: ServiceDeps, runs: RoutableRunSystem, options: RemoteBrokerOptions = {}, watch: ClockWatch | null = null): RemoteBroker {
  const onOutcome: OutcomeHandler = (outcome) => runs.takeAdHocOutcome?.(outcome) || runs.coordinator.onOutcome(outcome);
  const broker = new RemoteBroker(deps, onOutcome, options);
  const routing = new RoutingJobSink(
    runs.agent,
    broker,
    (job) => broker.serves(job),
    (job, error) => {
      deps.logger.error({ err: error, checkId: job.execution.checkId }, 'a job could not be handed to an agent; its run ends as Sightline’s own error');
      void onOutcome({ job, result: null, reason: 'EXECUTOR_ERROR', agentId: 'scheduler' });
    },
  );
  runs.coordinator.setSink(routing);
  runs.routeAdHoc?.(routing);
  broker.start();
  if (watch) broker.observeClockWith(() => watch.observe());
  watch?.onEvent((event) => {
    if (event.kind === 'wall-clock-step') inBackground(deps.logger, 'the remote agents’ queue could not follow a wall-clock step', () => broker.followWallClockStep(event.durationMs));
  });
  return broker;
}
