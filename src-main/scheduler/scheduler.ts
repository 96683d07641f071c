import { checksChangeBetween, checksChangeMarker, closeInterruptedSessions, loadCheckPlans, startSessions, type ChangeMarker, type CheckPlan, isRunnable, type RunnablePlan } from '../services/check-sessions';
import { holdSlotsInMaintenance } from '../services/maintenance-windows';
import type { RunControl } from '../services/runtime';
import type { ServiceDeps } from '../services/context';
import { MISSED_AFTER_PERIODS, nextRunAfter, resumeAfterJump, resumeRunAt, type Cadence } from '../../src-shared/rules/schedule';
import { MinHeap } from './min-heap';
import { PacedPages } from './paced-pages';
import type { TimerHandle, Timers } from './timers';
import type { ClockEvent, ClockWatch } from '../core/clock-watch';
import { inBackground } from '../core/background';

export interface SchedulerOptions {
  deps: ServiceDeps;
  timers: Timers;
  control: RunControl;
  /** How often the checks table is looked at for creates, updates and deletes. */
  pollIntervalMs?: number;
  /** Most sessions started in one transaction. */
  maxBatch?: number;
  /**
   * Ticks are at least this far apart (default 100 ms): checks due within that window start in one
   * transaction and reach the ICMP lane together (one fping), at most this late.
   */
  minTickMs?: number;
  /** Checks loaded per turn of the event loop at start (default 500). */
  startPageSize?: number;
  /** Keep every dispatch lag (the benchmark). */
  recordLag?: boolean;
  /** Sightline's own time events: a step of the wall clock replans from now; slots a suspension swallowed are told to it. */
  watch?: ClockWatch | null;
}

interface Entry {
  checkId: string;
  dueAt: number;
  generation: number;
  /** The run at creation (runNewChecksNow), off the check's grid. */
  createdNow?: boolean;
  /** A slot another leader missed, run late by this one (its session is that slot's). */
  slotAt?: number;
}

interface Scheduled {
  plan: RunnablePlan;
  generation: number;
}

const sameCadence = (a: Cadence, b: Cadence) => a.periodMs === b.periodMs && a.phaseMs === b.phaseMs;

/**
 * Decides when checks run: one min-heap of due times and ONE timer armed for the earliest. Each
 * firing starts every due check's session in one transaction that also writes their next-run
 * times, so a restart resumes from SQLite. Check changes are picked up by polling a cheap
 * fingerprint of the checks and groups tables (and at once through onChecksChanged).
 */
export class Scheduler {
  private readonly heap = new MinHeap<Entry>((e) => e.dueAt);
  private readonly scheduled = new Map<string, Scheduled>();
  /** Checks created just now whose first run is due at once (runNewChecksNow). */
  private readonly firstRunNow = new Set<string>();
  private timer: TimerHandle | null = null;
  private pollTimer: TimerHandle | null = null;
  private marker: ChangeMarker | null = null;
  private running = false;
  private generation = 0;
  private lastTickAt = -Infinity;
  private lastJumpWarning = -Infinity;
  readonly lags: number[] = [];
  /** Runs not started because the clock jumped past their slots (the machine slept). */
  missedByJump = 0;
  /** Resolves once every check is loaded at start. */
  loading: Promise<void> = Promise.resolve();
  dispatched = 0;
  /** Scheduled slots not run because a maintenance window of the check was open. */
  skippedForMaintenance = 0;
  /** Steps of the wall clock the plan was moved by. */
  wallClockSteps = 0;
  private unwatch: (() => void) | null = null;
  /** Team mode's new leader: slots the previous leader missed run late (loadPages at start). */
  private catchUpMissed = false;
  /** Whether runs may start now (team mode: this node leads); asked before every batch. */
  private mayStart: () => boolean = () => true;
  /** Missed slots run late by this node since it started leading. */
  caughtUp = 0;

  constructor(private readonly options: SchedulerOptions) {}

  /** Team mode: runs start only while `mayStart()` (the lease's isLeader(), computed when asked). */
  gate(mayStart: () => boolean): void {
    this.mayStart = mayStart;
  }

  /**
   * The wall clock stepped by `durationMs` while no time passed: every planned run moves with it,
   * so each keeps its place on the monotonic clock — no slot runs twice (a step back) and none is
   * jumped over (a step forward), and the timer armed on monotonic time still fires when it should.
   */
  private onClockEvent = (event: ClockEvent): void => {
    if (event.kind !== 'wall-clock-step') return;
    const by = event.durationMs;
    this.heap.forEach((entry) => {
      entry.dueAt += by;
    });
    for (const current of this.scheduled.values()) if (current.plan.nextRunAt !== null) current.plan.nextRunAt += by;
    this.lastTickAt += by;
    this.wallClockSteps++;
    this.arm();
  };

  private now(): number {
    return this.options.deps.clock.now().getTime();
  }

  /**
   * Loads the activated checks a page at a time, yielding between pages, so a restart with ten
   * thousand checks answers API requests at once; the first page is loaded before this returns.
   */
  async start(options: { catchUpMissed?: boolean } = {}): Promise<void> {
    if (this.running) return;
    this.running = true;
    // Started again (a node leading again after a standby spell): what it knew is stale.
    this.scheduled.clear();
    this.catchUpMissed = options.catchUpMissed === true;
    this.unwatch = this.options.watch?.onEvent(this.onClockEvent) ?? null;
    await closeInterruptedSessions(this.options.deps);
    this.marker = await checksChangeMarker(this.options.deps);
    this.loading = this.loadPages();
  }

  private async loadPages(): Promise<void> {
    const limit = this.options.startPageSize ?? 500;
    for (let after = 0; this.running; ) {
      const plans = await loadCheckPlans(this.options.deps, { activatedOnly: true, afterCheckNum: after, limit });
      this.apply(plans, false, this.catchUpMissed);
      this.arm();
      const last = plans[plans.length - 1];
      if (plans.length < limit || !last) break;
      after = last.checkNum;
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.catchUpMissed = false;
    this.schedulePoll();
  }

  stop(): void {
    this.running = false;
    this.unwatch?.();
    this.unwatch = null;
    if (this.timer) this.options.timers.clearTimeout(this.timer);
    if (this.pollTimer) this.options.timers.clearTimeout(this.pollTimer);
    this.timer = null;
    this.pollTimer = null;
  }

  /**
   * Checks were created, changed or deleted: reload these now (or everything when no ids are given),
   * a page at a time with a turn of the event loop between pages, so a deploy of thousands does not
   * hold every request while their plans load (issue 29). Resolves once all are applied.
   */
  async onChecksChanged(checkIds?: readonly string[]): Promise<void> {
    if (!this.running) return;
    // Smaller pages than at start, sized by the time each takes: other requests are being answered meanwhile.
    const pages = new PacedPages(Math.min(this.options.startPageSize ?? 500, 250));
    const timed = async <T extends unknown[]>(load: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      const rows = await load();
      pages.took(rows.length, performance.now() - started);
      return rows;
    };
    if (!checkIds || checkIds.length === 0) {
      const kept = new Set<string>();
      for (let after = 0; this.running; ) {
        const limit = pages.next;
        const plans = await timed(() => loadCheckPlans(this.options.deps, { activatedOnly: true, afterCheckNum: after, limit }));
        for (const plan of plans) if (plan.scheduled) kept.add(plan.checkId);
        this.apply(plans, false);
        this.arm();
        const last = plans[plans.length - 1];
        if (plans.length < limit || !last) break;
        after = last.checkNum;
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (!this.running) return;
      for (const id of [...this.scheduled.keys()]) if (!kept.has(id)) this.scheduled.delete(id);
      this.arm();
      return;
    }
    for (let start = 0; start < checkIds.length && this.running; ) {
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      const ids = checkIds.slice(start, start + pages.next);
      start += ids.length;
      const plans = await timed(() => loadCheckPlans(this.options.deps, { checkIds: ids }));
      const found = new Set(plans.map((p) => p.checkId));
      for (const id of ids) if (!found.has(id)) this.scheduled.delete(id);
      this.apply(plans, false);
      this.arm();
    }
  }

  /**
   * Checks created just now (one create request, not a deploy of thousands): each is loaded at once
   * and its first run is due now rather than at its first slot, so a new monitor says something
   * within a second; maintenance windows and lanes apply as to any due run. Then it runs on its cadence.
   */
  async runNewChecksNow(checkIds: readonly string[]): Promise<void> {
    if (!this.running || checkIds.length === 0) return;
    for (const id of checkIds) this.firstRunNow.add(id);
    try {
      await this.onChecksChanged(checkIds);
    } finally {
      for (const id of checkIds) this.firstRunNow.delete(id);
    }
  }

  get size(): number {
    return this.scheduled.size;
  }

  private apply(plans: readonly CheckPlan[], complete: boolean, catchUpMissed = false): void {
    const now = this.now();
    if (complete) {
      const keep = new Set(plans.filter((p) => p.scheduled).map((p) => p.checkId));
      for (const id of [...this.scheduled.keys()]) if (!keep.has(id)) this.scheduled.delete(id);
    }
    for (const plan of plans) {
      const previous = this.scheduled.get(plan.checkId);
      if (!plan.scheduled || !isRunnable(plan)) {
        this.scheduled.delete(plan.checkId);
        continue;
      }
      if (previous && sameCadence(previous.plan.cadence, plan.cadence)) {
        previous.plan = { ...plan, nextRunAt: previous.plan.nextRunAt };
        continue;
      }
      const createdNow = !previous && this.firstRunNow.has(plan.checkId);
      const missed = catchUpMissed && !previous && !createdNow ? missedSlot(now, plan.nextRunAt, plan.cadence) : null;
      const dueAt = createdNow ? now : missed !== null ? now + catchUpDelay(plan.checkId, plan.cadence) : resumeRunAt(now, previous ? null : plan.nextRunAt, plan.cadence);
      const generation = ++this.generation;
      plan.nextRunAt = dueAt;
      this.scheduled.set(plan.checkId, { plan, generation });
      this.heap.push({ checkId: plan.checkId, dueAt, generation, ...(createdNow ? { createdNow } : {}), ...(missed !== null ? { slotAt: missed } : {}) });
    }
  }

  private arm(): void {
    if (!this.running) return;
    if (this.timer) this.options.timers.clearTimeout(this.timer);
    this.timer = null;
    const top = this.heap.peek();
    if (!top) return;
    const now = this.now();
    const delay = Math.max(0, top.dueAt - now, this.lastTickAt + (this.options.minTickMs ?? 100) - now);
    this.timer = this.options.timers.setTimeout(() => inBackground(this.options.deps.logger, 'the scheduler could not start due runs', () => this.tick()), delay);
  }

  private async tick(): Promise<void> {
    this.timer = null;
    if (!this.running) return;
    // A step of the wall clock since the last sample moves the plan before anything is judged due.
    this.options.watch?.observe();
    const now = this.now();
    this.lastTickAt = now;
    // Team mode: a node whose lease may be running out starts nothing; its 'standby' stops this scheduler.
    if (!this.mayStart()) {
      this.arm();
      return;
    }
    const maxBatch = this.options.maxBatch ?? 1000;
    let due: { plan: RunnablePlan; nextRunAt: number; plannedAt: number }[] = [];
    for (let top = this.heap.peek(); top && top.dueAt <= now && due.length < maxBatch; top = this.heap.peek()) {
      this.heap.pop();
      const current = this.scheduled.get(top.checkId);
      if (!current || current.generation !== top.generation) continue;
      const resumeAt = resumeAfterJump(now, top.dueAt, current.plan.cadence);
      if (resumeAt !== null) {
        this.resumeOnGrid(top, current, resumeAt, now);
        continue;
      }
      if (this.options.recordLag) this.lags.push(now - top.dueAt);
      // After the run at creation, the next slot at least half a period away: a slot a few seconds
      // later would find that run still going (a target that never answers takes its time limit and
      // a retry) and be skipped as "takes longer than its frequency", and it would run twice in a row anyway.
      // After a missed slot run late, the slot that follows it: when that one has passed too it runs
      // at once, as itself, so every slot the last leader missed runs once.
      const nextRunAt =
        top.slotAt !== undefined
          ? nextRunAfter(top.slotAt, current.plan.cadence)
          : nextRunAfter(top.createdNow ? now + current.plan.cadence.periodMs / 2 : now, current.plan.cadence);
      current.plan.nextRunAt = nextRunAt;
      this.heap.push({ checkId: top.checkId, dueAt: nextRunAt, generation: current.generation });
      due.push({ plan: current.plan, nextRunAt, plannedAt: top.slotAt ?? top.dueAt });
      if (top.slotAt !== undefined) this.caughtUp++;
    }
    due = await this.withoutMaintenance(due);
    if (due.length > 0) {
      try {
        await this.options.control.flush?.();
        const dispatches = await startSessions(
          this.options.deps,
          due.map((d) => ({ plan: d.plan, runSource: 'SCHEDULER' as const, plannedAt: d.plannedAt })),
          due.map((d) => ({ checkNum: d.plan.checkNum, nextRunAt: d.nextRunAt })),
        );
        this.dispatched += dispatches.length;
        await this.options.control.dispatch(dispatches);
      } catch (error) {
        this.options.deps.logger.error({ err: error, checks: due.length }, 'starting scheduled sessions failed');
      }
    }
    this.arm();
  }

  private async withoutMaintenance<T extends { plan: RunnablePlan; nextRunAt: number; plannedAt: number }>(slots: T[]): Promise<T[]> {
    try {
      const { run, held } = await holdSlotsInMaintenance(this.options.deps, slots);
      this.skippedForMaintenance += held.length;
      return run;
    } catch (error) {
      // Running a check in its window is the lesser harm than not running it at all.
      this.options.deps.logger.error({ err: error, checks: slots.length }, 'reading maintenance windows failed; running every due check');
      return slots;
    }
  }

  /** The missed slot is not run; the check's next slot is kept in memory (and stored with its next run). */
  private resumeOnGrid(entry: Entry, current: Scheduled, resumeAt: number, now: number): void {
    current.plan.nextRunAt = resumeAt;
    this.heap.push({ checkId: entry.checkId, dueAt: resumeAt, generation: current.generation });
    this.options.watch?.noteSlotsNotRun(1);
    if (this.missedByJump++ === 0 || now - this.lastJumpWarning > 60_000) {
      this.lastJumpWarning = now;
      this.options.deps.logger.warn({ checkId: entry.checkId, lateMs: now - entry.dueAt }, 'the clock jumped past scheduled runs (the machine slept?): checks resume at their next slot, missed runs are not caught up');
    }
  }

  private async pollOnce(): Promise<void> {
    try {
      const marker = await checksChangeMarker(this.options.deps);
      const change = this.marker ? await checksChangeBetween(this.options.deps, this.marker, marker) : { kind: 'all' as const };
      this.marker = marker;
      if (change.kind === 'all') await this.onChecksChanged();
      else if (change.kind === 'some') await this.onChecksChanged(change.checkIds);
    } catch (error) {
      this.options.deps.logger.error({ err: error }, 'looking for changed checks failed');
    }
  }

  private schedulePoll(): void {
    if (!this.running) return;
    this.pollTimer = this.options.timers.setTimeout(() => {
      this.pollTimer = null;
      // The next look is planned once this one's pages are applied: two reloads never interleave.
      void this.pollOnce().finally(() => this.schedulePoll());
    }, this.options.pollIntervalMs ?? 2000);
  }
}

/** How far apart a new leader spreads the slots its predecessor missed (or the check's period, if shorter). */
const CATCH_UP_SPREAD_MS = 10_000;

/**
 * The slot a check missed while no node led: its stored next run, when that is past and not more
 * than MISSED_AFTER_PERIODS periods ago (older ones were not missed by a failover, and resume on
 * the grid as after any long stop).
 */
function missedSlot(now: number, storedNextRunAt: number | null, cadence: Cadence): number | null {
  if (storedNextRunAt === null || storedNextRunAt > now) return null;
  return now - storedNextRunAt <= MISSED_AFTER_PERIODS * cadence.periodMs ? storedNextRunAt : null;
}

/** A missed slot's run starts within the spread, at a place fixed by the check's id: late, not all at once. */
function catchUpDelay(checkId: string, cadence: Cadence): number {
  let hash = 0;
  for (let i = 0; i < checkId.length; i++) hash = (hash * 31 + checkId.charCodeAt(i)) >>> 0;
  return hash % Math.min(CATCH_UP_SPREAD_MS, cadence.periodMs);
}
