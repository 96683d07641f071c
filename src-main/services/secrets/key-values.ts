import { AppError } from '../../core/errors';
import type { Keyring } from '../../core/keyring';
import { isSecretKeyValue, SECRET_MASK } from '../../../src-shared/rules/secrets';

function isItem(value: unknown): value is { key: string; value?: unknown; locked?: boolean | null } {
  return typeof value === 'object' && value !== null && typeof (value as { key?: unknown }).key === 'string';
}

/**
 * Header or query-parameter lists in plaintext: an item sent back with the mask takes the stored
 * value of the secret item with the same name (case-insensitive) — the one at the same place among
 * the items of that name, as a GET→PUT sends them back, else the first — and stays locked if it
 * was; the mask with no such stored item is a 400 naming `${field}[i].value`.
 */
export function resolveKeyValues(incoming: unknown, storedPlain: unknown, field: string): unknown {
  if (!Array.isArray(incoming)) return incoming;
  const storedItems = (Array.isArray(storedPlain) ? storedPlain : []).filter(isItem);
  const stored = storedItems.filter(isSecretKeyValue);
  /** How many items of each (case-folded) key came before: a key may repeat, and the n-th masked "A" keeps the n-th stored "A". */
  const seen = new Map<string, number>();
  return incoming.map((item: unknown, index) => {
    if (!isItem(item)) return item;
    const key = item.key.toLowerCase();
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    if (item.value !== SECRET_MASK) return item;
    const sameSpot = storedItems.filter((candidate) => candidate.key.toLowerCase() === key)[occurrence];
    const match = sameSpot && isSecretKeyValue(sameSpot) ? sameSpot : stored.find((candidate) => candidate.key.toLowerCase() === key);
    if (!match || typeof match.value !== 'string') {
      throw new AppError('validation', `${field}[${index}].value: "${SECRET_MASK}" is how a stored secret reads back, and ${item.key} has no stored value here to keep; send the value itself`);
    }
    return { ...item, value: match.value, ...(match.locked === true ? { locked: true } : {}) };
  });
}

/** Seals the value of every secret item (credential name or locked). */
export function sealKeyValues(keyring: Keyring, items: unknown): unknown {
  if (!Array.isArray(items)) return items;
  return items.map((item: unknown) => (isItem(item) && isSecretKeyValue(item) && typeof item.value === 'string' && item.value !== '' ? { ...item, value: keyring.seal(item.value) } : item));
}

/** The values of secret items opened (plaintext written before sealing existed passes through); other items as they are. */
export function openKeyValues(keyring: Keyring, items: unknown): unknown {
  if (!Array.isArray(items)) return items;
  return items.map((item: unknown) => (isItem(item) && isSecretKeyValue(item) && keyring.isSealed(item.value) ? { ...item, value: openValue(keyring, item.value) ?? '' } : item));
}

/** Whether a secret item still holds its value in plaintext. */
export function hasPlainKeyValues(keyring: Keyring, items: unknown): boolean {
  return Array.isArray(items) && items.some((item: unknown) => isItem(item) && isSecretKeyValue(item) && typeof item.value === 'string' && item.value !== '' && !keyring.isSealed(item.value));
}

/**
 * The plaintext of a stored secret. Plaintext written before sealing existed passes through; a value
 * sealed with another key (the key file was replaced) opens to null, so it reads as unset and a
 * client can store it again instead of every update failing.
 */
export function openValue(keyring: Keyring, value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (!keyring.isSealed(value)) return value;
  try {
    return keyring.open(value);
  } catch {
    return null;
  }
}
