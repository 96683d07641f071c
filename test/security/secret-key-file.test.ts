import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { KEY_FILE_NAME } from '../../src-main/core/keyring';
import { DB_FILE_NAME } from '../../src-main/db/connection';
import { killLeftovers, startCli } from '../helpers/cli';
import { makeApi } from '../helpers/server';
import { startHttpReceiver, type HttpReceiver } from '../notify/receivers';

const SECRET = 'Bearer key-file-S3cr3t-0a1b2c';

describe('sightline serve --secret-key-file: the key that seals secrets, outside the data folder', { timeout: 120_000 }, () => {
  let root = '';
  let receiver: HttpReceiver;
  let keyFile = '';
  let written = '';
  let ownerKey = '';
  let channelId = 0;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'sightline-key-file-'));
    receiver = await startHttpReceiver();
    keyFile = join(root, 'keys', 'sightline.key');
    written = join(root, 'written');
    const first = await startCli(['--port', '0', '--data-dir', written, '--secret-key-file', keyFile]);
    try {
      ownerKey = first.printedKey!;
      const channel = await makeApi(first.url, ownerKey)('POST', '/v1/alert-channels', {
        type: 'WEBHOOK',
        config: { name: 'Hook', url: `${receiver.url}/hook`, headers: [{ key: 'Authorization', value: SECRET }] },
      });
      expect(channel.status).toBe(201);
      channelId = channel.body.id;
    } finally {
      expect(await first.stop()).toBe(0);
    }
  });
  afterEach(() => killLeftovers());
  afterAll(async () => {
    await receiver?.close();
    await rm(root, { recursive: true, force: true });
  });

  async function copyOfData(name: string): Promise<string> {
    const dir = join(root, name);
    await cp(written, dir, { recursive: true });
    return dir;
  }

  it('creates the key file with mode 0600 (its folder too) and keeps no key in the data folder or the database', async () => {
    const file = await stat(keyFile);
    expect(file.mode & 0o777).toBe(0o600);
    expect(file.size).toBe(32);
    expect(existsSync(join(written, KEY_FILE_NAME))).toBe(false);
    const key = await readFile(keyFile);
    const database = await readFile(join(written, DB_FILE_NAME));
    expect(database.includes(key)).toBe(false);
    expect(database.includes(Buffer.from(key.toString('hex')))).toBe(false);
    expect(database.includes(Buffer.from(key.toString('base64')))).toBe(false);
  });

  it('a server on a copy of the data with the same key file (SIGHTLINE_SECRET_KEY_FILE) takes the API keys and sends the stored secret', async () => {
    const server = await startCli(['--port', '0', '--data-dir', await copyOfData('same-key')], { env: { SIGHTLINE_SECRET_KEY_FILE: keyFile } });
    try {
      const api = makeApi(server.url, ownerKey);
      const channel = await api('GET', `/v1/alert-channels/${channelId}`);
      expect(channel.status).toBe(200);
      expect(channel.body.config.headers).toEqual([{ key: 'Authorization', value: '*****', locked: false }]);
      expect((await api('POST', `/v1/alert-channels/${channelId}/test`)).status).toBe(201);
      await vi.waitFor(() => expect(receiver.requests.filter((request) => request.path === '/hook')).toHaveLength(1), { timeout: 15_000, interval: 100 });
      expect(receiver.requests.find((request) => request.path === '/hook')!.headers.authorization).toBe(SECRET);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('with another key file the server refuses to start, saying which file does not fit', async () => {
    const otherKey = join(root, 'other.key');
    await writeFile(otherKey, randomBytes(32), { mode: 0o600 });
    const start = startCli(['--port', '0', '--data-dir', await copyOfData('other-key'), '--secret-key-file', otherKey]);
    await expect(start).rejects.toThrow(/exited with 1 before listening/);
    await expect(start).rejects.toThrow(`The secret key file ${otherKey} is not the key the secrets in this database were sealed with`);
  });

  it('with a key file that does not exist the server refuses and creates none', async () => {
    const missing = join(root, 'missing.key');
    const start = startCli(['--port', '0', '--data-dir', await copyOfData('missing-key'), '--secret-key-file', missing]);
    await expect(start).rejects.toThrow(`The secret key file ${missing} does not exist, and the secrets in this database were sealed with a key`);
    expect(existsSync(missing)).toBe(false);
  });

  it('a data folder from before the check was recorded: a key file other than the folder\'s own secret.key is refused', async () => {
    const plain = join(root, 'plain');
    const first = await startCli(['--port', '0', '--data-dir', plain]);
    const key = first.printedKey!;
    expect((await makeApi(first.url, key)('GET', '/v1/accounts/me')).status).toBe(200);
    expect(await first.stop()).toBe(0);
    // Without the flag the key is the data folder's secret.key, as before.
    expect((await stat(join(plain, KEY_FILE_NAME))).size).toBe(32);
    const db = new Database(join(plain, DB_FILE_NAME));
    db.prepare("delete from maintenance_state where key = 'secret_key_check'").run();
    db.close();
    const fresh = join(root, 'fresh.key');
    const start = startCli(['--port', '0', '--data-dir', plain, '--secret-key-file', fresh]);
    await expect(start).rejects.toThrow(`The secret key file ${fresh} does not exist, and the secrets in this database were sealed with a key (${join(plain, KEY_FILE_NAME)})`);
    const again = await startCli(['--port', '0', '--data-dir', plain, '--secret-key-file', join(plain, KEY_FILE_NAME)]);
    expect((await makeApi(again.url, key)('GET', '/v1/accounts/me')).status).toBe(200);
    expect(await again.stop()).toBe(0);
  });
});
