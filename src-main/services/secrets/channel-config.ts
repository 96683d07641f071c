import { AppError } from '../../core/errors';
import type { Keyring } from '../../core/keyring';
import {
  CHANNEL_KEY_VALUE_MEMBERS,
  CHANNEL_SECRET_MEMBERS,
  CHANNEL_URL_SECRETS,
  isSecretKeyValue,
  maskUrl,
  originOf,
  SEALED_URL_MEMBER,
  SECRET_MASK,
  unmaskUrl,
  urlHasSecrets,
  urlSecretParts,
} from '../../../src-shared/rules/secrets';
import { hasPlainKeyValues, openKeyValues, openValue, resolveKeyValues, sealKeyValues } from './key-values';

/** Credentials a channel cannot work without: null keeps the stored one (there is nothing to clear it to). */
const REQUIRED_MEMBERS = new Set(['apiKey', 'serviceKey']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const hasValue = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * A stored config with its credentials opened and the URL whole again, as providers need it. Only
 * credential members are opened: a template or name that merely looks sealed is left alone.
 */
export function openChannelConfig(keyring: Keyring, type: string, config: unknown): Record<string, unknown> {
  if (!isRecord(config)) return {};
  const opened: Record<string, unknown> = { ...config };
  for (const member of CHANNEL_SECRET_MEMBERS[type] ?? []) if (keyring.isSealed(opened[member])) opened[member] = openValue(keyring, opened[member]);
  for (const member of CHANNEL_KEY_VALUE_MEMBERS[type] ?? []) {
    if (member in opened) opened[member] = openKeyValues(keyring, opened[member]);
  }
  const sealedUrl = opened[SEALED_URL_MEMBER];
  delete opened[SEALED_URL_MEMBER];
  if (keyring.isSealed(sealedUrl)) {
    const url = openValue(keyring, sealedUrl);
    if (url !== null) opened.url = url;
  }
  return opened;
}

/**
 * Before validation: the config a create or PUT sent, with the credentials it left out, sent as the
 * mask, or (required ones) as null filled in from the stored config (plaintext, same type). A
 * credential follows its channel only while the URL stays on the same origin, so a member who can
 * edit but not read a channel cannot redirect its credentials to another host.
 */
export function resolveChannelConfig(type: string, incoming: unknown, storedPlain: Record<string, unknown> | null): unknown {
  if (!isRecord(incoming)) return incoming;
  const out: Record<string, unknown> = { ...incoming };
  const urlKind = CHANNEL_URL_SECRETS[type];
  if (urlKind) {
    if ((out.url === undefined || out.url === null) && storedPlain && typeof storedPlain.url === 'string') out.url = storedPlain.url;
    if (typeof out.url === 'string') {
      const unmasked = unmaskUrl(out.url, typeof storedPlain?.url === 'string' ? storedPlain.url : null, urlKind);
      if ('error' in unmasked) throw new AppError('validation', `config.url: ${unmasked.error}`);
      out.url = unmasked.url;
    }
  }
  const movedTo = urlKind && storedPlain && originOf(out.url) !== originOf(storedPlain.url) ? originOf(out.url) : null;
  const stored = storedPlain && !movedTo ? storedPlain : null;

  for (const member of CHANNEL_SECRET_MEMBERS[type] ?? []) {
    const sent = out[member];
    const keeps = sent === undefined || sent === SECRET_MASK || (sent === null && REQUIRED_MEMBERS.has(member));
    if (!keeps) continue;
    if (stored && hasValue(stored[member])) {
      out[member] = stored[member];
    } else if (movedTo && hasValue(storedPlain?.[member]) && sent !== null) {
      throw new AppError('validation', `config.${member}: the URL moved to ${movedTo}, so the stored value is not sent there; send it again${REQUIRED_MEMBERS.has(member) ? '' : ' (or null for none)'}`);
    } else if (sent === SECRET_MASK) {
      throw new AppError('validation', `config.${member}: "${SECRET_MASK}" is how a stored credential reads back, and this channel has none to keep; send the value itself`);
    }
  }
  for (const member of CHANNEL_KEY_VALUE_MEMBERS[type] ?? []) {
    if (member in out) out[member] = resolveKeyValues(out[member], stored?.[member], `config.${member}`);
  }
  return out;
}

/** A validated (plaintext) config as it is stored: credentials and secret header values sealed; a URL holding credentials kept masked beside its sealed whole. */
export function sealChannelConfig(keyring: Keyring, type: string, config: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...config };
  for (const member of CHANNEL_SECRET_MEMBERS[type] ?? []) {
    if (hasValue(out[member])) out[member] = keyring.seal(out[member]);
  }
  for (const member of CHANNEL_KEY_VALUE_MEMBERS[type] ?? []) {
    if (member in out) out[member] = sealKeyValues(keyring, out[member]);
  }
  const urlKind = CHANNEL_URL_SECRETS[type];
  if (urlKind && typeof out.url === 'string' && urlHasSecrets(out.url, urlKind)) {
    out[SEALED_URL_MEMBER] = keyring.seal(out.url);
    out.url = maskUrl(out.url, urlKind);
  }
  return out;
}

/** Shorter values are not scrubbed from delivery reports: a 1–3 character "secret" would blank ordinary words. */
const MIN_SCRUBBED_LENGTH = 4;

/** Every credential of an opened (plaintext) config, for scrubbing what a delivery reports back and logs. */
export function channelSecretValues(type: string, config: Record<string, unknown>): string[] {
  const values: string[] = [];
  for (const member of CHANNEL_SECRET_MEMBERS[type] ?? []) if (hasValue(config[member])) values.push(config[member]);
  for (const member of CHANNEL_KEY_VALUE_MEMBERS[type] ?? []) {
    const items = config[member];
    if (!Array.isArray(items)) continue;
    for (const item of items) if (isRecord(item) && typeof item.key === 'string' && isSecretKeyValue(item as { key: string }) && hasValue(item.value)) values.push(item.value);
  }
  const urlKind = CHANNEL_URL_SECRETS[type];
  if (urlKind && typeof config.url === 'string') values.push(...urlSecretParts(config.url, urlKind));
  return values.filter((value) => value.length >= MIN_SCRUBBED_LENGTH);
}

/** Whether a stored config still holds a credential in plaintext (written before sealing existed). */
export function channelConfigNeedsSealing(keyring: Keyring, type: string, config: unknown): boolean {
  if (!isRecord(config)) return false;
  if ((CHANNEL_SECRET_MEMBERS[type] ?? []).some((member) => hasValue(config[member]) && !keyring.isSealed(config[member]))) return true;
  if ((CHANNEL_KEY_VALUE_MEMBERS[type] ?? []).some((member) => hasPlainKeyValues(keyring, config[member]))) return true;
  const urlKind = CHANNEL_URL_SECRETS[type];
  return !!urlKind && typeof config.url === 'string' && config[SEALED_URL_MEMBER] === undefined && urlHasSecrets(config.url, urlKind);
}

/** The stored config with every credential sealed (configs written before sealing existed, or by hand). */
export function sealedChannelConfig(keyring: Keyring, type: string, config: unknown): Record<string, unknown> {
  if (!isRecord(config)) return {};
  return channelConfigNeedsSealing(keyring, type, config) ? sealChannelConfig(keyring, type, openChannelConfig(keyring, type, config)) : config;
}
