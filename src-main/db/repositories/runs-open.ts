import { sql } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { prepared } from '../prepared';
import { checkSessions, UNFINISHED_BELOW } from '../tables';
import { all } from "../dialect";

export interface OpenSessionRow {
  id: number;
  checkNum: number;
  startedAt: number;
  runLocations: string | null;
}

/**
 * Every unfinished session (STARTED and the PROGRESS family), through the partial index that holds
 * only those: the sessions whose jobs are queued, leased or running somewhere.
 */
export async function listOpenSessions(db: Db): Promise<OpenSessionRow[]> {
  db = await ready(db);
  const query = prepared(db, 'listOpenSessions', (d) =>
    d
      .select({ id: checkSessions.id, checkNum: checkSessions.checkNum, startedAt: checkSessions.startedAt, runLocations: checkSessions.runLocations })
      .from(checkSessions)
      // A literal, not a bound parameter: SQLite uses a partial index only when it can prove the WHERE implies it.
      .where(sql`${checkSessions.status} < ${sql.raw(String(UNFINISHED_BELOW))}`)
      .prepare(),
  );
  return await all(query);
}
