import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../src-main/core/logger';
import { MAINTENANCE_KEYS, readMaintenanceState } from '../../src-main/db/repositories/maintenance-state';
import { startRetention } from '../../src-main/services/engines/retention';
import { count, HOUR, openRetentionDb, type RetentionDb } from './harness';

const H = Date.parse('2026-03-10T10:00:00.000Z');

describe('the retention worker', () => {
  let t: RetentionDb;
  beforeEach(async () => {
    t = await openRetentionDb(new Date(H + 2 * HOUR).toISOString());
  });
  afterEach(async () => {
    vi.useRealTimers();
    await t.close();
  });

  it('runs a pass every intervalMs; runOnce during a pass joins it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { checkNum } = await t.addCheck();
    t.addResult({ checkNum, startedAt: H + 10 });
    const retention = startRetention(t.deps, { intervalMs: 10_000 });
    vi.advanceTimersByTime(9_999);
    expect(await readMaintenanceState(t.db, MAINTENANCE_KEYS.rollupWatermark)).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    // The interval's pass wrote its first batch before yielding.
    expect(count(t.sqlite, 'check_rollups')).toBe(1);
    const joined = await retention.runOnce();
    await retention.stop();
    expect(joined.rollups).toEqual({ hours: 1, rows: 1, watermark: H + HOUR });
    expect(await readMaintenanceState(t.db, MAINTENANCE_KEYS.rollupWatermark)).toBe(H + HOUR);
  });

  it('a failing stage is logged and reported; the others still run and runOnce does not reject', async () => {
    const logger = { info: vi.fn(), error: vi.fn() } as unknown as Logger;
    const { checkNum, checkId } = await t.addCheck();
    t.addResult({ checkNum, startedAt: H + 10 });
    // SQL: no server here; the dropped table is damage only SQL can do.
    t.sqlite.prepare('delete from check_rows where id = ?').run(checkId);
    t.sqlite.exec('drop table check_rollups');
    const retention = startRetention({ ...t.deps, logger });
    const report = await retention.runOnce();
    await retention.stop();
    expect(report.errors).toEqual(['purge: no such table: check_rollups', 'prune: no such table: check_rollups']);
    expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ stage: 'purge' }), 'retention: a stage failed');
    expect(report.rollups.watermark).toBe(H + HOUR);
    expect(count(t.sqlite, 'check_results')).toBe(0);
  });

  it('stop() ends a pass at its next batch', async () => {
    const { checkNum } = await t.addCheck();
    for (let i = 0; i < 48; i++) t.addResult({ checkNum, startedAt: H - i * HOUR });
    const retention = startRetention(t.deps);
    const pass = retention.runOnce();
    await retention.stop();
    const report = await pass;
    expect(report.stopped).toBe(true);
    expect(report.rollups.hours).toBeLessThan(48);
    // The watermark only covers hours that were completed: the next pass resumes there.
    const watermark = await readMaintenanceState(t.db, MAINTENANCE_KEYS.rollupWatermark);
    expect(watermark === null || watermark <= H - 47 * HOUR + report.rollups.hours * HOUR).toBe(true);
  });
});
