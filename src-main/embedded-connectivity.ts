import { defaultCanaries } from './agent/connectivity/platform';
import { icmpCanaryProbe } from './agent/connectivity/probe';
import { startConnectivity, type ConnectivitySetup } from './agent/connectivity/setup';
import { SwitchableConnectivity } from './agent/connectivity/switchable';
import type { CanaryControl } from './services/runtime';
import type { CanarySetting } from '../src-shared/schemas/agent-canaries';

export interface EmbeddedConnectivitySetup extends Omit<ConnectivitySetup, 'canaries'> {
  /** --canary/--no-canary/SIGHTLINE_CANARIES; they win over Settings. */
  fromFlags: CanarySetting | null;
  /** What the console's Settings stored. */
  stored: CanarySetting | null;
  ownerAccountId: string;
}

/**
 * The embedded agent's connectivity (flags, else Settings, else the automatic canaries) and the
 * control through which Settings change its canaries while it runs.
 */
export function startEmbeddedConnectivity(setup: EmbeddedConnectivitySetup): { connectivity: SwitchableConnectivity; control: CanaryControl } {
  const { fromFlags, stored, ownerAccountId, ...rest } = setup;
  const connectivity = new SwitchableConnectivity((canaries) => startConnectivity({ ...rest, canaries }), fromFlags ?? stored ?? 'auto');
  const probe = icmpCanaryProbe(setup.executorDeps);
  const control: CanaryControl = {
    ownerAccountId,
    fromFlags,
    current: () => connectivity.setting,
    probe: async (hosts) => (await probe(hosts)).answered.length,
    apply: (setting) => connectivity.switchTo(setting),
  };
  return { connectivity, control };
}

/** The hosts a setting probes (the machine's gateways and DNS servers for `auto`). */
export function canaryHostsOf(setting: CanarySetting): string[] {
  return setting === 'off' ? [] : setting === 'auto' ? defaultCanaries() : setting;
}
