import type { JobSink, RunJob } from '../runner/jobs';

/**
 * Sends jobs for private locations served by remote agents to the broker and everything else
 * (`local` and public locations, which run from this machine) to the embedded agent.
 */
export class RoutingJobSink implements JobSink {
  constructor(
    private readonly embedded: JobSink,
    private readonly broker: JobSink,
    private readonly isPrivateLocation: (job: RunJob) => boolean,
  ) {}

  submit(job: RunJob): void {
    if (this.isPrivateLocation(job)) this.broker.submit(job);
    else this.embedded.submit(job);
  }

  cancelSession(sessionId: string): void {
    this.embedded.cancelSession(sessionId);
    this.broker.cancelSession(sessionId);
  }

  withdrawWaiting(sessionId: string, runLocation: string): boolean {
    return (this.embedded.withdrawWaiting?.(sessionId, runLocation) ?? false) || (this.broker.withdrawWaiting?.(sessionId, runLocation) ?? false);
  }
}
