import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src-main/core/config';
import { startPgCluster, type PgCluster } from '../helpers/postgres';

const MIGRATIONS_PG = join(PROJECT_ROOT, 'src-main', 'db', 'migrations-pg');

/** A copy of the PostgreSQL migrations up to `lastTag`: a database as an older Sightline left it. */
async function pgMigrationsUpTo(lastTag: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sightline-migrations-pg-'));
  await cp(MIGRATIONS_PG, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  for (const entry of journal.entries.slice(last + 1)) await rm(join(dir, `${entry.tag}.sql`));
  journal.entries = journal.entries.slice(0, last + 1);
  await writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

/**
 * The PostgreSQL side of test/alerts/state-change-key-upgrade.test.ts: alerts that repeat one state
 * change (two servers judged it at once before the key existed) are all kept by the upgrade; each
 * repeat points at the alert it repeats, and the key holds for every new alert.
 */
describe('alerts stored on PostgreSQL before one state change had one alert', () => {
  let cluster: PgCluster;
  let oldMigrations: string;

  beforeAll(async () => {
    cluster = await startPgCluster();
    oldMigrations = await pgMigrationsUpTo('0008_check_sessions_node_id');
  }, 60_000);
  afterAll(async () => {
    await cluster?.stop();
    if (oldMigrations) await rm(oldMigrations, { recursive: true, force: true });
  });

  it('keeps every alert, marks the repeats, and refuses a new repeat', async () => {
    const pool = new pg.Pool({ connectionString: await cluster.createDatabase('upgrade') });
    try {
      await migrate(drizzle(pool), { migrationsFolder: oldMigrations });
      await pool.query(`insert into accounts (id, name, created_at) values ('acc', 'Old', now()::text)`);
      const insert = `insert into check_alerts (id, account_id, check_id, alert_type, check_session_id, muted, event, created_at) values ($1, 'acc', 'check', $2, 'session-7', false, '{}', $3)`;
      // The same failure stored twice (the second a millisecond later), the recovery once, and a test notification without a session.
      for (const [id, type, at] of [['first', 'ALERT_FAILURE', 1000], ['repeat', 'ALERT_FAILURE', 1001], ['recovery', 'ALERT_RECOVERY', 1002]] as const) await pool.query(insert, [id, type, at]);
      await pool.query(`insert into check_alerts (id, account_id, alert_type, muted, event, created_at) values ('test', 'acc', 'TEST', false, '{}', 1003)`);

      await migrate(drizzle(pool), { migrationsFolder: MIGRATIONS_PG });
      const rows = await pool.query('select id, repeat_of as "repeatOf" from check_alerts order by created_at');
      expect(rows.rows).toEqual([
        { id: 'first', repeatOf: null },
        { id: 'repeat', repeatOf: 'first' },
        { id: 'recovery', repeatOf: null },
        { id: 'test', repeatOf: null },
      ]);
      const again = await pool.query(`insert into check_alerts (id, account_id, check_id, alert_type, check_session_id, muted, event, created_at) values ('third', 'acc', 'check', 'ALERT_FAILURE', 'session-7', false, '{}', 1004) on conflict do nothing`);
      expect(again.rowCount).toBe(0);
    } finally {
      await pool.end();
    }
  }, 60_000);
});
