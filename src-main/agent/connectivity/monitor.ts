import type { Clock } from '../../core/clock';
import type { Logger } from '../../core/logger';
import { RecentCounts } from '../../../src-shared/rules/recent-counts';
import { NOT_USED_CANARY_FIX, type AgentConnectivityView } from '../../../src-shared/rules/connectivity';
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
  /** `outageReason`: why the outage that this change opens or closes began. */
  onChange?: (change: Exclude<ConnectivityChange, null>, view: AgentConnectivityView, outageReason: string | null) => void;
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
  lastOutageReason: string | null = null;
  private lastFailedRoundAt: number | null = null;
  private rounds = 0;
  /** offlineRunsTotal when the current (or last) outage began: the notices count that outage's runs only. */
  private runsAtOutageStart = 0;

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

  /** Whether canaries are configured but none has answered yet (after at least one round): the guard is off. */
  get noUsableCanary(): boolean {
    return this.rounds > 0 && this.options.canaries.length > 0 && this.state.used.length === 0;
  }

  view(): AgentConnectivityView {
    const now = this.options.clock.now().getTime();
    const used = new Set(this.state.used);
    const status = !this.state.online ? 'offline' : this.noUsableCanary ? 'no-usable-canary' : 'online';
    return {
      status,
      since: new Date(this.state.since).toISOString(),
      reason: this.state.reason,
      canaries: [...this.options.canaries],
      // Before the first round nothing is known of any canary.
      notUsed: this.rounds === 0 ? [] : this.options.canaries.filter((host) => !used.has(host)).map((host) => ({ host, why: 'never answered' as const })),
      offlineRunsLastHour: this.offlineRuns.lastHour(now),
      offlineRunsTotal: this.offlineRunsTotal,
      outageRuns: this.offlineRunsTotal - this.runsAtOutageStart,
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
    let answered: readonly string[] = [];
    try {
      if (platformDown === null) answered = (await this.options.probe(this.options.canaries)).answered;
    } catch (error) {
      this.options.logger.error({ err: error }, 'probing the canaries failed');
    }
    const round: ConnectivityRound = { at: this.options.clock.now().getTime(), probed: this.options.canaries, answered, platformDown };
    const before = this.state.used.length;
    const wasUnusable = this.noUsableCanary;
    const { state, change } = nextConnectivity(this.state, round, this.options.roundsToOffline);
    this.state = state;
    this.rounds++;
    const failed = roundFailed(round, state.used);
    if (failed) this.lastFailedRoundAt = round.at;
    this.noteUsable(before, wasUnusable);
    if (change) this.announce(change);
    return !failed;
  }

  /** Logs, once each, that no canary is usable (the guard is off) and that one answered at last (the guard is on). */
  private noteUsable(usedBefore: number, wasUnusable: boolean): void {
    if (this.options.canaries.length === 0) return;
    if (this.rounds === 1 && this.noUsableCanary) {
      this.options.logger.warn({ canaries: this.options.canaries }, `no usable canary: none of ${this.options.canaries.join(', ')} answered, so the offline guard is off until one does; ${NOT_USED_CANARY_FIX}`);
    } else if (this.state.used.length > usedBefore) {
      this.options.logger.warn({ used: this.state.used, wasUnusable }, `canary answered: ${this.state.used.join(', ')} now count${wasUnusable ? '; the offline guard is on' : ''}`);
    }
  }

  private announce(change: Exclude<ConnectivityChange, null>): void {
    if (change === 'OFFLINE') {
      this.outages++;
      this.lastOutageSince = this.state.since;
      this.lastOutageReason = this.state.reason;
      this.runsAtOutageStart = this.offlineRunsTotal;
    }
    const view = this.view();
    if (change === 'OFFLINE') this.options.logger.warn({ reason: view.reason, canaries: view.canaries }, 'this agent is offline: its runs are skipped as its own fault until a canary answers');
    else this.options.logger.warn({ canaries: view.canaries }, 'this agent is back online');
    try {
      this.options.onChange?.(change, view, this.lastOutageReason);
    } catch (error) {
      this.options.logger.error({ err: error }, 'reporting a connectivity change failed');
    }
  }
}
