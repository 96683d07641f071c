import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { connectionOf, openDb, transaction, type Db, type DbHandle } from '../../src-main/db/connection';
import { prepared } from '../../src-main/db/prepared';
import * as schema from '../../src-main/db/schema';
import { MIGRATIONS } from '../helpers/migrations';

// The connection under a database or transaction comes from db/connection.ts's own registry, not
// from drizzle's private session: the same connection for openDb's database, its transactions and
// their savepoints, and a clear refusal for a database openDb did not make.

describe('connectionOf and prepared', () => {
  let dir: string | null = null;
  let handle: DbHandle | null = null;
  afterEach(async () => {
    handle?.close();
    handle = null;
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = null;
  });

  async function open(): Promise<DbHandle> {
    dir = await mkdtemp(join(tmpdir(), 'sightline-connection-'));
    handle = openDb({ dataDir: dir, migrationsDir: MIGRATIONS });
    return handle;
  }

  it('gives openDb’s connection for the database, a transaction and a savepoint in it', async () => {
    const { db, sqlite } = await open();
    expect(connectionOf(db)).toBe(sqlite);
    const seen = await transaction(db, async (tx) => {
      expect(tx).not.toBe(db);
      return [connectionOf(tx), await transaction(tx, async (inner) => connectionOf(inner)), await transaction(tx, async (inner) => connectionOf(inner), 'deferred')];
    });
    expect(seen).toEqual([sqlite, sqlite, sqlite]);
    expect(await transaction(db, async (tx) => connectionOf(tx), 'deferred')).toBe(sqlite);
  });

  it('shares one prepared query between the database and its transactions, and keeps connections apart', async () => {
    const { db } = await open();
    let builds = 0;
    const build = (d: Db) => {
      builds++;
      return d.select({ one: sql<number>`1` }).from(schema.accounts).prepare();
    };
    const outside = prepared(db, 'test:one', build);
    const inside = await transaction(db, async (tx) => prepared(tx, 'test:one', build));
    expect(inside).toBe(outside);
    expect(builds).toBe(1);

    const otherDir = await mkdtemp(join(tmpdir(), 'sightline-connection-'));
    const other = openDb({ dataDir: otherDir, migrationsDir: MIGRATIONS });
    try {
      expect(prepared(other.db, 'test:one', build)).not.toBe(outside);
      expect(builds).toBe(2);
    } finally {
      other.close();
      await rm(otherDir, { recursive: true, force: true });
    }
  });

  it('refuses a Drizzle database that openDb did not open, naming why', async () => {
    const sqlite = new Database(':memory:');
    try {
      const stranger = drizzle(sqlite, { schema }) as unknown as Db;
      expect(() => connectionOf(stranger)).toThrow(/not opened by openDb/);
      expect(() => prepared(stranger, 'test:one', () => 1)).toThrow(/not opened by openDb/);
      await expect(transaction(stranger, async () => 1)).rejects.toThrow(/not opened by openDb/);
    } finally {
      sqlite.close();
    }
  });
});
