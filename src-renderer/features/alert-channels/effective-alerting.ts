import { alertSettingsText, capitalized } from '../../../src-shared/rules/alert-settings-text';
import { retryStrategyText } from '../../../src-shared/rules/retry-strategy-text';
import type { RouterOutputs } from '../../lib/trpc';

export type EffectiveAlerting = RouterOutputs['alerts']['effectiveForCheck'];
type Channel = EffectiveAlerting['channels'][number];

/** "this monitor's", "the group “Core network”'s", "the account's": where a setting comes from. */
export function sourceText(source: 'check' | 'group' | 'account', groupName: string | null): string {
  if (source === 'check') return "this monitor's own";
  if (source === 'group') return `from its group “${groupName ?? 'its group'}”`;
  return "the account's (Settings → Alerts)";
}

/** Why a channel receives the monitor's alerts: its own subscription, its group's, or both. */
export function channelSourceText(channel: Channel, groupName: string | null): string {
  const group = `its group “${groupName ?? ''}”`;
  if (channel.from.length === 2) return `this monitor and ${group}`;
  return channel.from[0] === 'group' ? group : 'this monitor';
}

export function alertSettingsLine(effective: EffectiveAlerting): string {
  return `${capitalized(alertSettingsText(effective.alertSettings))} — ${sourceText(effective.alertSettingsSource, effective.group?.name ?? null)}`;
}

export function retryLine(effective: EffectiveAlerting): string {
  return `${capitalized(retryStrategyText(effective.retryStrategy, effective.doubleCheck))} — ${sourceText(effective.retryStrategySource, effective.group?.name ?? null)}`;
}
