import type { Clock } from '../../core/clock';
import type { Logger } from '../../core/logger';
import type { ExecutorDeps } from '../../runner/types';
import { ConnectivityMonitor, type ConnectivityMonitorOptions } from './monitor';
import { defaultCanaries, PlatformNetwork } from './platform';
import { icmpCanaryProbe } from './probe';

export interface ConnectivitySetup {
  /** `auto`: the machine's default gateways and DNS servers; `off`: no check at all; else these hosts. */
  canaries: 'auto' | 'off' | string[];
  clock: Clock;
  logger: Logger;
  executorDeps: ExecutorDeps;
  intervalMs?: number;
  /** Rounds in a row without a used canary before the agent counts itself offline (default 2). */
  roundsToOffline?: number;
  onChange?: ConnectivityMonitorOptions['onChange'];
}

/** The agent's connectivity monitor for its settings, started; null when it checks nothing. */
export function startConnectivity(setup: ConnectivitySetup): ConnectivityMonitor | null {
  if (setup.canaries === 'off') return null;
  const canaries = setup.canaries === 'auto' ? defaultCanaries() : setup.canaries;
  const monitor = new ConnectivityMonitor({
    canaries,
    probe: icmpCanaryProbe(setup.executorDeps),
    platform: new PlatformNetwork(),
    clock: setup.clock,
    logger: setup.logger,
    intervalMs: setup.intervalMs,
    roundsToOffline: setup.roundsToOffline,
    onChange: setup.onChange,
  });
  monitor.start();
  return monitor;
}
