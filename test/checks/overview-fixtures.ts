import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { expect } from 'vitest';
import { assignMissingCheckNums } from '../../src-main/db/repositories/runs';
import { RESULT_FLAGS } from '../../src-main/db/repositories/runs-results';
import { foldName } from '../../src-main/db/name-fold';
import type { TestServer } from '../helpers/server';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export const FLAGS = {
  pass: 0,
  fail: RESULT_FLAGS.hasFailures,
  degraded: RESULT_FLAGS.isDegraded,
  timedOut: RESULT_FLAGS.hasFailures | RESULT_FLAGS.timedOut,
  cancelled: RESULT_FLAGS.isCancelled | RESULT_FLAGS.aborted,
  skipped: RESULT_FLAGS.isCancelled | RESULT_FLAGS.skipped,
} as const;

export interface SeededCheck {
  id: string;
  checkNum: number;
}

export interface CheckSeed {
  name: string;
  activated?: boolean;
  muted?: boolean;
  groupId?: number | null;
  tags?: string[];
  hostname?: string;
  createdAt?: string;
}

/** Creates ICMP monitors through the REST API, one request each; returns their ids and the check_num their history is keyed by. */
export async function createChecks(server: TestServer, seeds: readonly Omit<CheckSeed, 'createdAt'>[]): Promise<SeededCheck[]> {
  const out: SeededCheck[] = [];
  for (const seed of seeds) {
    const created = await server.api('POST', '/v1/checks/icmp', {
      name: seed.name,
      activated: seed.activated ?? true,
      muted: seed.muted ?? false,
      groupId: seed.groupId ?? null,
      tags: seed.tags ?? [],
      request: { hostname: seed.hostname ?? '127.0.0.1', pingCount: 3 },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    await assignMissingCheckNums(server.backend.db.db, [id]);
    const row = server.backend.db.sqlite.prepare('select check_num from check_schedule where check_id = ?').get(id) as { check_num: number };
    out.push({ id, checkNum: row.check_num });
  }
  return out;
}

/**
 * Writes checks straight into SQLite (with their check_num), as the API would have stored an ICMP monitor.
 * SQL only for the scale test: thousands of checks in one transaction, where one request each would take minutes.
 */
export function insertChecks(sqlite: Database.Database, accountId: string, seeds: readonly CheckSeed[]): SeededCheck[] {
  const insertCheck = sqlite.prepare(
    'insert into check_rows (id, account_id, check_type, name, name_folded, activated, muted, group_id, tags, body, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertSchedule = sqlite.prepare('insert into check_schedule (check_id, account_id) values (?, ?)');
  const out: SeededCheck[] = [];
  sqlite.transaction(() => {
    for (const [i, seed] of seeds.entries()) {
      const id = randomUUID();
      const body = {
        frequency: 10,
        locations: [],
        request: { hostname: seed.hostname ?? `10.0.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`, pingCount: 3, ipFamily: 'IPv4', assertions: [] },
        degradedPacketLossThreshold: 10,
        maxPacketLossThreshold: 20,
        runParallel: false,
      };
      insertCheck.run(
        id,
        accountId,
        'ICMP',
        seed.name,
        foldName(seed.name),
        seed.activated === false ? 0 : 1,
        seed.muted ? 1 : 0,
        seed.groupId ?? null,
        JSON.stringify(seed.tags ?? []),
        JSON.stringify(body),
        seed.createdAt ?? new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
      );
      const checkNum = Number(insertSchedule.run(id, accountId).lastInsertRowid);
      out.push({ id, checkNum });
    }
  })();
  return out;
}

export interface ResultSeed {
  startedAt: number;
  flags: number;
  responseTimeMs?: number | null;
  /** ICMP latency; with packetsReceived > 0 it is the response the list shows. */
  avgUs?: number | null;
  packetsReceived?: number | null;
  /** 0 FINAL (default), 1 ATTEMPT. */
  resultType?: number;
}

/**
 * SQL: results at chosen past times with chosen verdicts; runs through the API happen now and pass or fail as the network says.
 * FINAL results of one check (and the check_statuses row the newest FINAL one with a verdict
 * leaves, as record-outcome writes it). Returns the result ids.
 */
export function insertResults(sqlite: Database.Database, checkNum: number, results: readonly ResultSeed[]): number[] {
  const session = sqlite.prepare('insert into check_sessions (check_num, status, run_source, started_at, stopped_at) values (?, 4, 0, ?, ?)');
  const result = sqlite.prepare(`insert into check_results (session_id, check_num, location, result_type, flags, attempt, started_at, duration_ms,
    response_time_ms, packets_sent, packets_received, avg_us) values (?, ?, 1, ?, ?, 1, ?, 100, ?, ?, ?, ?)`);
  const status = sqlite.prepare(`insert into check_statuses (check_num, flags, last_location, last_session_id, created_at, updated_at) values (?, ?, 1, ?, ?, ?)
    on conflict (check_num) do update set flags = excluded.flags, last_session_id = excluded.last_session_id, updated_at = excluded.updated_at`);
  const ids: number[] = [];
  sqlite.transaction(() => {
    for (const r of [...results].sort((a, b) => a.startedAt - b.startedAt)) {
      const sessionId = Number(session.run(checkNum, r.startedAt, r.startedAt + 100).lastInsertRowid);
      const icmp = r.avgUs !== undefined && r.avgUs !== null;
      ids.push(
        Number(
          result.run(sessionId, checkNum, r.resultType ?? 0, r.flags, r.startedAt, r.responseTimeMs ?? null, icmp ? 3 : null, icmp ? (r.packetsReceived ?? 3) : null, r.avgUs ?? null)
            .lastInsertRowid,
        ),
      );
      if ((r.resultType ?? 0) === 0 && (r.flags & RESULT_FLAGS.skipped) === 0) status.run(checkNum, r.flags, sessionId, r.startedAt, r.startedAt + 100);
    }
  })();
  return ids;
}

/**
 * Many checks with many results at once (the scale test): `perCheck` FINAL results a minute apart
 * ending at `now`, every 50th check failing, every 20th degraded, every 100th paused.
 */
export function seedScale(sqlite: Database.Database, accountId: string, checkCount: number, perCheck: number, now: number): SeededCheck[] {
  const seeded = insertChecks(
    sqlite,
    accountId,
    Array.from({ length: checkCount }, (_, i) => ({
      name: `${i % 3 === 0 ? 'Zürich' : i % 3 === 1 ? 'edge' : 'Core'} router ${String(i).padStart(5, '0')}`,
      activated: i % 100 !== 99,
      tags: [i % 2 === 0 ? 'even' : 'odd', `rack-${i % 40}`],
    })),
  );
  const result = sqlite.prepare(`insert into check_results (session_id, check_num, location, result_type, flags, attempt, started_at, duration_ms,
    response_time_ms, packets_sent, packets_received, avg_us) values (?, ?, 1, 0, ?, 1, ?, 100, ?, 3, 3, ?)`);
  const status = sqlite.prepare('insert into check_statuses (check_num, flags, last_location, last_session_id, created_at, updated_at) values (?, ?, 1, ?, ?, ?)');
  sqlite.transaction(() => {
    let sessionId = 0;
    for (const [i, check] of seeded.entries()) {
      const flags = i % 50 === 7 ? FLAGS.fail : i % 20 === 3 ? FLAGS.degraded : FLAGS.pass;
      for (let k = perCheck - 1; k >= 0; k -= 1) {
        sessionId += 1;
        const startedAt = now - k * 60_000 - (i % 60) * 1000;
        const us = 200 + ((i * 7 + k) % 900);
        result.run(sessionId, check.checkNum, k === 0 ? flags : FLAGS.pass, startedAt, Math.round(us / 1000), us);
      }
      status.run(check.checkNum, flags, sessionId, now, now - (i % 60) * 1000);
    }
  })();
  return seeded;
}
