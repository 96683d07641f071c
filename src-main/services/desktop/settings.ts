import { readAppSetting, writeAppSetting } from '../../db/repositories/settings';
import { DesktopNotificationSettings } from '../../../src-shared/schemas/desktop-notifications';
import type { ServiceContext } from '../context';

/** The app_settings key of the desktop app's notification opt-in. */
export const DESKTOP_NOTIFICATIONS_KEY = 'desktopNotifications';

export async function getDesktopNotificationSettings(ctx: ServiceContext): Promise<DesktopNotificationSettings> {
  const stored = DesktopNotificationSettings.safeParse(await readAppSetting(ctx.db, ctx.accountId, DESKTOP_NOTIFICATIONS_KEY) ?? {});
  return stored.success ? stored.data : DesktopNotificationSettings.parse({});
}

export async function setDesktopNotificationSettings(ctx: ServiceContext, settings: DesktopNotificationSettings): Promise<DesktopNotificationSettings> {
  await writeAppSetting(ctx.db, ctx.accountId, DESKTOP_NOTIFICATIONS_KEY, settings, ctx.clock.now().getTime());
  return settings;
}

/** Does the opt-in ask for this monitor's alerts? */
export function wantsDesktopNotice(settings: DesktopNotificationSettings, checkId: string): boolean {
  return settings.enabled && (settings.scope === 'all' || settings.checkIds.includes(checkId));
}
