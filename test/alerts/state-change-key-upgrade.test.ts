import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { describe, expect, it } from 'vitest';
import { DB_FILE_NAME } from '../../src-main/db/connection';
import { registerMailboxFunction } from '../../src-main/db/mailbox-function';
import { registerFoldFunction } from '../../src-main/db/name-fold';
import { insertCheckAlert } from '../../src-main/db/repositories/alerts';
import { migrationsUpTo } from '../helpers/migrations';
import { makeDataDir, startServer } from '../helpers/server';

/**
 * The key "one alert per state change" (check, session, alert type) came after rows that may
 * repeat one (two servers judged it at once before it existed). The upgrade keeps every stored
 * alert and its notifications: a repeat points at the alert it repeats and stays outside the key.
 */
describe('alerts stored before one state change had one alert', () => {
  it('are all kept by the upgrade, their notifications still listed; a new repeat is refused', async () => {
    const oldMigrations = await migrationsUpTo('0030_check_sessions_node_id');
    const dataDir = await makeDataDir();
    try {
      // This code cannot write the old schema, so the database an older Sightline left is built with its migrations.
      const sqlite = new Database(join(dataDir, DB_FILE_NAME));
      registerFoldFunction(sqlite);
      registerMailboxFunction(sqlite);
      migrate(drizzle(sqlite), { migrationsFolder: oldMigrations });
      const now = Date.now();
      const accountId = randomUUID();
      const checkId = randomUUID();
      sqlite.prepare("insert into accounts (id, name, created_at) values (?, 'Old', ?)").run(accountId, new Date(now).toISOString());
      const alert = sqlite.prepare("insert into check_alerts (id, account_id, check_id, alert_type, check_session_id, muted, event, created_at) values (?, ?, ?, ?, 'session-7', 0, ?, ?)");
      const notification = sqlite.prepare(
        "insert into alert_notifications (id, account_id, check_alert_id, alert_channel_id, type, alert_type, status, alert_config, attempts, created_at) values (?, ?, ?, 1, 'WEBHOOK', ?, 'SUCCESS', '{}', 1, ?)",
      );
      const event = (alertType: string) => JSON.stringify({ alertType, checkName: 'Checkout API' });
      // The same failure stored twice (a millisecond apart), and the recovery once.
      for (const [id, alertType, at] of [['first', 'ALERT_FAILURE', now], ['repeat', 'ALERT_FAILURE', now + 1], ['recovery', 'ALERT_RECOVERY', now + 2]] as const) {
        alert.run(id, accountId, checkId, alertType, event(alertType), at);
        notification.run(`n-${id}`, accountId, id, alertType, at);
      }
      sqlite.close();

      const after = await startServer({ dataDir });
      try {
        const log = await after.api('GET', '/v1/alert-notifications?limit=100');
        expect(log.status, log.text).toBe(200);
        expect((log.body as { id: string }[]).map((n) => n.id).sort()).toEqual(['n-first', 'n-recovery', 'n-repeat']);
        // The state change is stored: the same failure of that session is not stored a third time.
        const again = { accountId, checkId, alertType: 'ALERT_FAILURE', checkSessionId: 'session-7', checkResultId: null, muted: false, event: {}, createdAt: now + 3 };
        expect(await insertCheckAlert(after.backend.deps.db, { ...again, id: 'third' })).toBe(false);
      } finally {
        await after.close();
      }
      const upgraded = new Database(join(dataDir, DB_FILE_NAME), { readonly: true });
      try {
        expect(upgraded.prepare('select id, repeat_of as repeatOf from check_alerts order by created_at').all()).toEqual([
          { id: 'first', repeatOf: null },
          { id: 'repeat', repeatOf: 'first' },
          { id: 'recovery', repeatOf: null },
        ]);
      } finally {
        upgraded.close();
      }
    } finally {
      await rm(oldMigrations, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
