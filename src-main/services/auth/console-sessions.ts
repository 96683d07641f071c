import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../../core/clock';
import { transaction, type Db } from '../../db/connection';
import {
  countOpenConsoleSessions,
  endConsoleSession,
  endConsoleSessionsOfKey,
  endLeastRecentlyUsed,
  findConsoleSession,
  insertConsoleSession,
  pruneConsoleSessions,
  touchConsoleSession,
  type ConsoleSessionRow,
} from '../../db/repositories/console-sessions';
import { lockKey } from '../../db/row-locks';
import { ConsoleSessionEndReason } from '../../../src-shared/schemas/console-session';

/** A console session ends after this long without a request... */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** ...and this long after sign-in, however busy it is. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** Open sessions at once; past it the least recently used one is ended (a flood of sign-ins cannot grow the table). */
export const MAX_SESSIONS = 10_000;
/** An ended session's row is kept this long, so a tab refused later is told why rather than "unknown". */
export const ENDED_KEPT_MS = 24 * 60 * 60 * 1000;
/** Last use is written at most this often per session: not a write on every request (the idle limit is hours). */
const TOUCH_EVERY_MS = 60 * 1000;
/** The queue of sign-ins on every server of a team: the cap counts the open sessions of all of them. */
const CREATE_LOCK = 'console-sessions:create';

export interface ConsoleSessionOptions {
  idleMs?: number;
  absoluteMs?: number;
  maxSessions?: number;
}

export interface ActiveSession {
  keyHash: string;
  createdAt: number;
  /** When it ends unless used again (idle), and at the latest (absolute). */
  idleExpiresAt: number;
  expiresAt: number;
}

export type SessionLookup = { session: ActiveSession } | { ended: ConsoleSessionEndReason };

/** The stored form of a session id: its sha256, so neither the database nor a heap dump holds a usable id. */
function digest(sessionId: string): string {
  return createHash('sha256').update(sessionId, 'utf8').digest('hex');
}

const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/**
 * The console's sign-in sessions (headless mode): a random opaque id in an HttpOnly cookie stands
 * for the API key it was created with. The database keeps the id's hash and the key's keyed hash
 * (never either in clear), so a restart or an upgrade keeps every tab signed in. The key itself is
 * looked up again on every use, so revoking it (or removing its member) ends its sessions at once,
 * and a role change applies at once.
 */
export class ConsoleSessions {
  private readonly idleMs: number;
  private readonly absoluteMs: number;
  private readonly maxSessions: number;

  constructor(
    private readonly deps: { db: Db; clock: Clock },
    options: ConsoleSessionOptions = {},
  ) {
    this.idleMs = options.idleMs ?? SESSION_IDLE_MS;
    this.absoluteMs = options.absoluteMs ?? SESSION_ABSOLUTE_MS;
    this.maxSessions = options.maxSessions ?? MAX_SESSIONS;
  }

  /** Open sessions. */
  async size(): Promise<number> {
    return await countOpenConsoleSessions(this.deps.db);
  }

  /** A new session for a key that was just accepted; the id (256 random bits) goes into the cookie only. */
  async create(keyHash: string): Promise<{ sessionId: string; session: ActiveSession }> {
    const now = this.now();
    const sessionId = randomBytes(32).toString('base64url');
    const row = { idHash: digest(sessionId), keyHash, createdAt: now, lastUsedAt: now, expiresAt: now + this.absoluteMs };
    // Sign-ins are rare: one at a time across the servers, so two never both see room under the cap.
    await transaction(this.deps.db, async (tx) => {
      await lockKey(tx, CREATE_LOCK);
      await pruneConsoleSessions(tx, now - ENDED_KEPT_MS, this.idleMs);
      const open = await countOpenConsoleSessions(tx);
      if (open >= this.maxSessions) await endLeastRecentlyUsed(tx, open - this.maxSessions + 1, now, 'expired');
      await insertConsoleSession(tx, row);
    });
    return { sessionId, session: this.view(row) };
  }

  /** The live session of an id, marked used; otherwise why there is none. */
  async use(sessionId: string): Promise<SessionLookup> {
    if (!SESSION_ID.test(sessionId)) return { ended: 'unknown' };
    const idHash = digest(sessionId);
    const row = await findConsoleSession(this.deps.db, idHash);
    if (!row) return { ended: 'unknown' };
    if (row.endedReason !== null) return { ended: ConsoleSessionEndReason.catch('unknown').parse(row.endedReason) };
    const now = this.now();
    if (now >= row.lastUsedAt + this.idleMs || now >= row.expiresAt) return { ended: 'expired' };
    if (now - row.lastUsedAt >= TOUCH_EVERY_MS) {
      await touchConsoleSession(this.deps.db, idHash, now);
      row.lastUsedAt = now;
    }
    return { session: this.view(row) };
  }

  /** Ends one session (signed out, or replaced by a new sign-in): the id no longer opens anything. */
  async end(sessionId: string, reason: 'signed_out' | 'replaced' = 'signed_out'): Promise<boolean> {
    if (!SESSION_ID.test(sessionId)) return false;
    return await endConsoleSession(this.deps.db, digest(sessionId), this.now(), reason);
  }

  /** Ends every session a key opened (its key was found revoked); returns how many. */
  async endForKey(keyHash: string): Promise<number> {
    return await endConsoleSessionsOfKey(this.deps.db, keyHash, this.now(), 'key_revoked');
  }

  private now(): number {
    return this.deps.clock.now().getTime();
  }

  private view(row: Pick<ConsoleSessionRow, 'keyHash' | 'createdAt' | 'lastUsedAt' | 'expiresAt'>): ActiveSession {
    return { keyHash: row.keyHash, createdAt: row.createdAt, idleExpiresAt: Math.min(row.expiresAt, row.lastUsedAt + this.idleMs), expiresAt: row.expiresAt };
  }
}
