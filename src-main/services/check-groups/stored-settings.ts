import { z } from 'zod';
import { AlertChannelSubscription, AlertSettings, DEFAULT_ALERT_SETTINGS, RetryStrategy } from '../../../src-shared/schemas/check-common';
import { DEFAULT_GROUP_CONCURRENCY, GroupRetryStrategy } from '../../../src-shared/schemas/check-group';
import type { CheckSettings, GroupSettings } from './resolve-effective-settings';

const strings = z.array(z.string()).nullable().catch(null);
const subscriptions = z.array(AlertChannelSubscription).nullable().catch(null);

/** A variable as stored: a sealed secret is longer than the plaintext limit, so no length limits here. */
const StoredVariable = z.object({
  key: z.string(),
  value: z.string().nullable().optional(),
  locked: z.boolean().default(false),
  secret: z.boolean().default(false),
});

/**
 * The one reader of stored check and group settings (the scheduler's plans, alerting, the group's
 * member listing): the overridable members, read leniently, so a malformed member counts as unset.
 */
const StoredCheckSettings = z.object({
  activated: z.boolean().catch(true),
  muted: z.boolean().catch(false),
  locations: strings,
  privateLocations: strings,
  useGlobalAlertSettings: z.boolean().nullable().catch(null),
  alertSettings: AlertSettings.nullable().catch(null),
  alertChannelSubscriptions: subscriptions,
  environmentVariables: z.array(StoredVariable).nullable().catch(null),
  retryStrategy: RetryStrategy.nullable().catch(null),
  runParallel: z.boolean().nullable().catch(null),
  doubleCheck: z.boolean().nullable().catch(null),
  runtimeId: z.string().nullable().catch(null),
});

const StoredGroupSettings = StoredCheckSettings.omit({ retryStrategy: true, doubleCheck: true }).extend({
  retryStrategy: GroupRetryStrategy.catch('FALLBACK'),
  concurrency: z.number().int().min(1).catch(DEFAULT_GROUP_CONCURRENCY),
});

/**
 * A check's settings from its stored body or read shape. `activated`, `muted` and the
 * subscriptions live outside the body: pass them in `extra`.
 */
export function checkSettingsOf(stored: Record<string, unknown>, extra: Partial<CheckSettings> = {}): CheckSettings {
  return StoredCheckSettings.parse({ ...stored, ...extra });
}

/** A group's settings from its stored body (or read shape); its subscriptions live in alert_subscriptions. */
export function groupSettingsOf(stored: Record<string, unknown>, alertChannelSubscriptions: AlertChannelSubscription[] = []): GroupSettings {
  return StoredGroupSettings.parse({ ...stored, alertChannelSubscriptions });
}

/** The account's alert settings as stored, or the default object when it has none. */
export function accountAlertSettingsOf(stored: unknown): AlertSettings {
  const parsed = AlertSettings.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_ALERT_SETTINGS;
}
