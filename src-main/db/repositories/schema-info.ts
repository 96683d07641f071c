import { sql } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { getSql } from "../dialect";

/**
 * Whether the database has this table. Only a database migrated up to an older version lacks one of
 * ours: the upgrade tests start a server on such a schema to write rows as an older Sightline did, so
 * what start-up reads from newer tables (destroys to finish, heartbeats to judge) finds nothing there.
 */
export async function hasTable(db: Db, name: string): Promise<boolean> {
  db = await ready(db);
  const row = await getSql<{ n: number }>(db, sql`select count(*) as n from sqlite_master where type = 'table' and name = ${name}`);
  return (row?.n ?? 0) > 0;
}
