import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { ManualClock } from '../../src-main/core/clock';
import { resolveConfig } from '../../src-main/core/config';
import { createLogger } from '../../src-main/core/logger';
import { openDb, type Db, type DbHandle } from '../../src-main/db/connection';
import { assignMissingCheckNums } from '../../src-main/db/repositories/runs';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const MIGRATIONS_DIR = resolveConfig({ dataDir: tmpdir() }, {}).migrationsDir;

/**
 * A real SQLite file in its own folder, a ManualClock and the deps the retention worker takes.
 * SQL throughout: the worker is driven over a bare database with no server (so no API), and what it
 * works on is history at chosen times (results, sessions) that no API can make.
 */
export interface RetentionDb {
  dir: string;
  handle: DbHandle;
  db: Db;
  sqlite: Database.Database;
  clock: ManualClock;
  deps: { db: Db; clock: ManualClock; logger: ReturnType<typeof createLogger> };
  accountId: string;
  /** A check (and its check_num). */
  addCheck(name?: string): Promise<{ checkId: string; checkNum: number }>;
  addSession(checkNum: number, startedAt: number, status?: number): number;
  addResult(row: ResultInput): number;
  close(): Promise<void>;
}

export interface ResultInput {
  checkNum: number;
  sessionId?: number;
  startedAt: number;
  flags?: number;
  /** 0 FINAL, 1 ATTEMPT. */
  resultType?: number;
  responseTimeMs?: number | null;
  packetsSent?: number | null;
  packetsReceived?: number | null;
  detailId?: number | null;
}

export async function openRetentionDb(start = '2026-03-10T00:00:00.000Z', dir?: string): Promise<RetentionDb> {
  const dataDir = dir ?? (await mkdtemp(join(tmpdir(), 'sightline-retention-')));
  const handle = openDb({ dataDir, migrationsDir: MIGRATIONS_DIR });
  const { db, sqlite } = handle;
  const clock = new ManualClock(start);
  let accountId = (sqlite.prepare('select id from accounts limit 1').get() as { id: string } | undefined)?.id;
  if (!accountId) {
    accountId = randomUUID();
    // SQL: a bare database has no account until a server boots and creates one.
    sqlite.prepare('insert into accounts (id, name, created_at) values (?, ?, ?)').run(accountId, 'Retention', new Date(start).toISOString());
  }
  const insertResult = sqlite.prepare(`insert into check_results (session_id, check_num, location, result_type, flags, attempt, started_at, duration_ms,
    response_time_ms, packets_sent, packets_received, detail_id) values (?, ?, 1, ?, ?, 1, ?, 100, ?, ?, ?, ?)`);
  const account = accountId;
  return {
    dir: dataDir,
    handle,
    db,
    sqlite,
    clock,
    deps: { db, clock, logger: createLogger('silent') },
    accountId: account,
    async addCheck(name = 'Check') {
      const checkId = randomUUID();
      sqlite
        .prepare("insert into check_rows (id, account_id, check_type, name, activated, muted, tags, body, created_at) values (?, ?, 'ICMP', ?, 0, 0, '[]', '{}', ?)")
        .run(checkId, account, name, new Date(start).toISOString());
      await assignMissingCheckNums(db, [checkId]);
      const { check_num: checkNum } = sqlite.prepare('select check_num from check_schedule where check_id = ?').get(checkId) as { check_num: number };
      return { checkId, checkNum };
    },
    addSession(checkNum, startedAt, status = 4) {
      const stoppedAt = status >= 4 ? startedAt + 1000 : null;
      return Number(sqlite.prepare('insert into check_sessions (check_num, status, run_source, started_at, stopped_at) values (?, ?, 0, ?, ?)').run(checkNum, status, startedAt, stoppedAt).lastInsertRowid);
    },
    addResult(r) {
      const row = [r.sessionId ?? 0, r.checkNum, r.resultType ?? 0, r.flags ?? 0, r.startedAt, r.responseTimeMs ?? null, r.packetsSent ?? null, r.packetsReceived ?? null, r.detailId ?? null];
      return Number(insertResult.run(...row).lastInsertRowid);
    },
    async close() {
      handle.close();
      if (!dir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function count(sqlite: Database.Database, query: string, ...params: unknown[]): number {
  return (sqlite.prepare(`select count(*) as n from ${query}`).get(...params) as { n: number }).n;
}
