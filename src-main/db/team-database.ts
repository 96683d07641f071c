import type { Logger } from '../core/logger';
import type { DbHandle } from './connection';
import { openPgDb } from './connection-pg';

/** The connection string without its password, for messages and logs. */
export function withoutPassword(url: string): string {
  return url.replace(/^(postgres(?:ql)?:\/\/[^:@/]*):[^@/]*@/i, '$1:***@').replace(/([?&]password=)[^&]*/i, '$1***');
}

/**
 * Team mode's database: PostgreSQL at `url`, migrated to this version's schema-pg, as the same
 * handle a SQLite data folder gives (its `sqlite` throws: there is no file).
 */
export async function openTeamDatabase(url: string, migrationsDir: string, logger: Logger): Promise<DbHandle> {
  let handle;
  try {
    handle = await openPgDb({
      url,
      migrationsDir,
      onIdleError: (error) => logger.warn({ err: error }, 'a PostgreSQL connection the pool held failed: the next query opens another'),
    });
  } catch (error) {
    throw new Error(`Could not open the database ${withoutPassword(url)}: ${(error as Error).message.replaceAll(url, withoutPassword(url))}`, { cause: error });
  }
  const { db, close } = handle;
  return {
    db,
    dialect: 'postgres',
    get sqlite(): never {
      throw new Error('This server keeps its data in PostgreSQL (--database): there is no SQLite connection');
    },
    close() {
      void close();
    },
    shutdown: close,
  };
}
