import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { DB_FILE_NAME } from '../../src-main/db/connection';
import { findSessions } from '../../src-main/db/repositories/runs-sessions';
import { count, HOUR, MIGRATIONS_DIR, openRetentionDb, type RetentionDb } from './harness';

/** The committed migrations up to 0004, in a folder of their own. */
function migrationsBefore0005(root: string): string {
  const dir = join(root, 'migrations-0004');
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  rmSync(join(dir, '0005_retention.sql'));
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= 4);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/** A database as the previous openDb left it: migrations 0000-0004, no auto_vacuum, foreign keys on (SQL: today's API cannot write the old schema). */
function seedPre0005(dataDir: string, migrationsFolder: string) {
  const sqlite = new Database(join(dataDir, DB_FILE_NAME));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  migrate(drizzle(sqlite), { migrationsFolder });
  sqlite.prepare("insert into accounts (id, name, created_at) values ('acc', 'Old', '2026-01-01T00:00:00.000Z')").run();
  const addCheck = sqlite.prepare("insert into checks (id, account_id, check_type, name, activated, muted, tags, body, created_at) values (?, 'acc', 'ICMP', ?, 1, 0, '[]', '{}', '2026-01-01')");
  const schedule = sqlite.prepare("insert into check_schedule (check_id, account_id) values (?, 'acc')");
  const session = sqlite.prepare('insert into check_sessions (check_num, status, run_source, started_at, stopped_at) values (?, 4, 0, ?, ?)');
  const result = sqlite.prepare(
    'insert into check_results (session_id, check_num, location, result_type, flags, attempt, started_at, duration_ms, response_time_ms, detail_id) values (?, ?, 1, 0, 0, 1, ?, 10, 5, ?)',
  );
  sqlite.transaction(() => {
    const detail = sqlite.prepare("insert into result_details (hash, body) values (x'00112233445566778899aabbccddeeff', '{}')").run().lastInsertRowid;
    for (const id of ['c1', 'c2', 'c3']) {
      addCheck.run(id, id);
      const checkNum = Number(schedule.run(id).lastInsertRowid);
      sqlite.prepare('insert into check_statuses (check_num, flags, created_at) values (?, 0, 0)').run(checkNum);
      for (let s = 0; s < 20; s++) {
        const at = Date.parse('2026-01-02T00:00:00.000Z') + s * 60_000;
        const sessionId = session.run(checkNum, at, at + 10).lastInsertRowid;
        for (let r = 0; r < 3; r++) result.run(sessionId, checkNum, at + r, detail);
      }
    }
    // The old cascade: c3's runs go with it, and its check_num must never come back.
    sqlite.prepare("delete from checks where id = 'c3'").run();
  })();
  sqlite.close();
}

describe('migration 0005 on an existing database', () => {
  const dirs: string[] = [];
  let t: RetentionDb | undefined;
  afterEach(async () => {
    await t?.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every session and result, rebuilds check_schedule with ON DELETE SET NULL and turns on incremental vacuum', async () => {
    const root = mkdtempSync(join(tmpdir(), 'sightline-migrate-'));
    dirs.push(root);
    seedPre0005(root, migrationsBefore0005(root));

    t = await openRetentionDb('2026-03-10T00:00:00.000Z', root);
    const { sqlite } = t;
    expect(count(sqlite, 'check_sessions')).toBe(40);
    expect(count(sqlite, 'check_results')).toBe(120);
    expect(count(sqlite, 'check_statuses')).toBe(2);
    expect(sqlite.prepare('select check_num, check_id from check_schedule order by check_num').all()).toEqual([
      { check_num: 1, check_id: 'c1' },
      { check_num: 2, check_id: 'c2' },
    ]);
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(sqlite.pragma('foreign_key_check')).toEqual([]);
    expect(sqlite.pragma('auto_vacuum', { simple: true })).toBe(2);
    expect(sqlite.pragma('foreign_key_list(check_schedule)')).toMatchObject([{ table: 'check_rows', from: 'check_id', on_delete: 'SET NULL' }]);
    const lastUsed = (sqlite.prepare('select last_used_at as at from result_details').get() as { at: number }).at;
    expect(lastUsed % HOUR).toBe(0);
    expect(Math.abs(lastUsed - Date.now())).toBeLessThan(2 * HOUR);

    // check_num 3 belonged to the deleted c3: the AUTOINCREMENT mark survived the rebuild.
    expect((await t.addCheck('New')).checkNum).toBe(4);

    // Deleting a check now keeps its runs (for the purge) but hides them.
    const sessionId = (sqlite.prepare('select id from check_sessions where check_num = 1 limit 1').get() as { id: number }).id;
    expect(await findSessions(t.db, [sessionId])).toHaveLength(1);
    // SQL: the property is the foreign key's SET NULL itself, below any API.
    sqlite.prepare("delete from check_rows where id = 'c1'").run();
    expect(sqlite.prepare('select check_id from check_schedule where check_num = 1').get()).toEqual({ check_id: null });
    expect(count(sqlite, 'check_results where check_num = 1')).toBe(60);
    expect(await findSessions(t.db, [sessionId])).toEqual([]);
  });
});
