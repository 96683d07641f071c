import { sql } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { getSql, onPostgres } from '../dialect';

/**
 * Whether the database has this table. Only a database migrated up to an older version lacks one of
 * ours: the upgrade tests start a server on such a schema to write rows as an older Sightline did, so
 * what start-up reads from newer tables (destroys to finish, heartbeats to judge) finds nothing there.
 */
export async function hasTable(db: Db, name: string): Promise<boolean> {
  db = await ready(db);
  const row = await getSql<{ n: number }>(
    db,
    onPostgres()
      ? sql`select count(*) as n from information_schema.tables where table_schema = current_schema() and table_name = ${name}`
      : sql`select count(*) as n from sqlite_master where type = 'table' and name = ${name}`,
  );
  return (row?.n ?? 0) > 0;
}
