import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../../core/clock';

/** A console session ends after this long without a request... */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** ...and this long after sign-in, however busy it is. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** Sessions held at once; past it the least recently used one is ended (a flood of sign-ins cannot grow memory). */
export const MAX_SESSIONS = 10_000;

export interface ConsoleSessionOptions {
  idleMs?: number;
  absoluteMs?: number;
  maxSessions?: number;
}

interface StoredSession {
  /** The keyed hash of the API key (or launch token) that signed in: looked up again on every use. */
  keyHash: string;
  createdAt: number;
  lastUsedAt: number;
}

export interface ActiveSession {
  keyHash: string;
  createdAt: number;
  /** When it ends unless used again (idle), and at the latest (absolute). */
  idleExpiresAt: number;
  expiresAt: number;
}

/** The stored form of a session id: its sha256, so a heap dump holds no usable id. */
function digest(sessionId: string): string {
  return createHash('sha256').update(sessionId, 'utf8').digest('hex');
}

const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/**
 * The console's sign-in sessions (headless mode): a random opaque id in an HttpOnly cookie stands
 * for the API key it was created with. Only the id's hash and the key's keyed hash are kept, in
 * memory: a restart signs every browser out, and nothing about a session reaches the database.
 * The key itself is looked up again on every use, so revoking it (or removing its member) ends its
 * sessions at once, and a role change applies at once.
 */
export class ConsoleSessions {
  /** By id digest, in least-recently-used order (a used session moves to the end). */
  private readonly sessions = new Map<string, StoredSession>();
  private readonly idleMs: number;
  private readonly absoluteMs: number;
  private readonly maxSessions: number;

  constructor(
    private readonly clock: Clock,
    options: ConsoleSessionOptions = {},
  ) {
    this.idleMs = options.idleMs ?? SESSION_IDLE_MS;
    this.absoluteMs = options.absoluteMs ?? SESSION_ABSOLUTE_MS;
    this.maxSessions = options.maxSessions ?? MAX_SESSIONS;
  }

  get size(): number {
    return this.sessions.size;
  }

  /** A new session for a key that was just accepted; the id (256 random bits) goes into the cookie only. */
  create(keyHash: string): { sessionId: string; session: ActiveSession } {
    const now = this.clock.now().getTime();
    this.sweep(now);
    while (this.sessions.size >= this.maxSessions) {
      const oldest = this.sessions.keys().next().value;
      if (oldest === undefined) break;
      this.sessions.delete(oldest);
    }
    const sessionId = randomBytes(32).toString('base64url');
    const stored = { keyHash, createdAt: now, lastUsedAt: now };
    this.sessions.set(digest(sessionId), stored);
    return { sessionId, session: this.view(stored) };
  }

  /** The live session of an id and marks it used; null (and forgotten) once it expired, null for an unknown id. */
  use(sessionId: string): ActiveSession | null {
    if (!SESSION_ID.test(sessionId)) return null;
    const key = digest(sessionId);
    const stored = this.sessions.get(key);
    if (!stored) return null;
    const now = this.clock.now().getTime();
    if (this.expired(stored, now)) {
      this.sessions.delete(key);
      return null;
    }
    stored.lastUsedAt = now;
    this.sessions.delete(key);
    this.sessions.set(key, stored);
    return this.view(stored);
  }

  /** Signs out: the id no longer opens anything. */
  end(sessionId: string): boolean {
    return this.sessions.delete(digest(sessionId));
  }

  /** Ends every session a key opened (its key was found revoked); returns how many. */
  endForKey(keyHash: string): number {
    let ended = 0;
    for (const [key, stored] of this.sessions) {
      if (stored.keyHash === keyHash) {
        this.sessions.delete(key);
        ended += 1;
      }
    }
    return ended;
  }

  private expired(stored: StoredSession, now: number): boolean {
    return now >= stored.lastUsedAt + this.idleMs || now >= stored.createdAt + this.absoluteMs;
  }

  private sweep(now: number): void {
    for (const [key, stored] of this.sessions) if (this.expired(stored, now)) this.sessions.delete(key);
  }

  private view(stored: StoredSession): ActiveSession {
    const expiresAt = stored.createdAt + this.absoluteMs;
    return { keyHash: stored.keyHash, createdAt: stored.createdAt, idleExpiresAt: Math.min(expiresAt, stored.lastUsedAt + this.idleMs), expiresAt };
  }
}
