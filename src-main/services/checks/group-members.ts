import { AppError } from '../../core/errors';
import { findAccount } from '../../db/repositories/accounts';
import { countChecksInGroup, findCheckGroup, listChecksInGroup, subscriptionsOfGroup } from '../../db/repositories/check-groups';
import type { PageQuery } from '../../../src-shared/schemas/paging';
import { maskEnvironment } from '../../../src-shared/rules/secrets';
import { maskGroupSecrets } from '../secrets';
import type { CheckView } from './read-shape';
import { checkViews } from './views';
import type { ServiceContext } from '../context';
import type { AlertSettings } from '../../../src-shared/schemas/check-common';
import { accountAlertSettingsOf, checkSettingsOf, groupSettingsOf, resolveEffectiveCheckSettings, toGroupId, type GroupSettings } from '../check-groups';

export interface GroupCheckPage {
  items: CheckView[];
  total: number;
  page: number;
  limit: number;
}

/** A member check as it runs: the group's settings applied to the check's own (`resolveEffectiveCheckSettings`). */
export function withGroupSettings(view: CheckView, group: GroupSettings, account: AlertSettings): CheckView {
  const effective = resolveEffectiveCheckSettings(checkSettingsOf(view), group, account);
  return {
    ...view,
    // The summary of the check's own channels would disagree with the effective subscriptions below; the listing shows none, as before.
    alertChannels: { email: [], webhook: [], slack: [], sms: [] },
    activated: effective.activated,
    muted: effective.muted,
    locations: effective.locations,
    privateLocations: effective.privateLocations,
    alertSettings: effective.alertSettings,
    alertChannelSubscriptions: effective.alertChannelIds.map((alertChannelId) => ({ alertChannelId, activated: true })),
    environmentVariables: maskEnvironment(effective.environmentVariables) as typeof effective.environmentVariables,
    retryStrategy: effective.retryStrategy,
    runParallel: effective.runParallel,
    runtimeId: effective.runtimeId,
  };
}

/** The settings of the account's groups by id, as `withGroupSettings` takes them, and the account's alert settings. */
export async function groupSettingsById(ctx: ServiceContext, ids: readonly number[]): Promise<{ groups: Map<number, GroupSettings>; account: AlertSettings }> {
  const groups = new Map<number, GroupSettings>();
  for (const id of new Set(ids)) {
    const row = await findCheckGroup(ctx.db, ctx.accountId, id);
    if (row) groups.set(id, groupSettingsOf(maskGroupSecrets(row.body), await subscriptionsOfGroup(ctx.db, id)));
  }
  return { groups, account: accountAlertSettingsOf((await findAccount(ctx.db, ctx.accountId))?.alertSettings) };
}

/** The group's member checks, newest first, each with the group's settings applied (as the public API lists them). */
export async function listChecksOfGroup(ctx: ServiceContext, rawId: string | number, query: PageQuery): Promise<GroupCheckPage> {
  const id = toGroupId(rawId);
  const row = await findCheckGroup(ctx.db, ctx.accountId, id);
  if (!row) throw AppError.notFound();
  // Effective variables are listed: the group's secrets read as the mask, like the check's own.
  const group = groupSettingsOf(maskGroupSecrets(row.body), await subscriptionsOfGroup(ctx.db, id));
  const account = accountAlertSettingsOf((await findAccount(ctx.db, ctx.accountId))?.alertSettings);
  const rows = await listChecksInGroup(ctx.db, ctx.accountId, id, query.limit, (query.page - 1) * query.limit);
  const items = (await checkViews(ctx, rows)).map((view) => withGroupSettings(view, group, account));
  return { items, total: await countChecksInGroup(ctx.db, ctx.accountId, id), page: query.page, limit: query.limit };
}
