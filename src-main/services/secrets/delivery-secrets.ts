import type { Keyring } from '../../core/keyring';
import type { DeliverySettingsInput } from '../../notify/settings';
import { openValue } from './key-values';

/** The app_settings key of the delivery settings; here so the boot-time sealing can find them without importing settings. */
export const DELIVERY_SETTINGS_KEY = 'delivery';

/** The stored document: what Settings saved, secrets included (never sent back to a client). */
export interface StoredDelivery extends DeliverySettingsInput {
  rateLimit?: { max?: number; windowMinutes?: number };
}

/** The stored document with its secrets opened (plaintext written before sealing existed passes through). */
export function openDelivery(keyring: Keyring, doc: StoredDelivery): StoredDelivery {
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
