import { describe, expect, it } from 'vitest';
import {
  resolveEffectiveCheckSettings,
  type CheckSettings,
  type GroupSettings,
} from '../../src-main/services/check-groups/resolve-effective-settings';
import { DEFAULT_ALERT_SETTINGS, type AlertSettings } from '../../src-shared/schemas/check-common';

const ACCOUNT: AlertSettings = { escalationType: 'TIME_BASED', timeBasedEscalation: { minutesFailingThreshold: 30 } };
const GROUP_ALERTS: AlertSettings = { escalationType: 'RUN_BASED', runBasedEscalation: { failedRunThreshold: 3 } };
const CHECK_ALERTS: AlertSettings = { escalationType: 'RUN_BASED', runBasedEscalation: { failedRunThreshold: 5 } };

const check = (extra: Partial<CheckSettings> = {}): CheckSettings => ({
  activated: true,
  muted: false,
  locations: ['eu-west-1'],
  privateLocations: ['office'],
  useGlobalAlertSettings: false,
  alertSettings: CHECK_ALERTS,
  alertChannelSubscriptions: [],
  environmentVariables: [],
  retryStrategy: { type: 'FIXED', baseBackoffSeconds: 10, sameRegion: true },
  runParallel: false,
  doubleCheck: true,
  runtimeId: '2025.04',
  ...extra,
});

const group = (extra: Partial<GroupSettings> = {}): GroupSettings => ({
  activated: true,
  muted: false,
  locations: [],
  privateLocations: [],
  useGlobalAlertSettings: null,
  alertSettings: GROUP_ALERTS,
  alertChannelSubscriptions: [],
  environmentVariables: [],
  retryStrategy: 'FALLBACK',
  runParallel: false,
  concurrency: 3,
  runtimeId: null,
  ...extra,
});

const env = (key: string, value: string) => ({ key, value, locked: false, secret: false });

describe('resolveEffectiveCheckSettings without a group', () => {
  it('returns the check\'s own settings and no concurrency', () => {
    const result = resolveEffectiveCheckSettings(check(), null, ACCOUNT);
    expect(result).toMatchObject({
      activated: true,
      muted: false,
      locations: ['eu-west-1'],
      privateLocations: ['office'],
      locationsSource: 'check',
      alertSettings: CHECK_ALERTS,
      alertSettingsSource: 'check',
      retryStrategy: { type: 'FIXED' },
      retryStrategySource: 'check',
      concurrency: null,
      doubleCheck: true,
      runtimeId: '2025.04',
    });
  });

  it('uses the account alert settings when the check asks for them or has none', () => {
    expect(resolveEffectiveCheckSettings(check({ useGlobalAlertSettings: true }), null, ACCOUNT)).toMatchObject({ alertSettings: ACCOUNT, alertSettingsSource: 'account' });
    expect(resolveEffectiveCheckSettings(check({ alertSettings: null }), null, ACCOUNT)).toMatchObject({ alertSettings: ACCOUNT, alertSettingsSource: 'account' });
  });

  it('falls back to the default alert settings when no account settings are passed', () => {
    expect(resolveEffectiveCheckSettings(check({ useGlobalAlertSettings: true }), null).alertSettings).toEqual(DEFAULT_ALERT_SETTINGS);
  });

  it('treats null lists as empty and lists only activated channels', () => {
    const result = resolveEffectiveCheckSettings(
      check({ locations: null, privateLocations: null, environmentVariables: null, alertChannelSubscriptions: [{ alertChannelId: 4, activated: true }, { alertChannelId: 2, activated: false }] }),
      null,
    );
    expect(result).toMatchObject({ locations: [], privateLocations: [], environmentVariables: [], alertChannelIds: [4] });
  });
});

describe('resolveEffectiveCheckSettings in a group', () => {
  it('runs only when both the check and the group are activated', () => {
    expect(resolveEffectiveCheckSettings(check(), group()).activated).toBe(true);
    expect(resolveEffectiveCheckSettings(check({ activated: false }), group()).activated).toBe(false);
    expect(resolveEffectiveCheckSettings(check(), group({ activated: false })).activated).toBe(false);
  });

  it('is muted when either is muted', () => {
    expect(resolveEffectiveCheckSettings(check(), group()).muted).toBe(false);
    expect(resolveEffectiveCheckSettings(check({ muted: true }), group()).muted).toBe(true);
    expect(resolveEffectiveCheckSettings(check(), group({ muted: true })).muted).toBe(true);
  });

  it('keeps the check\'s locations when the group names none', () => {
    const result = resolveEffectiveCheckSettings(check(), group({ locations: [], privateLocations: null }));
    expect(result).toMatchObject({ locations: ['eu-west-1'], privateLocations: ['office'], locationsSource: 'check' });
  });

  it('replaces both location lists when the group names public locations', () => {
    const result = resolveEffectiveCheckSettings(check(), group({ locations: ['us-east-1', 'ap-south-1'] }));
    expect(result).toMatchObject({ locations: ['us-east-1', 'ap-south-1'], privateLocations: [], locationsSource: 'group' });
  });

  it('replaces both location lists when the group names only private locations', () => {
    const result = resolveEffectiveCheckSettings(check(), group({ locations: null, privateLocations: ['dc-1'] }));
    expect(result).toMatchObject({ locations: [], privateLocations: ['dc-1'], locationsSource: 'group' });
  });

  it('alerts with the account settings when the group uses global alert settings, whatever the check says', () => {
    const result = resolveEffectiveCheckSettings(check({ useGlobalAlertSettings: false }), group({ useGlobalAlertSettings: true }), ACCOUNT);
    expect(result).toMatchObject({ alertSettings: ACCOUNT, alertSettingsSource: 'account' });
  });

  it('alerts with the group settings over the check\'s, even when the check would use the account\'s', () => {
    expect(resolveEffectiveCheckSettings(check(), group(), ACCOUNT)).toMatchObject({ alertSettings: GROUP_ALERTS, alertSettingsSource: 'group' });
    expect(resolveEffectiveCheckSettings(check({ useGlobalAlertSettings: true }), group({ useGlobalAlertSettings: false }), ACCOUNT)).toMatchObject({
      alertSettings: GROUP_ALERTS,
      alertSettingsSource: 'group',
    });
  });

  it('falls back to the check\'s own rule when the group has no alert settings', () => {
    expect(resolveEffectiveCheckSettings(check(), group({ alertSettings: null }), ACCOUNT)).toMatchObject({ alertSettings: CHECK_ALERTS, alertSettingsSource: 'check' });
    expect(resolveEffectiveCheckSettings(check({ useGlobalAlertSettings: true }), group({ alertSettings: null }), ACCOUNT)).toMatchObject({
      alertSettings: ACCOUNT,
      alertSettingsSource: 'account',
    });
  });

  it('subscribes to the union of both sides\' activated channels, each once, ascending', () => {
    const result = resolveEffectiveCheckSettings(
      check({ alertChannelSubscriptions: [{ alertChannelId: 7, activated: true }, { alertChannelId: 3, activated: false }, { alertChannelId: 5, activated: true }] }),
      group({ alertChannelSubscriptions: [{ alertChannelId: 5, activated: true }, { alertChannelId: 3, activated: true }, { alertChannelId: 9, activated: false }] }),
    );
    expect(result.alertChannelIds).toEqual([3, 5, 7]);
  });

  it('merges environment variables, the check winning on the same key', () => {
    const result = resolveEffectiveCheckSettings(
      check({ environmentVariables: [env('TOKEN', 'check'), env('ONLY_CHECK', 'c')] }),
      group({ environmentVariables: [env('BASE_URL', 'http://group'), env('TOKEN', 'group')] }),
    );
    expect(result.environmentVariables).toEqual([env('BASE_URL', 'http://group'), env('TOKEN', 'check'), env('ONLY_CHECK', 'c')]);
  });

  it('retries with the group strategy unless it is FALLBACK', () => {
    const groupRetry = { type: 'EXPONENTIAL' as const, baseBackoffSeconds: 30, sameRegion: false, maxRetries: 4 };
    expect(resolveEffectiveCheckSettings(check(), group({ retryStrategy: groupRetry }))).toMatchObject({ retryStrategy: groupRetry, retryStrategySource: 'group' });
    expect(resolveEffectiveCheckSettings(check(), group({ retryStrategy: 'FALLBACK' }))).toMatchObject({ retryStrategy: { type: 'FIXED' }, retryStrategySource: 'check' });
    expect(resolveEffectiveCheckSettings(check({ retryStrategy: null }), group()).retryStrategy).toBeNull();
  });

  it('takes concurrency from the group', () => {
    expect(resolveEffectiveCheckSettings(check(), group({ concurrency: 7 })).concurrency).toBe(7);
  });

  it('runs in parallel when the group or the check says so', () => {
    expect(resolveEffectiveCheckSettings(check({ runParallel: false }), group({ runParallel: false })).runParallel).toBe(false);
    expect(resolveEffectiveCheckSettings(check({ runParallel: true }), group({ runParallel: false })).runParallel).toBe(true);
    expect(resolveEffectiveCheckSettings(check({ runParallel: false }), group({ runParallel: true })).runParallel).toBe(true);
    expect(resolveEffectiveCheckSettings(check({ runParallel: true }), group({ runParallel: null })).runParallel).toBe(true);
  });

  it('follows the check for doubleCheck and the group for a named runtime', () => {
    expect(resolveEffectiveCheckSettings(check({ doubleCheck: true }), group()).doubleCheck).toBe(true);
    expect(resolveEffectiveCheckSettings(check({ doubleCheck: false }), group()).doubleCheck).toBe(false);
    expect(resolveEffectiveCheckSettings(check(), group({ runtimeId: '2026.04' })).runtimeId).toBe('2026.04');
    expect(resolveEffectiveCheckSettings(check(), group({ runtimeId: null })).runtimeId).toBe('2025.04');
  });

  it('does not alias the inputs\' arrays', () => {
    const input = check();
    const result = resolveEffectiveCheckSettings(input, group());
    result.locations.push('us-west-1');
    expect(input.locations).toEqual(['eu-west-1']);
  });
});
