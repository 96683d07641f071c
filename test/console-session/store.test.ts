import { rm } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import { openDb, type DbHandle } from '../../src-main/db/connection';
import { ConsoleSessions, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, type SessionLookup } from '../../src-main/services/auth/console-sessions';
import { readCookie } from '../../src-main/http/console-session/cookie';
import { makeDataDir } from '../helpers/server';
import { MIGRATIONS } from '../helpers/migrations';

const opened: { handle: DbHandle; dir: string }[] = [];

async function storeOf(clock = new ManualClock(), options = {}): Promise<{ store: ConsoleSessions; handle: DbHandle }> {
  const dir = await makeDataDir();
  const handle = openDb({ dataDir: dir, migrationsDir: MIGRATIONS });
  opened.push({ handle, dir });
  return { store: new ConsoleSessions({ db: handle.db, clock }, options), handle };
}

afterEach(async () => {
  for (const { handle, dir } of opened.splice(0)) {
    handle.close();
    await rm(dir, { recursive: true, force: true });
  }
});

const keyOf = (found: SessionLookup) => ('session' in found ? found.session.keyHash : null);
const endedOf = (found: SessionLookup) => ('ended' in found ? found.ended : null);

describe('ConsoleSessions', () => {
  it('gives each session a fresh 256-bit id and stores only its hash', async () => {
    const { store, handle } = await storeOf();
    const a = await store.create('hash-a');
    const b = await store.create('hash-a');
    expect(a.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.sessionId).not.toBe(b.sessionId);
    const rows = handle.sqlite.prepare('select * from console_sessions').all();
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain(a.sessionId);
    expect(keyOf(await store.use(a.sessionId))).toBe('hash-a');
    expect(endedOf(await store.use('not-an-id'))).toBe('unknown');
  });

  it('ends sessions when idle, at their absolute lifetime, on sign-out and per key, and says why', async () => {
    const clock = new ManualClock();
    const { store } = await storeOf(clock);
    const idle = await store.create('k1');
    const busy = await store.create('k2');
    const other = await store.create('k2');
    clock.advance(SESSION_IDLE_MS - 1);
    expect(keyOf(await store.use(busy.sessionId))).toBe('k2');
    clock.advance(1);
    expect(endedOf(await store.use(idle.sessionId))).toBe('expired');
    expect(await store.endForKey('k2')).toBe(2);
    expect(endedOf(await store.use(other.sessionId))).toBe('key_revoked');

    const long = await store.create('k3');
    for (let t = 0; t < SESSION_ABSOLUTE_MS - SESSION_IDLE_MS / 2; t += SESSION_IDLE_MS / 2) {
      clock.advance(SESSION_IDLE_MS / 2);
      expect(keyOf(await store.use(long.sessionId))).toBe('k3');
    }
    clock.advance(SESSION_IDLE_MS / 2);
    expect(endedOf(await store.use(long.sessionId))).toBe('expired');

    const out = await store.create('k4');
    expect(await store.end(out.sessionId)).toBe(true);
    expect(endedOf(await store.use(out.sessionId))).toBe('signed_out');
  });

  it('prunes ended and expired rows a day after they ended', async () => {
    const clock = new ManualClock();
    const { store, handle } = await storeOf(clock);
    const out = await store.create('k1');
    await store.end(out.sessionId);
    await store.create('k2');
    clock.advance(SESSION_IDLE_MS + 24 * 60 * 60 * 1000 + 1);
    const fresh = await store.create('k3');
    const left = handle.sqlite.prepare('select key_hash from console_sessions').all();
    expect(left).toEqual([{ key_hash: 'k3' }]);
    expect(endedOf(await store.use(out.sessionId))).toBe('unknown');
    expect(keyOf(await store.use(fresh.sessionId))).toBe('k3');
  });

  it('holds at most maxSessions open, ending the least recently used first', async () => {
    const clock = new ManualClock();
    const { store } = await storeOf(clock, { maxSessions: 3 });
    const first = await store.create('a');
    clock.advance(60_000);
    const second = await store.create('b');
    clock.advance(60_000);
    const third = await store.create('c');
    clock.advance(60_000);
    await store.use(first.sessionId);
    await store.create('d');
    expect(await store.size()).toBe(3);
    expect(endedOf(await store.use(second.sessionId))).toBe('expired');
    expect(keyOf(await store.use(first.sessionId))).toBe('a');
    expect(keyOf(await store.use(third.sessionId))).toBe('c');
  });
});

describe('readCookie', () => {
  it('finds one cookie among others, the first when a name repeats', () => {
    expect(readCookie('a=1; sid=xyz; b=2', 'sid')).toBe('xyz');
    expect(readCookie('sid="quoted"', 'sid')).toBe('quoted');
    expect(readCookie('sid=first; sid=second', 'sid')).toBe('first');
    expect(readCookie('xsid=1; sidx=2', 'sid')).toBeNull();
    expect(readCookie(undefined, 'sid')).toBeNull();
    expect(readCookie('sid=', 'sid')).toBeNull();
  });
});
