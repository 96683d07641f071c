import { and, asc, count, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { prepared } from '../prepared';
import { checkResults, resultDetails } from '../tables';
import { all, get, getSql, onPostgres, run } from "../dialect";

export type ResultRow = typeof checkResults.$inferSelect;
export type NewResultRow = Omit<ResultRow, 'id'>;

/** Bits of check_results.flags and check_statuses.flags. */
export const RESULT_FLAGS = {
  hasFailures: 1,
  hasErrors: 2,
  isDegraded: 4,
  aborted: 8,
  isCancelled: 16,
  overMaxResponseTime: 32,
  timedOut: 64,
  networkError: 128,
  /** The run could not start before the next one was due (always with isCancelled). */
  skipped: 256,
} as const;

export const RESULT_TYPE_CODE = { FINAL: 0, ATTEMPT: 1 } as const;

const RESULT_COLUMNS = [
  'sessionId',
  'checkNum',
  'location',
  'resultType',
  'flags',
  'attempt',
  'startedAt',
  'durationMs',
  'responseTimeMs',
  'packetsSent',
  'packetsReceived',
  'minUs',
  'avgUs',
  'maxUs',
  'stdDevUs',
  'detailId',
] as const satisfies readonly (keyof NewResultRow)[];

export async function insertResults(db: Db, rows: readonly NewResultRow[]): Promise<number[]> {
  db = await ready(db);
  const insert = prepared(db, 'insertResult', (d) =>
    d
      .insert(checkResults)
      .values(Object.fromEntries(RESULT_COLUMNS.map((column) => [column, sql.placeholder(column)])) as unknown as NewResultRow)
      .returning({ id: checkResults.id })
      .prepare(),
  );
  const ids: number[] = [];
  for (const row of rows) ids.push((await get(insert, row))?.id ?? 0);
  return ids;
}

const HOUR_MS = 3_600_000;

/**
 * The id of a detail body, stored once per distinct content (hash = first 16 bytes of its sha256).
 * Marks it used this hour (at most one UPDATE per detail per hour) so retention keeps it.
 */
export async function storeDetail(db: Db, hash: Buffer, body: string, now: number): Promise<number> {
  db = await ready(db);
  const hour = Math.floor(now / HOUR_MS) * HOUR_MS;
  if (onPostgres()) {
    // Insert first, one round trip for the common case (a detail not seen before); a detail already
    // stored (by this server or another: the unique hash decides, never a failed insert) is touched at
    // most once an hour, and read by its hash when the touch is not due.
    const stored = await getSql<{ id: number }>(db, sql`insert into ${resultDetails} (hash, body, last_used_at) values (${hash}, ${body}, ${hour})
      on conflict (hash) do update set last_used_at = excluded.last_used_at where ${resultDetails.lastUsedAt} < excluded.last_used_at
      returning id`);
    if (stored) return stored.id;
  }
  const existing = await get(prepared(db, 'findDetailByHash', (d) =>
      d
        .select({ id: resultDetails.id, lastUsedAt: resultDetails.lastUsedAt })
        .from(resultDetails)
        .where(eq(resultDetails.hash, sql.placeholder('hash')))
        .prepare(),
    ), { hash });
  if (existing) {
    if (existing.lastUsedAt < hour) {
      await run(prepared(db, 'touchDetail', (d) =>
                d
                  .update(resultDetails)
                  .set({ lastUsedAt: sql.placeholder('hour') } as unknown as { lastUsedAt: number })
                  .where(eq(resultDetails.id, sql.placeholder('id')))
                  .prepare(),
              ), { hour, id: existing.id });
    }
    return existing.id;
  }
  const insert = prepared(db, 'insertDetail', (d) =>
    d
      .insert(resultDetails)
      .values({ hash: sql.placeholder('hash'), body: sql.placeholder('body'), lastUsedAt: sql.placeholder('hour') } as unknown as typeof resultDetails.$inferInsert)
      .returning({ id: resultDetails.id })
      .prepare(),
  );
  const inserted = await get(insert, { hash, body, hour }) as { id: number } | undefined;
  if (!inserted) throw new Error('a result detail was not stored');
  return inserted.id;
}

export async function findDetail(db: Db, id: number): Promise<string | null> {
  db = await ready(db);
  const query = prepared(db, 'findDetail', (d) =>
    d
      .select({ body: resultDetails.body })
      .from(resultDetails)
      .where(eq(resultDetails.id, sql.placeholder('id')))
      .prepare(),
  );
  return (await get(query, { id }))?.body ?? null;
}

/** A session's results, found through the (check_num, started_at) index rather than an index of their own. */
/**
 * A session's results, found through the check's time index within the session's span: a result
 * starts neither before its session nor after it was recorded, and a session stops when its last
 * result is recorded. An unfinished session's span runs to now (its results are all recent).
 */
export async function listSessionResults(db: Db, sessionId: number, checkNum: number, sessionStartedAt: number, sessionStoppedAt: number | null): Promise<ResultRow[]> {
  db = await ready(db);
  const query = prepared(db, 'listSessionResults', (d) =>
    d
      .select()
      .from(checkResults)
      .where(
        and(
          eq(checkResults.checkNum, sql.placeholder('checkNum')),
          gte(checkResults.startedAt, sql.placeholder('startedAt')),
          lte(checkResults.startedAt, sql.placeholder('stoppedAt')),
          eq(checkResults.sessionId, sql.placeholder('sessionId')),
        ),
      )
      .orderBy(asc(checkResults.id))
      .prepare(),
  );
  return await all(query, { checkNum, startedAt: sessionStartedAt, stoppedAt: sessionStoppedAt ?? Number.MAX_SAFE_INTEGER, sessionId });
}

export async function findResult(db: Db, checkNum: number, id: number): Promise<ResultRow | undefined> {
  db = await ready(db);
  return await get(db
      .select()
      .from(checkResults)
      .where(and(eq(checkResults.id, id), eq(checkResults.checkNum, checkNum))));
}

export interface ResultFilter {
  checkNum: number;
  fromMs: number;
  toMs: number;
  location?: number;
  resultType?: number;
  hasFailures?: boolean;
}

function whereOf(filter: ResultFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(checkResults.checkNum, filter.checkNum), gte(checkResults.startedAt, filter.fromMs), lt(checkResults.startedAt, filter.toMs)];
  if (filter.location !== undefined) parts.push(eq(checkResults.location, filter.location));
  if (filter.resultType !== undefined) parts.push(eq(checkResults.resultType, filter.resultType));
  if (filter.hasFailures !== undefined) {
    const failing = sql`(${checkResults.flags} & ${RESULT_FLAGS.hasFailures | RESULT_FLAGS.hasErrors}) != 0`;
    parts.push(filter.hasFailures ? failing : sql`not ${failing}`);
  }
  return and(...parts);
}

/** Newest first. */
export async function listResults(db: Db, filter: ResultFilter, limit: number, offset: number): Promise<ResultRow[]> {
  db = await ready(db);
  return await all(db
      .select()
      .from(checkResults)
      .where(whereOf(filter))
      .orderBy(desc(checkResults.startedAt), desc(checkResults.id))
      .limit(limit)
      .offset(offset));
}

export async function countResults(db: Db, filter: ResultFilter): Promise<number> {
  db = await ready(db);
  return (await get(db.select({ n: count() }).from(checkResults).where(whereOf(filter))))?.n ?? 0;
}
