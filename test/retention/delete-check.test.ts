import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignMissingCheckNums } from '../../src-main/db/repositories/runs';
import { startRetention } from '../../src-main/services/retention/start';
import { icmpBody, startServer, type TestServer } from '../helpers/server';
import { count, HOUR } from './harness';

const DOOMED_RESULTS = 300_000;
const RESULTS_PER_SESSION = 10;
const SURVIVOR_RESULTS = 1_000;

/** Inserts a check's history straight into the tables: sessions, FINAL results, rollups and its status row. */
function seedHistory(server: TestServer, checkNum: number, results: number, endAt: number): void {
  const { sqlite } = server.backend.db;
  const session = sqlite.prepare('insert into check_sessions (check_num, status, run_source, started_at, stopped_at) values (?, 4, 0, ?, ?)');
  const result = sqlite.prepare(
    'insert into check_results (session_id, check_num, location, result_type, flags, attempt, started_at, duration_ms, response_time_ms) values (?, ?, 1, 0, 0, 1, ?, 20, 12)',
  );
  const rollup = sqlite.prepare(
    'insert into check_rollups (check_num, hour_start, runs, passed, degraded, failed, skipped, timed_runs, packets_sent, packets_received) values (?, ?, 60, 60, 0, 0, 0, 60, 0, 0)',
  );
  sqlite.transaction(() => {
    const start = endAt - (results / RESULTS_PER_SESSION) * 6_000;
    let sessionId = 0;
    for (let i = 0; i < results; i++) {
      const at = start + Math.floor(i / RESULTS_PER_SESSION) * 6_000;
      if (i % RESULTS_PER_SESSION === 0) sessionId = Number(session.run(checkNum, at, at + 50).lastInsertRowid);
      result.run(sessionId, checkNum, at + (i % RESULTS_PER_SESSION));
    }
    for (let h = Math.floor(start / HOUR) * HOUR; h < endAt - HOUR; h += HOUR) rollup.run(checkNum, h);
    sqlite.prepare('insert into check_statuses (check_num, flags, created_at) values (?, 0, ?)').run(checkNum, endAt);
  })();
}

function rowsOf(server: TestServer, checkNum: number): Record<string, number> {
  const { sqlite } = server.backend.db;
  const tables = ['check_results', 'check_sessions', 'check_rollups', 'check_statuses', 'check_schedule'];
  return Object.fromEntries(tables.map((table) => [table, count(sqlite, `${table} where check_num = ?`, checkNum)]));
}

describe('deleting a check with a long history', () => {
  let server: TestServer;
  const nums: Record<'doomed' | 'survivor', { id: string; checkNum: number }> = {} as never;

  beforeAll(async () => {
    server = await startServer();
    for (const name of ['doomed', 'survivor'] as const) {
      const created = await server.api('POST', '/v1/checks/icmp', icmpBody({ name, activated: false }));
      expect(created.status).toBe(201);
      assignMissingCheckNums(server.backend.db.db, [created.body.id]);
      const row = server.backend.db.sqlite.prepare('select check_num from check_schedule where check_id = ?').get(created.body.id) as { check_num: number };
      nums[name] = { id: created.body.id, checkNum: row.check_num };
    }
    const now = Date.now();
    seedHistory(server, nums.doomed.checkNum, DOOMED_RESULTS, now);
    seedHistory(server, nums.survivor.checkNum, SURVIVOR_RESULTS, now);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('answers the DELETE at once and purges in batches while another writer keeps writing', async () => {
    const { sqlite } = server.backend.db;
    const write = sqlite.transaction((at: number) =>
      sqlite
        .prepare('insert into check_results (session_id, check_num, location, result_type, flags, attempt, started_at, duration_ms) values (0, ?, 1, 0, 0, 1, ?, 5)')
        .run(nums.survivor.checkNum, at),
    );
    // The writer shares the process (and connection): any write transaction that runs long delays its next write.
    let writing = true;
    let writes = 0;
    let longestWaitMs = 0;
    const writer = (async () => {
      let last = performance.now();
      while (writing) {
        await new Promise((resolve) => setTimeout(resolve, 2));
        longestWaitMs = Math.max(longestWaitMs, performance.now() - last);
        write(Date.now());
        writes += 1;
        last = performance.now();
      }
    })();

    const started = performance.now();
    const deleted = await server.api('DELETE', `/v1/checks/${nums.doomed.id}`);
    const deleteMs = performance.now() - started;
    expect(deleted.status).toBe(204);
    expect(deleteMs).toBeLessThan(200);
    expect((await server.api('GET', `/v1/checks/${nums.doomed.id}`)).status).toBe(404);
    // Nothing cascaded: the runs are still there for the purge (an index probe, not a count of 300k rows).
    expect(sqlite.prepare('select exists (select 1 from check_results where check_num = ?) as kept').get(nums.doomed.checkNum)).toEqual({ kept: 1 });

    const retention = startRetention(server.backend.deps);
    const report = await retention.runOnce();
    await retention.stop();
    writing = false;
    await writer;

    expect(report.errors).toEqual([]);
    const sessions = DOOMED_RESULTS / RESULTS_PER_SESSION;
    expect(report.purged.checks).toBe(1);
    expect(report.purged.rows).toBeGreaterThan(DOOMED_RESULTS + sessions);
    expect(report.batches).toBeGreaterThan(DOOMED_RESULTS / 2000);
    expect(report.longestBatchMs).toBeLessThan(50);
    expect(report.vacuumedPages).toBeGreaterThan(0);
    expect(writes).toBeGreaterThan(50);
    expect(longestWaitMs).toBeLessThan(50);
    console.info(
      `DELETE ${deleteMs.toFixed(1)} ms; purge of ${report.purged.rows} rows in ${report.batches} batches, longest ${report.longestBatchMs} ms, ` +
        `pass ${report.durationMs} ms; ${writes} concurrent writes, longest wait ${longestWaitMs.toFixed(1)} ms; ${report.vacuumedPages} pages vacuumed`,
    );

    expect(rowsOf(server, nums.doomed.checkNum)).toEqual({ check_results: 0, check_sessions: 0, check_rollups: 0, check_statuses: 0, check_schedule: 0 });
    expect(rowsOf(server, nums.survivor.checkNum)).toMatchObject({
      check_results: SURVIVOR_RESULTS + writes,
      check_sessions: SURVIVOR_RESULTS / RESULTS_PER_SESSION,
      check_statuses: 1,
      check_schedule: 1,
    });
  }, 120_000);
});
