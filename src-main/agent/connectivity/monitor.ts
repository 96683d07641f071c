import type { Clock } from '../../core/clock';
import type { Logger } from '../../core/logger';
import { RecentCounts } from '../../../src-shared/rules/recent-counts';
import type { AgentConnectivityView } from '../../../src-shared/rules/connectivity';
import type { CanaryProbe } from './probe';
import { initialConnectivity, nextConnectivity, roundFailed, type ConnectivityChange, type ConnectivityRound, type ConnectivityState } from './state';

/** Rounds are this far apart by default: an outage is noticed within about two rounds. */
export const DEFAULT_CANARY_INTERVAL_MS = 5000;

export interface ConnectivityMonitorOptions {
  canaries: readonly string[];
  probe: CanaryProbe;
  /** What the platform says of the network; null where it is not asked. */
  platform: { down(): string | null } | null;
  clock: Clock;
  logger: Logger;
  intervalMs?: number;
  roundsToOffline?: number;
  onChange?: (change: Exclude<ConnectivityChange, null>, view: AgentConnectivityView) => void;
}

/**
 * Probes the agent's canaries on an interval and on demand (a failing result asks for a fresh
 * round before it may count as the target's), and keeps the state machine of state.ts. Rounds
 * never overlap: asks that arrive during a round share the next one.
 */
export class ConnectivityMonitor {
  private state: ConnectivityState;
  private current: Promise<boolean> | null = null;
  private queued: Promise<boolean> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running = false;
  private readonly offlineRuns = new RecentCounts();
  private offlineRunsTotal = 0;
  /** Times it went offline, and when the last time began: a remote agent tells the server an outage it could not report while it lasted. */
  outages = 0;
  lastOutageSince: number | null = null;
  private lastFailedRoundAt: number | null = null;

  constructor(private readonly options: ConnectivityMonitorOptions) {
    this.state = initialConnectivity(options.clock.now().getTime());
  }

  get offline(): boolean {
    return !this.state.online;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.tick();
  }

  stop(): void {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /**
   * Whether a failure of a run that started at `since` may count as its target's: not when a round
   * failed since then (the run overlapped an outage, even one that is over), else only once a
   * fresh round that starts after this call answered.
   */
  confirm(since: number): Promise<boolean> {
    if (this.offline || (this.lastFailedRoundAt !== null && this.lastFailedRoundAt >= since)) return Promise.resolve(false);
    if (!this.current) return this.probeNow();
    this.queued ??= this.current.then(() => {
      this.queued = null;
      return this.probeNow();
    });
    return this.queued;
  }

  noteOfflineRun(): void {
    this.offlineRuns.add(this.options.clock.now().getTime());
    this.offlineRunsTotal++;
  }

  view(): AgentConnectivityView {
    const now = this.options.clock.now().getTime();
    return {
      status: this.state.online ? 'online' : 'offline',
      since: new Date(this.state.since).toISOString(),
      reason: this.state.reason,
      canaries: [...this.options.canaries],
      offlineRunsLastHour: this.offlineRuns.lastHour(now),
      offlineRunsTotal: this.offlineRunsTotal,
    };
  }

  private async tick(): Promise<void> {
    if (!this.running) return;
    await (this.current ?? this.probeNow());
    if (!this.running) return;
    this.timer = setTimeout(() => void this.tick(), this.options.intervalMs ?? DEFAULT_CANARY_INTERVAL_MS);
    this.timer.unref();
  }

  /** One round now: true when the agent's network answered. */
  probeNow(): Promise<boolean> {
    const round = this.probeOnce().finally(() => {
      if (this.current === round) this.current = null;
    });
    this.current = round;
    return round;
  }

  private async probeOnce(): Promise<boolean> {
    const platformDown = this.options.platform?.down() ?? null;
    let answered = 0;
    try {
      if (platformDown === null) answered = (await this.options.probe(this.options.canaries)).answered;
    } catch (error) {
      this.options.logger.error({ err: error }, 'probing the canaries failed');
    }
    const round: ConnectivityRound = { at: this.options.clock.now().getTime(), probed: this.options.canaries.length, answered, platformDown };
    const { state, change } = nextConnectivity(this.state, round, this.options.roundsToOffline);
    this.state = state;
    if (roundFailed(round)) this.lastFailedRoundAt = round.at;
    if (change) this.announce(change);
    return !roundFailed(round);
  }

  private announce(change: Exclude<ConnectivityChange, null>): void {
    if (change === 'OFFLINE') {
      this.outages++;
      this.lastOutageSince = this.state.since;
    }
    const view = this.view();
    if (change === 'OFFLINE') this.options.logger.warn({ reason: view.reason, canaries: view.canaries }, 'this agent is offline: its runs are skipped as its own fault until a canary answers');
    else this.options.logger.warn({ canaries: view.canaries }, 'this agent is back online');
    try {
      this.options.onChange?.(change, view);
    } catch (error) {
      this.options.logger.error({ err: error }, 'reporting a connectivity change failed');
    }
  }
}
