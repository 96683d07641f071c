import type Database from 'better-sqlite3';
import { connectionOf, type Db } from './connection';
import { onPostgres } from './dialect';

const caches = new WeakMap<Database.Database, Map<string, unknown>>();

/**
 * A query built and prepared once per connection, then reused. Drizzle otherwise rebuilds the SQL
 * and SQLite prepares it again on every call: at 500 runs a second that was two thirds of the
 * server's CPU. A transaction's `tx` shares its connection, so a prepared query serves both.
 */
export function prepared<T>(db: Db, key: string, build: (db: Db) => T): T {
  // PostgreSQL: drizzle's prepared query is bound to the connection it was built on (a pooled
  // connection, or a transaction's), so it is built for the `db` at hand each time.
  if (onPostgres()) return build(db);
  const client = connectionOf(db);
  let cache = caches.get(client);
  if (!cache) {
    cache = new Map();
    caches.set(client, cache);
  }
  let query = cache.get(key) as T | undefined;
  if (query === undefined) {
    query = build(db);
    cache.set(key, query);
  }
  return query;
}
