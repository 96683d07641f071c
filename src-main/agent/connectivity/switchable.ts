import type { AgentConnectivityView } from '../../../src-shared/rules/connectivity';
import type { CanarySetting } from '../../../src-shared/schemas/agent-canaries';
import type { ConnectivityGate } from '../embedded-agent';
import type { ConnectivityMonitor } from './monitor';

/**
 * The embedded agent's connectivity, whose canaries the console can change while it runs: a new
 * setting stops the old monitor and starts one for the new canaries (none for `off`).
 */
export class SwitchableConnectivity implements ConnectivityGate {
  private monitor: ConnectivityMonitor | null;

  constructor(
    private readonly start: (setting: CanarySetting) => ConnectivityMonitor | null,
    private current: CanarySetting,
  ) {
    this.monitor = start(current);
  }

  get offline(): boolean {
    return this.monitor?.offline ?? false;
  }

  get setting(): CanarySetting {
    return this.current;
  }

  confirm(since: number): Promise<boolean> {
    return this.monitor ? this.monitor.confirm(since) : Promise.resolve(true);
  }

  noteOfflineRun(): void {
    this.monitor?.noteOfflineRun();
  }

  /** Null while the agent checks nothing (`off`). */
  view(): AgentConnectivityView | null {
    return this.monitor?.view() ?? null;
  }

  switchTo(setting: CanarySetting): void {
    this.monitor?.stop();
    this.current = setting;
    this.monitor = this.start(setting);
  }

  stop(): void {
    this.monitor?.stop();
    this.monitor = null;
  }
}
