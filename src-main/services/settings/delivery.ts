import { transaction, type Db } from '../../db/connection';
import { lockAppSetting, readAppSetting, writeAppSetting } from '../../db/repositories/settings';
import { resolveDeliverySettings } from '../../notify/settings';
import type { DeliverySettings } from '../../notify/types';
import { DEFAULT_CHANNEL_RATE_LIMIT, type DeliverySettingsUpdate, type DeliverySettingsView } from '../../../src-shared/schemas/delivery-settings';
import type { Keyring } from '../../core/keyring';
import { DELIVERY_SETTINGS_KEY, openDelivery, sealDelivery, type StoredDelivery } from '../secrets';
import type { ServiceContext } from '../context';

const KEY = DELIVERY_SETTINGS_KEY;

export interface AccountDelivery {
  settings: DeliverySettings;
  rateLimit: { max: number; windowMinutes: number };
}

async function stored(db: Db, accountId: string): Promise<StoredDelivery> {
  return (await readAppSetting(db, accountId, KEY) ?? {}) as StoredDelivery;
}

/** The delivery settings the dispatcher uses for the account: stored values over the defaults. */
export async function accountDelivery(db: Db, keyring: Keyring, accountId: string, consoleBaseUrl = ''): Promise<AccountDelivery> {
  const doc = openDelivery(keyring, await stored(db, accountId));
  return {
    settings: resolveDeliverySettings(doc, consoleBaseUrl),
    rateLimit: { ...DEFAULT_CHANNEL_RATE_LIMIT, ...doc.rateLimit },
  };
}

function view(doc: StoredDelivery, consoleBaseUrl: string): DeliverySettingsView {
  const settings = resolveDeliverySettings(doc, consoleBaseUrl);
  return {
    smtp: {
      host: settings.smtp.host,
      port: settings.smtp.port,
      secure: settings.smtp.secure,
      user: settings.smtp.user ?? null,
      from: settings.smtp.from,
      passwordSet: Boolean(settings.smtp.password),
    },
    baseUrls: settings.baseUrls,
    twilio: { accountSid: settings.twilio.accountSid, from: settings.twilio.from, authTokenSet: Boolean(settings.twilio.authToken) },
    slackAppTokenSet: Boolean(settings.slackAppToken),
    publicBaseUrl: settings.publicBaseUrl,
    timeoutMs: settings.timeoutMs,
    rateLimit: { ...DEFAULT_CHANNEL_RATE_LIMIT, ...doc.rateLimit },
  };
}

export async function getDeliverySettings(ctx: ServiceContext): Promise<DeliverySettingsView> {
  return view(await stored(ctx.db, ctx.accountId), ctx.runtime.baseUrl);
}

/** Members left out keep their value; a secret sent as null is cleared. Answers the new settings, secrets masked. */
export async function setDeliverySettings(ctx: ServiceContext, update: DeliverySettingsUpdate): Promise<DeliverySettingsView> {
  return await transaction(ctx.db, async (tx) => {
    // Another server's update of other members commits first or waits: both are kept.
    await lockAppSetting(tx, ctx.accountId, KEY);
    const doc = openDelivery(ctx.keyring, await stored(tx, ctx.accountId));
    const next: StoredDelivery = {
      ...doc,
      smtp: { ...doc.smtp, ...update.smtp },
      baseUrls: { ...doc.baseUrls, ...update.baseUrls },
      twilio: { ...doc.twilio, ...update.twilio, authToken: update.twilio?.authToken === undefined ? doc.twilio?.authToken : (update.twilio.authToken ?? '') },
      rateLimit: { ...doc.rateLimit, ...update.rateLimit },
    };
    if (update.slackAppToken !== undefined) next.slackAppToken = update.slackAppToken;
    // Saving the server's own address back (the form shows it) keeps links following the server.
    if (update.publicBaseUrl !== undefined) next.publicBaseUrl = sameBase(update.publicBaseUrl, ctx.runtime.baseUrl) ? undefined : update.publicBaseUrl;
    if (update.timeoutMs !== undefined) next.timeoutMs = update.timeoutMs;
    await writeAppSetting(tx, ctx.accountId, KEY, sealDelivery(ctx.keyring, next) as Record<string, unknown>, ctx.clock.now().getTime());
    return view(next, ctx.runtime.baseUrl);
  });
}

const sameBase = (a: string, b: string) => b !== '' && a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
