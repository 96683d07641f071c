import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addMemberWithKey } from '../accounts/helpers';
import { makeDataDir, startServer, type TestServer } from '../helpers/server';
import { rawRequest, type RawResponse } from '../http/raw';

const SESSION_PATH = '/console/session';
const WHOAMI = '/trpc/accounts.whoami';

function sessionCookieOf(res: RawResponse): string {
  const header = res.headers['set-cookie'];
  const first = Array.isArray(header) ? header[0] : header;
  if (!first) throw new Error(`no set-cookie (${res.status}: ${res.text})`);
  return first.split(';')[0];
}

async function signIn(server: TestServer, key: string): Promise<string> {
  const res = await rawRequest(server.url, { method: 'POST', path: SESSION_PATH, headers: { authorization: `Bearer ${key}` } });
  expect(res.status).toBe(201);
  return sessionCookieOf(res);
}

const get = (server: TestServer, path: string, cookie: string) => rawRequest(server.url, { path, headers: { cookie } });

/** Every byte the server left in its data folder (database, WAL, key files), as text. */
async function folderText(dir: string): Promise<string> {
  const files = await readdir(dir, { recursive: true, withFileTypes: true });
  const texts = await Promise.all(files.filter((f) => f.isFile()).map((f) => readFile(join(f.parentPath, f.name), 'latin1')));
  return texts.join('\n');
}

describe('console sessions across a restart', () => {
  const servers: TestServer[] = [];
  const start = async (dataDir: string) => {
    const server = await startServer({ dataDir });
    servers.push(server);
    return server;
  };
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.stop().catch(() => undefined);
  });

  it('a session opened before a restart still opens the console after it, on the same data folder', async () => {
    const dataDir = await makeDataDir();
    const first = await start(dataDir);
    const cookie = await signIn(first, first.key);
    expect((await get(first, WHOAMI, cookie)).status).toBe(200);
    await first.close();

    const second = await start(dataDir);
    expect((await get(second, WHOAMI, cookie)).status).toBe(200);
    const status = await get(second, SESSION_PATH, cookie);
    expect(status.body).toMatchObject({ signedIn: true, role: 'OWNER' });
  });

  it('stores only a hash of the session id, never the id itself', async () => {
    const dataDir = await makeDataDir();
    const server = await start(dataDir);
    const cookie = await signIn(server, server.key);
    const sessionId = cookie.split('=')[1];
    await server.close();
    const text = await folderText(dataDir);
    expect(text).toContain(createHash('sha256').update(sessionId).digest('hex'));
    expect(text).not.toContain(sessionId);
  });

  it('revoking the key (removing its member) and signing out still end sessions after a restart, each with its reason', async () => {
    const dataDir = await makeDataDir();
    const first = await start(dataDir);
    const member = await addMemberWithKey(first, 'READ_WRITE');
    const memberCookie = await signIn(first, member.key);
    const ownerCookie = await signIn(first, first.key);
    const origin = `http://${new URL(first.url).host}`;
    expect((await rawRequest(first.url, { method: 'DELETE', path: SESSION_PATH, headers: { cookie: ownerCookie, origin } })).status).toBe(204);
    await first.close();

    const second = await start(dataDir);
    expect((await get(second, WHOAMI, ownerCookie)).status).toBe(401);
    expect((await get(second, SESSION_PATH, ownerCookie)).body).toEqual({ signedIn: false, reason: 'signed_out' });

    expect((await get(second, WHOAMI, memberCookie)).status).toBe(200);
    expect((await second.api('DELETE', `/v1/accounts/me/members/${member.userId}`)).status).toBe(204);
    const refused = await get(second, WHOAMI, memberCookie);
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toMatch(/revoked/);
    expect((await get(second, SESSION_PATH, memberCookie)).body).toEqual({ signedIn: false, reason: 'key_revoked' });
  });

  it('a server on another data folder does not know the session', async () => {
    const first = await start(await makeDataDir());
    const cookie = await signIn(first, first.key);
    const other = await start(await makeDataDir());
    const status = await get(other, SESSION_PATH, `${cookie}; sightline_signed_in=1`);
    expect(status.body).toEqual({ signedIn: false, reason: 'unknown' });
  });
});
