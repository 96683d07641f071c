import { laneOf, type JobOutcome, type JobSink, type RunJob } from '../runner/jobs';
import { closeUnrecordedSessions, recordOutcomes, type RecordDecision } from '../services/outcomes';
import type { RunControl, SessionDispatch } from '../services/runtime';
import type { ServiceDeps } from '../services/context';
import { decodeRunId, encodeRunId } from '../../src-shared/rules/run-ids';
import type { TimerHandle, Timers } from './timers';
import { inBackground } from '../core/background';

export interface RunCoordinatorOptions {
  deps: ServiceDeps;
  timers: Timers;
  sink: JobSink;
  /** Outcomes are written in one transaction per batch: at most this long after the first... */
  flushIntervalMs?: number;
  /** ...or as soon as this many are waiting. */
  flushMaxOutcomes?: number;
  /** Stores a batch in one transaction; defaults to recordOutcomes (tests put a failing write in front of it). */
  record?: (deps: ServiceDeps, outcomes: readonly JobOutcome[]) => Promise<RecordDecision>;
}

/**
 * A batch that cannot be written is tried again after these delays (the scheduler loop keeps
 * running meanwhile); when the last try fails too, its sessions are closed as not recorded.
 */
export const RECORD_RETRY_DELAYS_MS: readonly number[] = [200, 1000];

interface GroupGate {
  limit: number;
  active: Set<number>;
  waiting: SessionDispatch[];
}

/**
 * Between sessions and agents: hands a session's jobs to the agent (bounded by group
 * concurrency when a group's checks are triggered together), batches job outcomes into
 * transactions, and schedules retries.
 */
export class RunCoordinator implements RunControl {
  private sink: JobSink;
  private buffer: JobOutcome[] = [];
  private flushTimer: TimerHandle | null = null;
  private readonly retryTimers = new Map<number, Map<number, TimerHandle>>();
  private readonly gates = new Map<number, GroupGate>();
  private readonly gateOf = new Map<number, number>();
  private readonly flushIntervalMs: number;
  private readonly flushMaxOutcomes: number;
  private readonly record: NonNullable<RunCoordinatorOptions['record']>;
  /** Batches waiting to be written again after a failed write, by their timer. */
  private readonly unwritten = new Map<TimerHandle, JobOutcome[]>();
  private nextRetryKey = 1;
  private lastSaturationWarning = -Infinity;
  private skippedSinceWarning = 0;
  private lastOverrunWarning = -Infinity;
  private stopped = false;
  /** Outcomes recorded so far (benchmark). */
  recorded = 0;

  constructor(private readonly options: RunCoordinatorOptions) {
    this.sink = options.sink;
    this.flushIntervalMs = options.flushIntervalMs ?? 100;
    this.flushMaxOutcomes = options.flushMaxOutcomes ?? 500;
    this.record = options.record ?? recordOutcomes;
  }

  /** Remote agents (private locations) may put a routing sink in front of the embedded agent. */
  setSink(sink: JobSink): void {
    this.sink = sink;
  }

  async dispatch(sessions: readonly SessionDispatch[]): Promise<void> {
    const perGroup = new Map<number, number>();
    for (const s of sessions) if (s.groupId !== null) perGroup.set(s.groupId, (perGroup.get(s.groupId) ?? 0) + 1);
    for (const held of sessions) {
      const session = await this.heldBack(held);
      if (session.jobs.length === 0) continue;
      const gated = session.groupId !== null && session.groupConcurrency !== null && (perGroup.get(session.groupId) ?? 0) > 1;
      if (!gated || session.groupId === null) {
        this.submitAll(session.jobs);
        continue;
      }
      const gate = this.gates.get(session.groupId) ?? { limit: session.groupConcurrency ?? 1, active: new Set<number>(), waiting: [] };
      this.gates.set(session.groupId, gate);
      gate.waiting.push(session);
      this.gateOf.set(session.sessionId, session.groupId);
      this.openGate(gate);
    }
  }

  /**
   * A job whose location still has the check's previous session open runs only if that session's
   * job there never started (taken back from the queue and skipped: the newer run replaces it);
   * when it is running, this slot is skipped as PREVIOUS_RUN_ACTIVE.
   */
  private async heldBack(session: SessionDispatch): Promise<SessionDispatch> {
    const held = session.previousRunActive ?? [];
    if (held.length === 0) return session;
    const jobs = [...session.jobs];
    for (const { job, blockedBy } of held) {
      let waited = true;
      for (const id of blockedBy) if (!((await this.sink.withdrawWaiting?.(id, job.execution.runLocation)) ?? false)) waited = false;
      if (waited) jobs.push(job);
      else await this.onOutcome({ job, result: null, reason: 'PREVIOUS_RUN_ACTIVE', agentId: 'scheduler' });
    }
    return { ...session, jobs };
  }

  cancelSession(sessionId: number): void {
    this.sink.cancelSession(encodeRunId('session', sessionId));
    const timers = this.retryTimers.get(sessionId);
    if (timers) for (const handle of timers.values()) this.options.timers.clearTimeout(handle);
    this.retryTimers.delete(sessionId);
    this.release(sessionId);
  }

  onOutcome = async (outcome: JobOutcome): Promise<void> => {
    if (outcome.reason === 'SKIPPED') this.noteSkipped(outcome.job);
    if (outcome.reason === 'PREVIOUS_RUN_ACTIVE') this.noteOverrun(outcome.job);
    if (this.stopped) {
      this.options.deps.logger.warn({ checkId: outcome.job.execution.checkId }, 'a job finished after shutdown; its outcome is not recorded');
      return;
    }
    this.buffer.push(outcome);
    if (this.buffer.length >= this.flushMaxOutcomes) await this.flush();
    else if (!this.flushTimer) this.flushTimer = this.options.timers.setTimeout(() => inBackground(this.options.deps.logger, 'recording job outcomes failed', () => this.flush()), this.flushIntervalMs);
  };

  /** Skips from every agent are counted per lane; the log says so at most once a minute, with the fix. */
  private noteSkipped(job: RunJob): void {
    const now = this.options.deps.clock.now().getTime();
    const lane = laneOf(job);
    this.options.deps.runtime.skips.add(lane, now);
    this.skippedSinceWarning++;
    if (now - this.lastSaturationWarning < 60_000) return;
    this.lastSaturationWarning = now;
    this.options.deps.logger.warn(
      { lane, skipped: this.skippedSinceWarning, runLocation: job.execution.runLocation },
      `agent saturated: runs of the ${lane} lane could not start before their next run was due and were skipped (not counted as failures). Raise that lane's capacity (--lane-${lane.toLowerCase().replace('_', '')}), add an agent, or lower check frequencies.`,
    );
    this.skippedSinceWarning = 0;
  }

  /** Counted per check; the log names the checks at most once a minute. */
  private noteOverrun(job: RunJob): void {
    const now = this.options.deps.clock.now().getTime();
    const { overruns } = this.options.deps.runtime;
    overruns.add(job.execution.checkId, job.accountId, now);
    if (now - this.lastOverrunWarning < 60_000) return;
    this.lastOverrunWarning = now;
    const checks = overruns.lastHour(now).slice(0, 10);
    this.options.deps.logger.warn(
      { checks },
      "scheduled runs were skipped because the check's previous run was still going (not counted as failures): these checks take longer than their frequency. Lower their time limit or retries, or run them less often.",
    );
  }

  /** Writes the waiting outcomes now (also at shutdown). */
  async flush(): Promise<void> {
    if (this.flushTimer) this.options.timers.clearTimeout(this.flushTimer);
    this.flushTimer = null;
    const batch = this.buffer.splice(0);
    if (batch.length === 0) return;
    await this.write(batch, 0);
  }

  /** Writes a batch; `failures` is how many writes of it failed before. A batch is never dropped silently. */
  private async write(batch: JobOutcome[], failures: number): Promise<void> {
    const { deps } = this.options;
    let decision;
    try {
      decision = await this.record(deps, batch);
    } catch (error) {
      const delayMs = RECORD_RETRY_DELAYS_MS[failures];
      if (delayMs !== undefined && !this.stopped) {
        deps.logger.warn({ err: error, outcomes: batch.length, attempt: failures + 1 }, `recording job outcomes failed; trying again in ${delayMs} ms`);
        const handle = this.options.timers.setTimeout(() => {
          this.unwritten.delete(handle);
          inBackground(deps.logger, 'recording job outcomes failed', () => this.write(batch, failures + 1));
        }, delayMs);
        this.unwritten.set(handle, batch);
        return;
      }
      deps.logger.error({ err: error, outcomes: batch.length, attempts: failures + 1 }, 'recording job outcomes failed for good; their sessions are closed as not recorded');
      await this.closeUnrecorded(batch);
      return;
    }
    this.recorded += batch.length;
    const now = deps.clock.now().getTime();
    for (const retry of decision.retries) this.scheduleRetry(retry.job, retry.dueAt - now);
    for (const sessionId of decision.finished) this.release(sessionId);
  }

  /** The batch's sessions end with a result saying Sightline failed to record them; their other jobs and retries are called off. */
  private async closeUnrecorded(batch: readonly JobOutcome[]): Promise<void> {
    for (const sessionId of await closeUnrecordedSessions(this.options.deps, batch)) this.cancelSession(sessionId);
  }

  async stop(): Promise<void> {
    await this.flush();
    this.stopped = true;
    // Shutting down does not wait out the backoff: a batch still unwritten gets its last try now.
    for (const [handle, batch] of [...this.unwritten]) {
      this.options.timers.clearTimeout(handle);
      this.unwritten.delete(handle);
      await this.write(batch, RECORD_RETRY_DELAYS_MS.length);
    }
    for (const timers of this.retryTimers.values()) for (const handle of timers.values()) this.options.timers.clearTimeout(handle);
    this.retryTimers.clear();
  }

  private scheduleRetry(job: RunJob, delayMs: number): void {
    const sessionId = decodeRunId('session', job.sessionId);
    if (delayMs <= 0 || sessionId === null) {
      this.sink.submit(job);
      return;
    }
    const key = this.nextRetryKey++;
    const timers = this.retryTimers.get(sessionId) ?? new Map<number, TimerHandle>();
    this.retryTimers.set(sessionId, timers);
    timers.set(
      key,
      this.options.timers.setTimeout(() => {
        timers.delete(key);
        if (timers.size === 0) this.retryTimers.delete(sessionId);
        this.sink.submit(job);
      }, delayMs),
    );
  }

  private submitAll(jobs: readonly RunJob[]): void {
    for (const job of jobs) this.sink.submit(job);
  }

  private openGate(gate: GroupGate): void {
    while (gate.active.size < gate.limit && gate.waiting.length > 0) {
      const next = gate.waiting.shift();
      if (!next) break;
      gate.active.add(next.sessionId);
      this.submitAll(next.jobs.map((job) => this.leavingGate(job)));
    }
  }

  /**
   * Waiting at the gate is not queueing at the agent: a job's queue deadline (and the start its
   * retries' maxDurationSeconds count from) begins when the gate lets it through, or a group run
   * that outlasted the period would have every waiting check dropped.
   */
  private leavingGate(job: RunJob): RunJob {
    const now = this.options.deps.clock.now().getTime();
    return { ...job, enqueuedAt: now, plannedAt: now, dropAfter: now + job.periodMs, firstAttemptAt: now };
  }

  private release(sessionId: number): void {
    const groupId = this.gateOf.get(sessionId);
    if (groupId === undefined) return;
    this.gateOf.delete(sessionId);
    const gate = this.gates.get(groupId);
    if (!gate) return;
    gate.active.delete(sessionId);
    gate.waiting = gate.waiting.filter((s) => s.sessionId !== sessionId);
    this.openGate(gate);
    if (gate.active.size === 0 && gate.waiting.length === 0) this.gates.delete(groupId);
  }
}
