import { monotonicOf, type Clock } from './clock';
import type { Logger } from './logger';
import { clockEventSentence, type ClockEventView } from '../../src-shared/rules/clock-events';

/** The timers a watch samples with (the scheduler's Timers, or real ones). */
export interface WatchTimers<H> {
  setTimeout(callback: () => void, ms: number): H;
  clearTimeout(handle: H): void;
}

export interface ClockWatchOptions<H> {
  clock: Clock;
  timers: WatchTimers<H>;
  logger: Logger;
  /** How often it samples (default 1000 ms). */
  intervalMs?: number;
  /** A sample this much later than due means the process was frozen or the machine slept (default 5000 ms). */
  suspendThresholdMs?: number;
  /** The wall clock moving this much against the monotonic one is a step (default 2000 ms; NTP slews far less). */
  stepThresholdMs?: number;
  /** Who is watched, for the log (`server`, `agent`). */
  name?: string;
}

export const DEFAULT_SUSPEND_THRESHOLD_MS = 5000;
export const DEFAULT_STEP_THRESHOLD_MS = 2000;
const KEEP_MS = 60 * 60 * 1000;

export interface ClockEvent extends ClockEventView {
  /** Monotonic ms when the gap began and when it was seen to end. */
  monoFrom: number;
  monoTo: number;
}

/**
 * Sightline's own time events, seen from inside the process: a suspension (SIGSTOP, a laptop lid,
 * a stalled event loop) is a sample of the monotonic clock that came far later than asked; a step
 * of the wall clock (or a sleep the monotonic clock did not count) is wall time moving against
 * monotonic time. Each is logged once, kept an hour for /health and the console, and asked about by
 * the agent (was a run in flight across one?) and the scheduler (replan from now).
 */
export class ClockWatch<H = unknown> {
  private readonly events: ClockEvent[] = [];
  private timer: H | null = null;
  private lastMono: number;
  private drift: number;
  private readonly listeners = new Set<(event: ClockEvent) => void>();

  constructor(private readonly options: ClockWatchOptions<H>) {
    this.lastMono = monotonicOf(options.clock);
    this.drift = options.clock.now().getTime() - this.lastMono;
  }

  private get intervalMs(): number {
    return this.options.intervalMs ?? 1000;
  }

  start(): void {
    if (this.timer !== null) return;
    this.lastMono = monotonicOf(this.options.clock);
    this.arm();
  }

  stop(): void {
    if (this.timer !== null) this.options.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  /** Called with each event as it is seen (the scheduler replans on steps). */
  onEvent(listener: (event: ClockEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private arm(): void {
    this.timer = this.options.timers.setTimeout(() => {
      this.observe();
      this.arm();
    }, this.intervalMs);
  }

  /** Samples now: any suspension or step since the last sample is recorded, logged and announced once. */
  observe(): ClockEvent[] {
    const mono = monotonicOf(this.options.clock);
    const wall = this.options.clock.now().getTime();
    const seen: ClockEvent[] = [];
    const late = mono - this.lastMono - this.intervalMs;
    if (late > (this.options.suspendThresholdMs ?? DEFAULT_SUSPEND_THRESHOLD_MS)) {
      const gapMs = mono - this.lastMono;
      seen.push({ kind: 'suspended', at: new Date(wall).toISOString(), from: new Date(wall - gapMs).toISOString(), durationMs: Math.round(gapMs), slotsNotRun: 0, monoFrom: this.lastMono, monoTo: mono });
    }
    const drift = wall - mono;
    const stepMs = drift - this.drift;
    if (Math.abs(stepMs) > (this.options.stepThresholdMs ?? DEFAULT_STEP_THRESHOLD_MS)) {
      seen.push({ kind: 'wall-clock-step', at: new Date(wall).toISOString(), from: new Date(wall - stepMs).toISOString(), durationMs: Math.round(stepMs), slotsNotRun: 0, monoFrom: this.lastMono, monoTo: mono });
    }
    this.drift = drift;
    this.lastMono = mono;
    for (const event of seen) this.record(event);
    return seen;
  }

  private record(event: ClockEvent): void {
    this.events.push(event);
    const cutoff = monotonicOf(this.options.clock) - KEEP_MS;
    while (this.events.length > 0 && (this.events[0]?.monoTo ?? 0) < cutoff) this.events.shift();
    const who = this.options.name ?? 'Sightline';
    if (event.kind === 'suspended') {
      this.options.logger.warn({ from: event.from, to: event.at, seconds: Math.round(event.durationMs / 1000) }, `${who} was suspended for ${Math.round(event.durationMs / 1000)} s (its process was stopped, the machine slept, or its event loop stalled): runs in flight are judged on what their tools reported, or not judged; never failures of their targets`);
    } else {
      this.options.logger.warn({ from: event.from, to: event.at, stepMs: event.durationMs }, clockEventSentence(event));
    }
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.options.logger.error({ err: error }, 'reacting to a clock event failed');
      }
    }
  }

  /** Adds scheduled slots that fell in the last suspension and were not run (the scheduler says how many). */
  noteSlotsNotRun(count: number): void {
    const last = [...this.events].reverse().find((event) => event.kind === 'suspended');
    if (last) last.slotsNotRun += count;
  }

  /**
   * The suspension, or forward jump of the wall clock (a sleep the monotonic clock did not count),
   * seen since monotonic time `sinceMono`: a run that started then is not judged on a failure.
   */
  spannedSince(sinceMono: number): ClockEvent | null {
    this.observe();
    return this.events.find((event) => event.monoTo >= sinceMono && (event.kind === 'suspended' || event.durationMs > 0)) ?? null;
  }

  /** The events of the last hour, oldest first. */
  recent(): ClockEventView[] {
    const cutoff = monotonicOf(this.options.clock) - KEEP_MS;
    return this.events.filter((event) => event.monoTo >= cutoff).map(({ monoFrom: _from, monoTo: _to, ...view }) => view);
  }
}
