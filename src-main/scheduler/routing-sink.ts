import type { JobSink, RunJob } from '../runner/jobs';

/**
 * Sends jobs for private locations served by remote agents to the broker and everything else
 * (`local` and public locations, which run from this machine) to the embedded agent.
 */
export class RoutingJobSink implements JobSink {
  constructor(
    private readonly embedded: JobSink,
    private readonly broker: JobSink,
    private readonly isPrivateLocation: (job: RunJob) => Promise<boolean>,
    /** A job neither sink took (the database could not say where it goes, or refused it): Sightline's failure, not the check's. */
    private readonly notRouted: (job: RunJob, error: unknown) => void,
  ) {}

  submit(job: RunJob): void {
    void this.route(job);
  }

  private async route(job: RunJob): Promise<void> {
    try {
      if (await this.isPrivateLocation(job)) await this.broker.submit(job);
      else this.embedded.submit(job);
    } catch (error) {
      this.notRouted(job, error);
    }
  }

  cancelSession(sessionId: string): void {
    this.embedded.cancelSession(sessionId);
    this.broker.cancelSession(sessionId);
  }

  async withdrawWaiting(sessionId: string, runLocation: string): Promise<boolean> {
    return (this.embedded.withdrawWaiting?.(sessionId, runLocation) ?? false) || ((await this.broker.withdrawWaiting?.(sessionId, runLocation)) ?? false);
  }
}
