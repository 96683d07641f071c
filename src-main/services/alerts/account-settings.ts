import { readAccountAlertSettings, writeAccountAlertSettings } from '../../db/repositories/alerts';
import { type AlertSettings } from '../../../src-shared/schemas/check-common';
import { accountAlertSettingsOf } from '../check-groups';
import type { ServiceContext } from '../context';

/** The account's alert settings, used by checks (and groups) with useGlobalAlertSettings; the spec default when never set. */
export async function getAccountAlertSettings(ctx: ServiceContext): Promise<AlertSettings> {
  return accountAlertSettingsOf(await readAccountAlertSettings(ctx.db, ctx.accountId));
}

/** Replaces the account's alert settings (the transport validated them like a check's alertSettings; left-out members took their defaults). */
export async function setAccountAlertSettings(ctx: ServiceContext, settings: AlertSettings): Promise<AlertSettings> {
  await writeAccountAlertSettings(ctx.db, ctx.accountId, settings);
  return settings;
}
