import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignMissingCheckNums } from '../../src-main/db/repositories/runs';
import { startRetention } from '../../src-main/services/engines/retention';
import { icmpBody, startServer, type TestServer } from '../helpers/server';
import { count, HOUR } from './harness';

const DOOMED_RESULTS = 300_000;
const RESULTS_PER_SESSION = 10;
const SURVIVOR_RESULTS = 1_000;
/** The retention default, passed explicitly so the bound below is the one the purge used. */
const BATCH_SIZE = 2_000;

/** Inserts a check's history straight into the tables: sessions, FINAL results, rollups and its status row (SQL: 300,000 past results at chosen times, which no API can make). */
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
      await assignMissingCheckNums(server.backend.db.db, [created.body.id]);
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

  it('answers the DELETE without touching the history and purges it in bounded batches while another writer keeps writing', async () => {
    const { sqlite } = server.backend.db;
    // SQL: a writer that keeps writing as fast as record-outcome would, to see that the purge gives it turns.
    const write = sqlite.transaction((at: number) =>
      sqlite
        .prepare('insert into check_results (session_id, check_num, location, result_type, flags, attempt, started_at, duration_ms) values (0, ?, 1, 0, 0, 1, ?, 5)')
        .run(nums.survivor.checkNum, at),
    );
    // An index probe, not a count of 300k rows.
    const doomedRowsLeft = () => (sqlite.prepare('select exists (select 1 from check_results where check_num = ?) as kept').get(nums.doomed.checkNum) as { kept: number }).kept === 1;

    const deleted = await server.api('DELETE', `/v1/checks/${nums.doomed.id}`);
    expect(deleted.status).toBe(204);
    expect((await server.api('GET', `/v1/checks/${nums.doomed.id}`)).status).toBe(404);
    // Nothing cascaded: the DELETE did none of the purge's work (how long each batch takes is measured in the retention bench).
    expect(doomedRowsLeft()).toBe(true);

    // The writer shares the process (and connection) and asks for a turn after every turn it gets: it
    // only writes while the purge is under way if the purge yields between bounded transactions.
    let writing = true;
    let writes = 0;
    let writesWhilePurging = 0;
    const writer = (async () => {
      while (writing) {
        await new Promise((resolve) => setImmediate(resolve));
        if (!writing) break;
        write(Date.now());
        writes += 1;
        if (doomedRowsLeft()) writesWhilePurging += 1;
      }
    })();
    const retention = startRetention(server.backend.deps, { batchSize: BATCH_SIZE });
    const report = await retention.runOnce();
    await retention.stop();
    writing = false;
    await writer;

    expect(report.errors).toEqual([]);
    const sessions = DOOMED_RESULTS / RESULTS_PER_SESSION;
    expect(report.purged.checks).toBe(1);
    expect(report.purged.rows).toBeGreaterThan(DOOMED_RESULTS + sessions);
    // No transaction deleted more than BATCH_SIZE rows: the results and sessions alone need this many.
    expect(report.batches).toBeGreaterThanOrEqual(Math.ceil(DOOMED_RESULTS / BATCH_SIZE) + Math.ceil(sessions / BATCH_SIZE));
    expect(report.vacuumedPages).toBeGreaterThan(0);
    // The writer had turns between the purge's transactions (one per batch of results here; half of
    // them is plenty to tell from a purge in one transaction, which would leave it none).
    expect(writesWhilePurging).toBeGreaterThanOrEqual(Math.ceil(DOOMED_RESULTS / BATCH_SIZE / 2));
    console.info(`purge of ${report.purged.rows} rows in ${report.batches} batches; ${writes} concurrent writes, ${writesWhilePurging} while doomed rows were left`);

    expect(rowsOf(server, nums.doomed.checkNum)).toEqual({ check_results: 0, check_sessions: 0, check_rollups: 0, check_statuses: 0, check_schedule: 0 });
    expect(rowsOf(server, nums.survivor.checkNum)).toMatchObject({
      check_results: SURVIVOR_RESULTS + writes,
      check_sessions: SURVIVOR_RESULTS / RESULTS_PER_SESSION,
      check_statuses: 1,
      check_schedule: 1,
    });
  }, 120_000);
});
