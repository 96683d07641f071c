import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createKeyFile, KEY_FILE_NAME, loadKeyring } from '../../src-main/core/keyring';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sightline-keyring-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('keyring', () => {
  it('a key file another server created first (one shared --secret-key-file, two first starts) is read, not refused or replaced', () => {
    const dir = dataDir();
    const file = join(dir, 'team.key');
    const theirs = createKeyFile(file);
    // The second start found no file a moment ago and creates one now: it gets the first one's key.
    expect(createKeyFile(file).equals(theirs)).toBe(true);
    expect(readFileSync(file).equals(theirs)).toBe(true);
    expect(readdirSync(dir)).toEqual(['team.key']);
  });

  it('creates a 32-byte key file readable only by its owner and reuses it on the next start', () => {
    const dir = dataDir();
    const first = loadKeyring(dir);
    const file = join(dir, KEY_FILE_NAME);
    expect(readFileSync(file)).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const sealed = first.seal('hunter2-very-secret');
    expect(sealed).not.toContain('hunter2');
    expect(loadKeyring(dir).open(sealed)).toBe('hunter2-very-secret');
    expect(loadKeyring(dir).mac('k')).toBe(first.mac('k'));
  });

  it('seals the same value differently each time, and another installation cannot open it', () => {
    const a = loadKeyring(dataDir());
    const b = loadKeyring(dataDir());
    const one = a.seal('value');
    expect(a.seal('value')).not.toBe(one);
    expect(a.isSealed(one)).toBe(true);
    expect(a.isSealed('value')).toBe(false);
    expect(() => b.open(one)).toThrow();
    expect(a.mac('key')).not.toBe(b.mac('key'));
  });

  it('refuses a damaged key file instead of replacing it', () => {
    const dir = dataDir();
    writeFileSync(join(dir, KEY_FILE_NAME), 'short');
    expect(() => loadKeyring(dir)).toThrow(/not a Sightline key file/);
    expect(readFileSync(join(dir, KEY_FILE_NAME), 'utf8')).toBe('short');
  });
});
