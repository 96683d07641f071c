import { readAppSetting, writeAppSetting } from '../../db/repositories/settings';
import { ConsoleSettings } from '../../../src-shared/schemas/console-settings';
import type { ServiceContext } from '../context';

/** The app_settings key of the console's preferences. */
export const CONSOLE_SETTINGS_KEY = 'console';

export async function getConsoleSettings(ctx: ServiceContext): Promise<ConsoleSettings> {
  const stored = ConsoleSettings.safeParse(await readAppSetting(ctx.db, ctx.accountId, CONSOLE_SETTINGS_KEY) ?? {});
  return stored.success ? stored.data : ConsoleSettings.parse({});
}

export async function setConsoleSettings(ctx: ServiceContext, settings: ConsoleSettings): Promise<ConsoleSettings> {
  await writeAppSetting(ctx.db, ctx.accountId, CONSOLE_SETTINGS_KEY, settings, ctx.clock.now().getTime());
  return settings;
}
