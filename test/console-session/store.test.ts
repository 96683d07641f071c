import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import { ConsoleSessions, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../src-main/services/auth/console-sessions';
import { readCookie } from '../../src-main/http/console-session/cookie';

describe('ConsoleSessions', () => {
  it('gives each session a fresh 256-bit id and keeps only its hash', () => {
    const store = new ConsoleSessions(new ManualClock());
    const a = store.create('hash-a');
    const b = store.create('hash-a');
    expect(a.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.sessionId).not.toBe(b.sessionId);
    expect(JSON.stringify([...(store as unknown as { sessions: Map<string, unknown> }).sessions])).not.toContain(a.sessionId);
    expect(store.use(a.sessionId)?.keyHash).toBe('hash-a');
    expect(store.use('not-an-id')).toBeNull();
  });

  it('ends sessions when idle, at their absolute lifetime, on sign-out and per key', () => {
    const clock = new ManualClock();
    const store = new ConsoleSessions(clock);
    const idle = store.create('k1');
    const busy = store.create('k2');
    const other = store.create('k2');
    clock.advance(SESSION_IDLE_MS - 1);
    expect(store.use(busy.sessionId)).not.toBeNull();
    clock.advance(1);
    expect(store.use(idle.sessionId)).toBeNull();
    expect(store.endForKey('k2')).toBe(2);
    expect(store.use(other.sessionId)).toBeNull();

    const long = store.create('k3');
    for (let t = 0; t < SESSION_ABSOLUTE_MS - SESSION_IDLE_MS / 2; t += SESSION_IDLE_MS / 2) {
      clock.advance(SESSION_IDLE_MS / 2);
      expect(store.use(long.sessionId)).not.toBeNull();
    }
    clock.advance(SESSION_IDLE_MS / 2);
    expect(store.use(long.sessionId)).toBeNull();

    const out = store.create('k4');
    expect(store.end(out.sessionId)).toBe(true);
    expect(store.use(out.sessionId)).toBeNull();
  });

  it('holds at most maxSessions, ending the least recently used first', () => {
    const store = new ConsoleSessions(new ManualClock(), { maxSessions: 3 });
    const first = store.create('a');
    const second = store.create('b');
    const third = store.create('c');
    store.use(first.sessionId);
    store.create('d');
    expect(store.size).toBe(3);
    expect(store.use(second.sessionId)).toBeNull();
    expect(store.use(first.sessionId)).not.toBeNull();
    expect(store.use(third.sessionId)).not.toBeNull();
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
