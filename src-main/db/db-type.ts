import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import type * as schema from './schema';

/**
 * The database handle every repository function takes: typed as SQLite's drizzle database; on
 * PostgreSQL a node-postgres drizzle database stands behind the same type (db/tables.ts, db/dialect.ts).
 */
export type Db = BetterSQLite3Database<typeof schema>;
