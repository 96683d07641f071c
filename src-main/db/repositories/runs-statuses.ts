import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { prepared } from '../prepared';
import { checks, checkSchedule, checkStatuses, perDialect } from '../tables';
import { all, run } from "../dialect";
import { greater, lesser } from '../sql-fragments';

export interface StatusUpdate {
  checkNum: number;
  flags: number;
  responseTimeMs: number | null;
  location: number;
  sessionId: number;
  now: number;
}

export async function upsertCheckStatus(db: Db, u: StatusUpdate): Promise<void> {
  db = await ready(db);
  // Prepared once per connection: every stored result of every check comes through here.
  const upsert = prepared(db, 'upsertCheckStatus', (d) =>
    d
      .insert(checkStatuses)
      .values({
        checkNum: sql.placeholder('checkNum'),
        flags: sql.placeholder('flags'),
        longestRunMs: sql.placeholder('responseTimeMs'),
        shortestRunMs: sql.placeholder('responseTimeMs'),
        lastLocation: sql.placeholder('location'),
        lastSessionId: sql.placeholder('sessionId'),
        createdAt: sql.placeholder('now'),
        updatedAt: sql.placeholder('now'),
      } as unknown as typeof checkStatuses.$inferInsert)
      .onConflictDoUpdate({
        target: checkStatuses.checkNum,
        set: {
          flags: sql`excluded.flags`,
          // SQLite's two-argument max/min, PostgreSQL's greatest/least (same SQL on SQLite as ever).
          longestRunMs: greater(sql`coalesce(${checkStatuses.longestRunMs}, excluded.longest_run_ms)`, sql`coalesce(excluded.longest_run_ms, ${checkStatuses.longestRunMs})`),
          shortestRunMs: lesser(sql`coalesce(${checkStatuses.shortestRunMs}, excluded.shortest_run_ms)`, sql`coalesce(excluded.shortest_run_ms, ${checkStatuses.shortestRunMs})`),
          lastLocation: sql`excluded.last_location`,
          lastSessionId: sql`excluded.last_session_id`,
          updatedAt: sql`excluded.updated_at`,
        },
      })
      .prepare(),
  );
  await run(upsert, { checkNum: u.checkNum, flags: u.flags, responseTimeMs: u.responseTimeMs, location: u.location, sessionId: u.sessionId, now: u.now });
}

export interface CheckStatusRow {
  checkId: string;
  name: string;
  checkCreatedAt: string;
  flags: number | null;
  longestRunMs: number | null;
  shortestRunMs: number | null;
  lastLocation: number | null;
  lastSessionId: number | null;
  createdAt: number | null;
  updatedAt: number | null;
}

const columns = perDialect(() => ({
          checkId: checks.id,
          name: checks.name,
          checkCreatedAt: checks.createdAt,
          flags: checkStatuses.flags,
          longestRunMs: checkStatuses.longestRunMs,
          shortestRunMs: checkStatuses.shortestRunMs,
          lastLocation: checkStatuses.lastLocation,
          lastSessionId: checkStatuses.lastSessionId,
          createdAt: checkStatuses.createdAt,
          updatedAt: checkStatuses.updatedAt,
        }));

/** Every check of the account with its status (nulls for a check that never ran). */
export async function listCheckStatuses(db: Db, accountId: string, checkId?: string): Promise<CheckStatusRow[]> {
  db = await ready(db);
  return await all(db
      .select(columns())
      .from(checks)
      .leftJoin(checkSchedule, eq(checkSchedule.checkId, checks.id))
      .leftJoin(checkStatuses, eq(checkStatuses.checkNum, checkSchedule.checkNum))
      .where(and(eq(checks.accountId, accountId), checkId ? eq(checks.id, checkId) : undefined))
      .orderBy(asc(checks.createdAt), asc(checks.id)));
}
