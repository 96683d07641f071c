import type { Keyring } from '../../core/keyring';

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
