import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

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
  /**
   * 48 bits of a keyed hash of a fixed label (its own sub-key): stored in the database so that a
   * server given another key file refuses to start. It tells keys apart and reveals nothing of one.
   */
  readonly check: number;
}

export function keyringFromMaster(master: Buffer): Keyring {
  if (master.length !== 32) throw new Error('the master key must be 32 bytes');
  const derive = (label: string) => Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `sightline ${label}`, 32));
  const encryptionKey = derive('secrets at rest v1');
  const macKey = derive('api key hash v1');
  const check = createHmac('sha256', derive('key check v1')).update('sightline key check').digest().readUIntBE(0, 6);
  return {
    check,
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

/** A key file's 32 bytes, or null when there is none; a file of another size is refused, never replaced. */
export function readKeyFile(file: string): Buffer | null {
  let master: Buffer;
  try {
    master = readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  if (master.length !== 32) throw new Error(`${file} is not a Sightline key file (expected 32 bytes, found ${master.length}); restore it from a backup`);
  try {
    chmodSync(file, 0o600);
  } catch {
    // not every file system keeps modes (Windows), and a read-only mount of the key is fine
  }
  return master;
}

/**
 * Writes a new key file (32 random bytes, mode 0600; its folder is made if missing), never over an
 * existing one, and answers the key the file holds. The bytes go to a file of their own first and
 * are then linked in under the name: a server reading the name never sees half a key, and of two
 * servers creating one shared key file at the same moment the second gets the first one's key.
 */
export function createKeyFile(file: string): Buffer {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const master = randomBytes(32);
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.new`;
  writeFileSync(draft, master, { mode: 0o600, flag: 'wx' });
  try {
    chmodSync(draft, 0o600);
  } catch {
    // not every file system keeps modes (Windows)
  }
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const theirs = readKeyFile(file);
    if (theirs) return theirs;
    throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  return master;
}

/**
 * Loads `<dataDir>/secret.key`, creating it (32 random bytes, mode 0600) on first start. A key file
 * of the wrong size is refused rather than replaced: replacing it would make every stored secret
 * unreadable.
 */
export function loadKeyring(dataDir: string): Keyring {
  const file = join(dataDir, KEY_FILE_NAME);
  return keyringFromMaster(readKeyFile(file) ?? createKeyFile(file));
}

/** A start refused because the key file does not fit the database: the message says which file and what to do. */
export class SealingKeyRefused extends Error {
  override readonly name = 'SealingKeyRefused';
}
