import { AppError } from '../../core/errors';
import { readAccountAlertSettings } from '../../db/repositories/alerts';
import { subscriptionsOfCheck } from '../../db/repositories/alert-subscriptions';
import { findCheckGroup, subscriptionsOfGroup } from '../../db/repositories/check-groups';
import { findCheck } from '../../db/repositories/checks';
import type { AlertSettings, RetryStrategy } from '../../../src-shared/schemas/check-common';
import { accountAlertSettingsOf, checkSettingsOf, groupSettingsOf, resolveEffectiveCheckSettings, type SettingSource } from '../check-groups';
import type { ServiceContext } from '../context';

/** A channel the check's alerts reach, and whose subscription brings them there (the check's, its group's or both). */
export interface EffectiveChannel {
  alertChannelId: number;
  from: Array<'check' | 'group'>;
}

/**
 * What a check alerts with as alerting applies it (services/check-groups resolveEffectiveCheckSettings),
 * each setting with where it comes from, for the monitor page and its edit form: a monitor with no
 * channel of its own may still alert through its group's.
 */
export interface EffectiveAlerting {
  group: { id: number; name: string } | null;
  alertSettings: AlertSettings;
  alertSettingsSource: SettingSource;
  channels: EffectiveChannel[];
  retryStrategy: RetryStrategy | null;
  retryStrategySource: 'check' | 'group';
  doubleCheck: boolean;
  /** Who mutes it: null when nobody does. */
  mutedBy: 'check' | 'group' | null;
}

/**
 * The check's effective alerting; `groupId` (null: no group) previews it in another group, as the
 * edit form does before saving. Without `checkId` it is a new monitor's, which has no settings of its own yet.
 */
export async function effectiveAlertingOf(ctx: ServiceContext, input: { checkId?: string; groupId?: number | null }): Promise<EffectiveAlerting> {
  const row = input.checkId === undefined ? null : await findCheck(ctx.db, ctx.accountId, input.checkId);
  if (row === undefined) throw AppError.notFound();
  const own = row ? (await subscriptionsOfCheck(ctx.db, row.id)).map((s) => ({ alertChannelId: s.alertChannelId, activated: s.activated })) : [];
  const check = checkSettingsOf(row?.body ?? {}, { activated: row?.activated ?? true, muted: row?.muted ?? false, alertChannelSubscriptions: own });
  const groupId = input.groupId !== undefined ? input.groupId : (row?.groupId ?? null);
  const groupRow = groupId === null ? undefined : await findCheckGroup(ctx.db, ctx.accountId, groupId);
  const groupSubscriptions = groupRow ? await subscriptionsOfGroup(ctx.db, groupRow.id) : [];
  const group = groupRow ? groupSettingsOf(groupRow.body, groupSubscriptions) : null;
  const effective = resolveEffectiveCheckSettings(check, group, accountAlertSettingsOf(await readAccountAlertSettings(ctx.db, ctx.accountId)));
  const fromCheck = new Set(own.filter((s) => s.activated).map((s) => s.alertChannelId));
  const fromGroup = new Set(groupSubscriptions.filter((s) => s.activated).map((s) => s.alertChannelId));
  return {
    group: groupRow ? { id: groupRow.id, name: groupRow.name } : null,
    alertSettings: effective.alertSettings,
    alertSettingsSource: effective.alertSettingsSource,
    channels: effective.alertChannelIds.map((alertChannelId) => ({
      alertChannelId,
      from: [...(fromCheck.has(alertChannelId) ? ['check' as const] : []), ...(fromGroup.has(alertChannelId) ? ['group' as const] : [])],
    })),
    retryStrategy: effective.retryStrategy,
    retryStrategySource: effective.retryStrategySource,
    doubleCheck: effective.doubleCheck,
    mutedBy: row?.muted ? 'check' : group?.muted ? 'group' : null,
  };
}
