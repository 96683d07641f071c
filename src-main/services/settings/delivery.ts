import { transaction, type Db } from '../../db/connection';
import { readAppSetting, writeAppSetting } from '../../db/repositories/settings';
import { resolveDeliverySettings, type DeliverySettingsInput } from '../../notify/settings';
import type { DeliverySettings } from '../../notify/types';
import { DEFAULT_CHANNEL_RATE_LIMIT, type DeliverySettingsUpdate, type DeliverySettingsView } from '../../../src-shared/schemas/delivery-settings';
import type { Keyring } from '../../core/keyring';
import { openValue } from '../secrets/key-values';
import type { ServiceContext } from '../context';

/** The app_settings key of the delivery settings. */
export const DELIVERY_SETTINGS_KEY = 'delivery';
const KEY = DELIVERY_SETTINGS_KEY;

/** The stored document: what Settings saved, secrets included (never sent back to a client). */
interface StoredDelivery extends DeliverySettingsInput {
  rateLimit?: { max?: number; windowMinutes?: number };
}

export interface AccountDelivery {
  settings: DeliverySettings;
  rateLimit: { max: number; windowMinutes: number };
}

function stored(db: Db, accountId: string): StoredDelivery {
  return (readAppSetting(db, accountId, KEY) ?? {}) as StoredDelivery;
}

/** The stored document with its secrets opened (plaintext written before sealing existed passes through). */
function opened(keyring: Keyring, doc: StoredDelivery): StoredDelivery {
  const open = <T extends string | null | undefined>(value: T) => (keyring.isSealed(value) ? openValue(keyring, value) : value);
  const next: StoredDelivery = { ...doc };
  if (doc.smtp) next.smtp = { ...doc.smtp, password: open(doc.smtp.password) };
  if (doc.twilio) next.twilio = { ...doc.twilio, authToken: open(doc.twilio.authToken) ?? undefined };
  if (doc.slackAppToken !== undefined) next.slackAppToken = open(doc.slackAppToken);
  return next;
}

/**
 * The document as it is stored: the SMTP password, Twilio token and Slack app token sealed. A
 * plaintext document is sealed whole; `onlyPlain` leaves values that are sealed already (old documents).
 */
export function sealDelivery(keyring: Keyring, source: StoredDelivery | Record<string, unknown>, onlyPlain = false): StoredDelivery {
  const doc = source as StoredDelivery;
  const seal = (value: string | null | undefined) => (typeof value === 'string' && value !== '' && !(onlyPlain && keyring.isSealed(value)) ? keyring.seal(value) : value);
  const next: StoredDelivery = { ...doc };
  if (doc.smtp) next.smtp = { ...doc.smtp, password: seal(doc.smtp.password) };
  if (doc.twilio) next.twilio = { ...doc.twilio, authToken: seal(doc.twilio.authToken) ?? undefined };
  if (doc.slackAppToken !== undefined) next.slackAppToken = seal(doc.slackAppToken);
  return next;
}

/** Whether a stored document still holds a secret in plaintext. */
export function deliveryNeedsSealing(keyring: Keyring, doc: object): boolean {
  const d = doc as StoredDelivery;
  const plain = (value: string | null | undefined) => typeof value === 'string' && value !== '' && !keyring.isSealed(value);
  return plain(d.smtp?.password) || plain(d.twilio?.authToken) || plain(d.slackAppToken);
}

/** The delivery settings the dispatcher uses for the account: stored values over the defaults. */
export function accountDelivery(db: Db, keyring: Keyring, accountId: string, consoleBaseUrl = ''): AccountDelivery {
  const doc = opened(keyring, stored(db, accountId));
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

export function getDeliverySettings(ctx: ServiceContext): DeliverySettingsView {
  return view(stored(ctx.db, ctx.accountId), ctx.runtime.baseUrl);
}

/** Members left out keep their value; a secret sent as null is cleared. Answers the new settings, secrets masked. */
export function setDeliverySettings(ctx: ServiceContext, update: DeliverySettingsUpdate): DeliverySettingsView {
  return transaction(ctx.db, (tx) => {
    const doc = opened(ctx.keyring, stored(tx, ctx.accountId));
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
    writeAppSetting(tx, ctx.accountId, KEY, sealDelivery(ctx.keyring, next) as Record<string, unknown>, ctx.clock.now().getTime());
    return view(next, ctx.runtime.baseUrl);
  });
}

const sameBase = (a: string, b: string) => b !== '' && a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
