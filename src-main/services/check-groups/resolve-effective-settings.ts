import {
  DEFAULT_ALERT_SETTINGS,
  type AlertChannelSubscription,
  type AlertSettings,
  type EnvironmentVariable,
  type RetryStrategy,
} from '../../../src-shared/schemas/check-common';
import type { GroupRetryStrategy } from '../../../src-shared/schemas/check-group';

/** The members both a check and its group carry. */
interface SharedSettings {
  activated: boolean;
  muted: boolean;
  locations?: readonly string[] | null;
  privateLocations?: readonly string[] | null;
  useGlobalAlertSettings?: boolean | null;
  alertSettings?: AlertSettings | null;
  alertChannelSubscriptions?: readonly AlertChannelSubscription[] | null;
  environmentVariables?: readonly EnvironmentVariable[] | null;
  runParallel?: boolean | null;
  runtimeId?: string | null;
}

/** The members of a check that its group may override. */
export interface CheckSettings extends SharedSettings {
  retryStrategy?: RetryStrategy | null;
  doubleCheck?: boolean | null;
}

/** The members of a check group that apply to its member checks. */
export interface GroupSettings extends SharedSettings {
  retryStrategy?: GroupRetryStrategy | null;
  concurrency: number;
}

export type SettingSource = 'check' | 'group' | 'account';

export interface EffectiveCheckSettings {
  activated: boolean;
  muted: boolean;
  locations: string[];
  privateLocations: string[];
  locationsSource: Exclude<SettingSource, 'account'>;
  alertSettings: AlertSettings;
  alertSettingsSource: SettingSource;
  /** Channels that receive this check's alerts, ascending. */
  alertChannelIds: number[];
  environmentVariables: EnvironmentVariable[];
  retryStrategy: RetryStrategy | null;
  retryStrategySource: Exclude<SettingSource, 'account'>;
  /** How many member checks run at once when the whole group is triggered; null outside a group. */
  concurrency: number | null;
  runParallel: boolean;
  doubleCheck: boolean;
  runtimeId: string | null;
}

const nonEmpty = (list: readonly string[] | null | undefined): list is readonly string[] => !!list && list.length > 0;

function activatedChannels(...lists: (readonly AlertChannelSubscription[] | null | undefined)[]): number[] {
  const ids = new Set<number>();
  for (const list of lists) for (const s of list ?? []) if (s.activated) ids.add(s.alertChannelId);
  return [...ids].sort((a, b) => a - b);
}

function mergeEnvironment(group: readonly EnvironmentVariable[], check: readonly EnvironmentVariable[]): EnvironmentVariable[] {
  const byKey = new Map<string, EnvironmentVariable>();
  for (const variable of group) byKey.set(variable.key, variable);
  for (const variable of check) byKey.set(variable.key, variable);
  return [...byKey.values()];
}

function ownAlertSettings(check: CheckSettings, account: AlertSettings): Pick<EffectiveCheckSettings, 'alertSettings' | 'alertSettingsSource'> {
  if (check.useGlobalAlertSettings === true || !check.alertSettings) return { alertSettings: account, alertSettingsSource: 'account' };
  return { alertSettings: check.alertSettings, alertSettingsSource: 'check' };
}

/**
 * The settings a check actually runs and alerts with, once its group (if any) is applied.
 *
 * - activated: the check runs only when both it and its group are activated.
 * - muted: notifications are suppressed when either the check or its group is muted.
 * - locations / privateLocations: when the group names at least one run location (public or
 *   private), the group's two lists replace the check's two lists together; otherwise the check's.
 * - alertSettings: in a group with useGlobalAlertSettings true → the account's; else the group's
 *   when it has some; else the check's own rule: useGlobalAlertSettings true or no alertSettings →
 *   the account's, otherwise the check's.
 * - alert channels: the union of the check's and the group's activated subscriptions.
 * - environmentVariables: the group's, then the check's; the check's value wins on the same key.
 * - retryStrategy: the group's unless it is "FALLBACK" (or absent), then the check's.
 * - concurrency: the group's (used when the group is triggered as a whole); null without a group.
 * - runParallel: true when the group says true, otherwise the check's.
 * - runtimeId: the group's when it names one, otherwise the check's.
 * - doubleCheck: the check's (the group's doubleCheck is deprecated and never overrides).
 */
export function resolveEffectiveCheckSettings(
  check: CheckSettings,
  group: GroupSettings | null,
  accountAlertSettings: AlertSettings = DEFAULT_ALERT_SETTINGS,
): EffectiveCheckSettings {
  const own = {
    locations: [...(check.locations ?? [])],
    privateLocations: [...(check.privateLocations ?? [])],
    environmentVariables: [...(check.environmentVariables ?? [])],
    retryStrategy: check.retryStrategy ?? null,
    runParallel: check.runParallel === true,
    doubleCheck: check.doubleCheck === true,
    runtimeId: check.runtimeId ?? null,
  };
  if (!group) {
    return {
      ...own,
      activated: check.activated,
      muted: check.muted,
      locationsSource: 'check',
      ...ownAlertSettings(check, accountAlertSettings),
      alertChannelIds: activatedChannels(check.alertChannelSubscriptions),
      retryStrategySource: 'check',
      concurrency: null,
    };
  }

  const groupHasLocations = nonEmpty(group.locations) || nonEmpty(group.privateLocations);
  const groupRetry = group.retryStrategy && group.retryStrategy !== 'FALLBACK' ? group.retryStrategy : null;
  const alerts: Pick<EffectiveCheckSettings, 'alertSettings' | 'alertSettingsSource'> =
    group.useGlobalAlertSettings === true
      ? { alertSettings: accountAlertSettings, alertSettingsSource: 'account' }
      : group.alertSettings
        ? { alertSettings: group.alertSettings, alertSettingsSource: 'group' }
        : ownAlertSettings(check, accountAlertSettings);

  return {
    activated: check.activated && group.activated,
    muted: check.muted || group.muted,
    locations: groupHasLocations ? [...(group.locations ?? [])] : own.locations,
    privateLocations: groupHasLocations ? [...(group.privateLocations ?? [])] : own.privateLocations,
    locationsSource: groupHasLocations ? 'group' : 'check',
    ...alerts,
    alertChannelIds: activatedChannels(check.alertChannelSubscriptions, group.alertChannelSubscriptions),
    environmentVariables: mergeEnvironment(group.environmentVariables ?? [], own.environmentVariables),
    retryStrategy: groupRetry ?? own.retryStrategy,
    retryStrategySource: groupRetry ? 'group' : 'check',
    concurrency: group.concurrency,
    runParallel: group.runParallel === true || own.runParallel,
    doubleCheck: own.doubleCheck,
    runtimeId: group.runtimeId ?? own.runtimeId,
  };
}
