import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The key file beside the database: a copied `.db` alone reveals no secret and no key hash. */
export const KEY_FILE_NAME = 'secret.key';

const SEALED_PREFIX = 'sl1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts secrets at rest (AES-256-GCM) and keys hashes of API keys (HMAC-SHA256), with sub-keys
 * derived from one 32-byte master key that lives outside the database.
 */
export interface Keyring {
  /** "sl1:" + base64(iv | tag | ciphertext). */
  seal(plaintext: string): string;
  /** The plaintext of a sealed value; throws when the value was not sealed with this key. */
  open(sealed: string): string;
  isSealed(value: unknown): value is string;
  /** Keyed hash (hex) of a value, e.g. an API key: without the key file it cannot be brute-forced. */
  mac(value: string): string;
}

export function keyringFromMaster(master: Buffer): Keyring {
  if (master.length !== 32) throw new Error('the master key must be 32 bytes');
  const derive = (label: string) => Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `sightline ${label}`, 32));
  const encryptionKey = derive('secrets at rest v1');
  const macKey = derive('api key hash v1');
  return {
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    open(sealed) {
      if (!sealed.startsWith(SEALED_PREFIX)) throw new Error('the value is not sealed');
      const raw = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
    isSealed(value): value is string {
      return typeof value === 'string' && value.startsWith(SEALED_PREFIX);
    },
    mac(value) {
      return createHmac('sha256', macKey).update(value, 'utf8').digest('hex');
    },
  };
}

/**
 * Loads `<dataDir>/secret.key`, creating it (32 random bytes, mode 0600) on first start. A key file
 * of the wrong size is refused rather than replaced: replacing it would make every stored secret
 * unreadable.
 */
export function loadKeyring(dataDir: string): Keyring {
  const file = join(dataDir, KEY_FILE_NAME);
  let master: Buffer;
  try {
    master = readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    master = randomBytes(32);
    writeFileSync(file, master, { mode: 0o600, flag: 'wx' });
  }
  if (master.length !== 32) throw new Error(`${file} is not a Sightline key file (expected 32 bytes, found ${master.length}); restore it from a backup`);
  try {
    chmodSync(file, 0o600);
  } catch {
    // not every file system keeps modes (Windows); the file is still only in the data folder
  }
  return keyringFromMaster(master);
}
