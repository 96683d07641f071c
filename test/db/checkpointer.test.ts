import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startCheckpointer } from '../../src-main/db/checkpointer';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function database(): { db: Database.Database; file: string } {
  const folder = mkdtempSync(join(tmpdir(), 'sightline-checkpointer-'));
  folders.push(folder);
  const file = join(folder, 'sightline.db');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('create table rows (id integer primary key, body text)');
  return { db, file };
}

/** Writes about 4 MB in one transaction: 1,000 pages past SQLite's automatic checkpoint. */
function bigWrite(db: Database.Database): void {
  const insert = db.prepare('insert into rows (body) values (?)');
  db.transaction(() => {
    for (let i = 0; i < 4000; i++) insert.run('x'.repeat(1000));
  })();
}

async function until(condition: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return condition();
}

describe('WAL checkpoints in a thread of their own', () => {
  it('a commit no longer copies the WAL into the database file; the thread does, soon after', async () => {
    const { db, file } = database();
    const checkpointer = startCheckpointer(db, { file, intervalMs: 100 });
    try {
      const before = statSync(file).size;
      bigWrite(db);
      // The committing connection left the pages in the WAL ...
      expect(statSync(file).size).toBe(before);
      expect(statSync(`${file}-wal`).size).toBeGreaterThan(4_000_000);
      // ... and the checkpoint thread moved them into the database file.
      expect(await until(() => statSync(file).size > 4_000_000, 5000)).toBe(true);
      expect(db.prepare('select count(*) as n from rows').get()).toEqual({ n: 4000 });
    } finally {
      await checkpointer.stop();
      db.close();
    }
  });

  it('the WAL stays bounded: once checkpointed it is written again from its start', async () => {
    const { db, file } = database();
    const checkpointer = startCheckpointer(db, { file, intervalMs: 50 });
    try {
      for (let round = 0; round < 5; round++) {
        bigWrite(db);
        // Until the thread has copied the whole write: the database file has grown and stopped growing.
        const size = statSync(file).size;
        let last = -1;
        await until(() => {
          const now = statSync(file).size;
          const settled = now > size && now === last;
          last = now;
          return settled;
        }, 5000);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      // Five writes of ~4 MB each: without checkpoints the WAL would hold ~20 MB.
      expect(statSync(`${file}-wal`).size).toBeLessThan(12_000_000);
      expect(db.prepare('select count(*) as n from rows').get()).toEqual({ n: 20_000 });
    } finally {
      await checkpointer.stop();
      db.close();
    }
  });

  it('when the thread is stopped (or fails), the connection checkpoints by itself again', async () => {
    const { db, file } = database();
    const checkpointer = startCheckpointer(db, { file, intervalMs: 60_000 });
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    await checkpointer.stop();
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    const before = statSync(file).size;
    bigWrite(db);
    expect(statSync(file).size).toBeGreaterThan(before);
    db.close();
  });
});
