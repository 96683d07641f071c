import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { prepared } from '../prepared';
import { consoleSessions } from '../tables';
import { all, get, run } from "../dialect";

export type ConsoleSessionRow = typeof consoleSessions.$inferSelect;

export async function insertConsoleSession(db: Db, row: Omit<ConsoleSessionRow, 'endedAt' | 'endedReason'>): Promise<void> {
  db = await ready(db);
  await run(db.insert(consoleSessions).values(row));
}

/** Read on every console request: prepared once per connection. */
export async function findConsoleSession(db: Db, idHash: string): Promise<ConsoleSessionRow | null> {
  db = await ready(db);
  const query = prepared(db, 'findConsoleSession', (d) =>
    d
      .select()
      .from(consoleSessions)
      .where(eq(consoleSessions.idHash, sql.placeholder('idHash')))
      .prepare(),
  );
  return await get(query, { idHash }) ?? null;
}

/** Moves last use forward only: a server whose request began earlier never writes back an older time. */
export async function touchConsoleSession(db: Db, idHash: string, now: number): Promise<void> {
  db = await ready(db);
  await run(db.update(consoleSessions).set({ lastUsedAt: now }).where(and(eq(consoleSessions.idHash, idHash), lt(consoleSessions.lastUsedAt, now))));
}

/** Marks one session ended (if it was not already); whether it was open. */
export async function endConsoleSession(db: Db, idHash: string, now: number, reason: string): Promise<boolean> {
  db = await ready(db);
  const result = await run(db
      .update(consoleSessions)
      .set({ endedAt: now, endedReason: reason })
      .where(and(eq(consoleSessions.idHash, idHash), isNull(consoleSessions.endedAt))));
  return result.changes > 0;
}

/** Marks every open session of a key ended; how many were open. */
export async function endConsoleSessionsOfKey(db: Db, keyHash: string, now: number, reason: string): Promise<number> {
  db = await ready(db);
  return (await run(db
      .update(consoleSessions)
      .set({ endedAt: now, endedReason: reason })
      .where(and(eq(consoleSessions.keyHash, keyHash), isNull(consoleSessions.endedAt))))).changes;
}

export async function countOpenConsoleSessions(db: Db): Promise<number> {
  db = await ready(db);
  return (await get(db.select({ n: sql<number>`count(*)` }).from(consoleSessions).where(isNull(consoleSessions.endedAt))))?.n ?? 0;
}

/** Ends the `count` least recently used open sessions. */
export async function endLeastRecentlyUsed(db: Db, count: number, now: number, reason: string): Promise<void> {
  db = await ready(db);
  const oldest = await all(db
      .select({ idHash: consoleSessions.idHash })
      .from(consoleSessions)
      .where(isNull(consoleSessions.endedAt))
      .orderBy(asc(consoleSessions.lastUsedAt))
      .limit(count));
  for (const { idHash } of oldest) await endConsoleSession(db, idHash, now, reason);
}

/** Deletes sessions that ended (by sign-out or by a lifetime) before `cutoff`; how many. */
export async function pruneConsoleSessions(db: Db, cutoff: number, idleMs: number): Promise<number> {
  db = await ready(db);
  return (await run(db
      .delete(consoleSessions)
      .where(
        or(
          lt(consoleSessions.endedAt, cutoff),
          lt(consoleSessions.expiresAt, cutoff),
          lt(sql`${consoleSessions.lastUsedAt} + ${idleMs}`, cutoff),
        ),
      ))).changes;
}
