import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listRollups } from '../../src-main/db/repositories/rollups';
import { RESULT_FLAGS } from '../../src-main/db/repositories/runs-results';
import { uptimeOf } from '../../src-main/services/checks/uptime';
import { startRetention, type Retention } from '../../src-main/services/engines/retention';
import { HOUR, openRetentionDb, type RetentionDb } from './harness';

const H = Date.parse('2026-03-10T10:00:00.000Z');
const { hasFailures, isDegraded, timedOut, skipped, isCancelled, aborted } = RESULT_FLAGS;

describe('hourly rollups', () => {
  let t: RetentionDb;
  let retention: Retention;
  let check: { checkId: string; checkNum: number };

  beforeEach(async () => {
    t = await openRetentionDb('2026-03-10T11:00:00.000Z');
    retention = startRetention(t.deps);
    check = await t.addCheck('Rolled up');
    // 100 passes, 1..100 ms, five of them losing half their packets.
    for (let i = 1; i <= 100; i++) t.addResult({ checkNum: check.checkNum, startedAt: H + i * 30_000, responseTimeMs: i, packetsSent: 10, packetsReceived: i <= 5 ? 5 : 10 });
    t.addResult({ checkNum: check.checkNum, startedAt: H + 1000, flags: isDegraded, responseTimeMs: 500, packetsSent: 10, packetsReceived: 10 });
    t.addResult({ checkNum: check.checkNum, startedAt: H + 2000, flags: hasFailures, responseTimeMs: 1000, packetsSent: 10, packetsReceived: 0 });
    t.addResult({ checkNum: check.checkNum, startedAt: H + 3000, flags: timedOut | isDegraded });
    t.addResult({ checkNum: check.checkNum, startedAt: H + 4000, flags: skipped | isCancelled, packetsSent: 10, packetsReceived: 0 });
    t.addResult({ checkNum: check.checkNum, startedAt: H + 5000, flags: isCancelled | aborted });
    // Retries (ATTEMPT) and the next hour are not this hour's runs.
    t.addResult({ checkNum: check.checkNum, startedAt: H + 6000, flags: hasFailures, resultType: 1, responseTimeMs: 9000 });
    t.addResult({ checkNum: check.checkNum, startedAt: H + HOUR + 60_000, flags: hasFailures, responseTimeMs: 7 });
  });
  afterEach(async () => {
    await retention.stop();
    await t.close();
  });

  const rollupOfH = async () => (await listRollups(t.db, check.checkNum, H, H + HOUR))[0];

  it('waits for the grace period, then counts FINAL results, response-time percentiles and packets', async () => {
    t.clock.set(H + HOUR + 4 * 60_000);
    expect((await retention.runOnce()).rollups.rows).toBe(0);
    expect(await rollupOfH()).toBeUndefined();

    t.clock.set(H + HOUR + 5 * 60_000);
    const report = await retention.runOnce();
    expect(report.errors).toEqual([]);
    expect(report.rollups.watermark).toBe(H + HOUR);
    const times = [...Array.from({ length: 100 }, (_, i) => i + 1), 500, 1000];
    expect(await rollupOfH()).toEqual({
      checkNum: check.checkNum,
      hourStart: H,
      runs: 105,
      passed: 100,
      degraded: 1,
      failed: 2,
      skipped: 1,
      timedRuns: 102,
      responseMinUs: 1000,
      responseAvgUs: Math.round((times.reduce((a, b) => a + b, 0) / times.length) * 1000),
      responseMaxUs: 1_000_000,
      responseP50Us: 51_000,
      responseP95Us: 97_000,
      responseP99Us: 500_000,
      packetsSent: 1020,
      packetsReceived: 985,
    });
    const row = await rollupOfH();
    expect(1 - row.packetsReceived / row.packetsSent).toBeCloseTo(35 / 1020, 6);
  });

  it('is idempotent and recounts an hour when a result arrives late', async () => {
    t.clock.set(H + HOUR + 5 * 60_000);
    await retention.runOnce();
    const first = await rollupOfH();
    const again = await retention.runOnce();
    expect(again.rollups.hours).toBe(0);
    expect(await rollupOfH()).toEqual(first);

    t.addResult({ checkNum: check.checkNum, startedAt: H + HOUR - 1, flags: hasFailures, responseTimeMs: 2000 });
    t.clock.advance(HOUR);
    const later = await retention.runOnce();
    expect(later.rollups.hours).toBe(3);
    expect(await rollupOfH()).toMatchObject({ runs: first.runs + 1, failed: first.failed + 1, timedRuns: 103, responseMaxUs: 2_000_000 });
    expect((await listRollups(t.db, check.checkNum, H + HOUR, H + 2 * HOUR))[0]).toMatchObject({ runs: 1, failed: 1 });

    // The same hour recomputed once more gives the same row, not a doubled one.
    const recounted = await rollupOfH();
    t.clock.advance(HOUR);
    await retention.runOnce();
    expect(await rollupOfH()).toEqual(recounted);
    expect(t.sqlite.prepare('select count(*) as n from check_rollups where check_num = ?').get(check.checkNum)).toEqual({ n: 2 });
  });

  it('first pass rolls up history from the oldest result; deleted checks are not rolled up', async () => {
    const other = await t.addCheck('Older history');
    t.addResult({ checkNum: other.checkNum, startedAt: H - 5 * HOUR + 10, responseTimeMs: 3 });
    const gone = await t.addCheck('Deleted');
    t.addResult({ checkNum: gone.checkNum, startedAt: H + 10, responseTimeMs: 3 });
    // SQL: the harness has no server to answer DELETE /v1/checks.
    t.sqlite.prepare('delete from check_rows where id = ?').run(gone.checkId);
    t.clock.set(H + HOUR + 5 * 60_000);
    const report = await retention.runOnce();
    expect(report.rollups.hours).toBe(6);
    expect(await listRollups(t.db, other.checkNum, 0, H + HOUR)).toMatchObject([{ hourStart: H - 5 * HOUR, runs: 1, passed: 1, responseP99Us: 3000 }]);
    expect(await listRollups(t.db, gone.checkNum, 0, H + HOUR)).toEqual([]);
  });

  it('uptimeOf merges rollups of closed hours with raw results of the open hour', async () => {
    t.clock.set(H + HOUR + 5 * 60_000);
    await retention.runOnce();
    // Raw-only rows in the rolled-up hour would be counted twice if uptimeOf read both.
    const uptime = await uptimeOf(t.deps, check.checkId, H, H + 2 * HOUR);
    expect(uptime).toEqual({ runs: 106, passed: 100, degraded: 1, failed: 3, skipped: 1, cancelled: 1, uptimePercent: (101 / 104) * 100 });
    expect(await uptimeOf(t.deps, check.checkId, H + HOUR, H + 2 * HOUR)).toMatchObject({ runs: 1, failed: 1, uptimePercent: 0 });
    expect(await uptimeOf(t.deps, check.checkId, H - HOUR, H)).toMatchObject({ runs: 0, uptimePercent: null });
    await expect(uptimeOf({ ...t.deps, accountId: 'another-account' }, check.checkId, H, H + HOUR)).rejects.toThrow('Not Found');
  });
});
