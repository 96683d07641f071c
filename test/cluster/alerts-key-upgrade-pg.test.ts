import { rm } from 'node:fs/promises';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_PG, migrationsUpTo } from '../helpers/migrations';
import { startPgCluster, type PgCluster } from '../helpers/postgres';

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
    oldMigrations = await migrationsUpTo('0008_check_sessions_node_id', MIGRATIONS_PG);
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
