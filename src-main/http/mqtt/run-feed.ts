import type { Aedes } from 'aedes';
import type { EventBus, ResultRecordedEvent } from '../../core/events';
import type { Logger } from '../../core/logger';
import { cliLogs } from '../../services/test-runs';

export interface FollowedSession {
  checkSessionId: string;
  checkId: string;
  name: string;
  checkType: string;
}

interface Followed extends FollowedSession {
  accountId: string;
  checkRunSuiteId: string;
  finals: ResultRecordedEvent[];
}

/**
 * The topic the public CLI subscribes to for a run: `account/<accountId>/ad-hoc-check-results/<checkRunSuiteId>/+/+/+`,
 * the three last levels being the sequence id (here the check session's id), the check run id and
 * the kind of message (run-start, result, error).
 */
export function runTopic(accountId: string, checkRunSuiteId: string, sequenceId: string, kind: 'run-start' | 'result' | 'error'): string {
  return `account/${accountId}/ad-hoc-check-results/${checkRunSuiteId}/${sequenceId}/${sequenceId}/${kind}`;
}

/** What the CLI prints under a failed check, read from its stored result (null: nothing more than the error). */
export type StoredDetails = (accountId: string, checkId: string, checkResultId: string) => Promise<Record<string, unknown> | null>;

/**
 * One check's outcome as the CLI's reporters read it: the worst of its locations' FINAL results, with
 * that result's evidence (request, response, assertions) when it failed and `details` can read it.
 */
export async function cliResultOf(session: FollowedSession, finals: readonly ResultRecordedEvent[], details?: StoredDetails) {
  const any = (pick: (e: ResultRecordedEvent) => boolean) => finals.some(pick);
  const times = finals.map((e) => Date.parse(e.startedAt));
  const stops = finals.map((e) => Date.parse(e.stoppedAt));
  const failing = finals.find((e) => e.hasFailures || e.hasErrors || e.timedOut) ?? finals.find((e) => e.isCancelled) ?? finals[0];
  const errors = finals.filter((e) => e.errorMessage);
  const now = Date.now();
  const isCancelled = finals.length > 0 && finals.every((e) => e.isCancelled);
  // The CLI prints details only for failures: a run no agent could make says why in its title.
  const why = isCancelled ? finals.find((e) => e.reason === 'NO_AGENT')?.errorMessage?.split('. ')[0] : undefined;
  const failed = any((e) => e.hasFailures || e.hasErrors || e.timedOut);
  const evidence = failed && failing && details ? await details(failing.accountId, session.checkId, failing.checkResultId) : null;
  return {
    testResultId: failing?.checkResultId ?? null,
    result: {
      checkId: session.checkId,
      checkSessionId: session.checkSessionId,
      name: why ? `${session.name} (${why})` : session.name,
      checkType: session.checkType,
      // The CLI decides pass or fail on hasFailures alone; an error (unreachable target, script error) fails the run here too.
      hasFailures: any((e) => e.hasFailures || e.hasErrors || e.timedOut),
      hasErrors: any((e) => e.hasErrors),
      isDegraded: any((e) => e.isDegraded),
      isCancelled,
      runLocation: finals.map((e) => e.runLocation).join(', ') || null,
      responseTime: failing?.responseTime ?? null,
      startedAt: new Date(times.length ? Math.min(...times) : now).toISOString(),
      stoppedAt: new Date(stops.length ? Math.max(...stops) : now).toISOString(),
      // The CLI prints these under "Logs" for a failed check.
      // The failing location's request, response and assertions, as `checkly test` prints them.
      ...evidence,
      logs: withLocationErrors(evidence?.logs, cliLogs(session.checkType, errors.map((e) => ({ level: 'ERROR', msg: `${e.runLocation}: ${e.errorMessage}`, time: Date.parse(e.stoppedAt) })))),
    },
  };
}

type Logs = ReturnType<typeof cliLogs>;

/** The scripts' lines of the stored evidence, with each location's error (named by its location) where the run's own error was. */
function withLocationErrors(stored: unknown, located: Logs): Logs {
  if (Array.isArray(located) || !stored || typeof stored !== 'object' || Array.isArray(stored)) return located;
  const phases = stored as { setup?: Logs; teardown?: Logs };
  return { setup: Array.isArray(phases.setup) ? phases.setup : [], request: located.request, teardown: Array.isArray(phases.teardown) ? phases.teardown : [] };
}

/**
 * Publishes the progress of triggered runs on the broker, from the backend's session and result
 * events. In team mode the CLI may be connected to another server than the one that started its run,
 * and the run's sessions may finish on a third (a private location's agent reports to any server):
 * this server follows the sessions from the feed events of every server, and every message it makes
 * goes through the event bus's feed, so every server's broker publishes it.
 */
export class RunFeed {
  private readonly followed = new Map<string, Followed>();
  private readonly offs: (() => void)[];

  constructor(
    private readonly broker: Aedes,
    private readonly events: EventBus,
    private readonly logger: Logger,
    private readonly details?: StoredDetails,
  ) {
    this.offs = [
      events.onFeed('runFeedMessage', ({ topic, message }) => this.publishHere(topic, message)),
      events.onFeed('resultRecorded', (event) => this.followed.get(event.checkSessionId)?.finals.push(event)),
      events.onFeed('sessionUpdated', (event) => {
        const run = this.followed.get(event.checkSessionId);
        if (!run || !event.finished) return;
        this.followed.delete(event.checkSessionId);
        void cliResultOf(run, run.finals, this.details).then(
          (result) => this.publish(runTopic(run.accountId, run.checkRunSuiteId, run.checkSessionId, 'result'), { ...result, resultType: 'FINAL' }),
          (error: unknown) => this.logger.error({ err: error, checkSessionId: run.checkSessionId }, 'the run feed could not read a finished run'),
        );
      }),
    ];
  }

  /** Starts following the sessions of a run (before any of them can finish: the caller has not yielded since starting them). */
  follow(accountId: string, checkRunSuiteId: string, sessions: readonly FollowedSession[]): void {
    for (const session of sessions) {
      this.followed.set(session.checkSessionId, { ...session, accountId, checkRunSuiteId, finals: [] });
      this.publish(runTopic(accountId, checkRunSuiteId, session.checkSessionId, 'run-start'), {});
    }
  }

  /** Publishes one message of a run that is not a check session (`checkly test`): the caller knows its progress itself. */
  announce(accountId: string, checkRunSuiteId: string, sequenceId: string, kind: 'run-start' | 'result' | 'error', message: unknown): void {
    this.publish(runTopic(accountId, checkRunSuiteId, sequenceId, kind), message);
  }

  /** How many sessions are still followed (tests). */
  get size(): number {
    return this.followed.size;
  }

  stop(): void {
    for (const off of this.offs) off();
    this.followed.clear();
  }

  /** Here and, in team mode, on the other servers' brokers. */
  private publish(topic: string, message: unknown): void {
    this.events.share('runFeedMessage', { topic, message });
  }

  private publishHere(topic: string, message: unknown): void {
    this.broker.publish({ cmd: 'publish', topic, payload: Buffer.from(JSON.stringify(message)), qos: 0, retain: false, dup: false }, (error) => {
      if (error) this.logger.warn({ err: error, topic }, 'could not publish a run update over MQTT');
    });
  }
}
