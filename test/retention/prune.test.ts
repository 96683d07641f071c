import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertCheckAlert } from '../../src-main/db/repositories/alerts';
import { insertNotification } from '../../src-main/db/repositories/notifications';
import { MAINTENANCE_KEYS, writeMaintenanceState } from '../../src-main/db/repositories/maintenance-state';
import { listRollups, upsertRollups } from '../../src-main/db/repositories/rollups';
import { findDetail, storeDetail } from '../../src-main/db/repositories/runs-results';
import { detailHash } from '../../src-main/services/check-sessions/result-row';
import { Batches } from '../../src-main/services/engines/retention/batches';
import { cutoffsAt, retentionOptions } from '../../src-main/services/retention/options';
import { pruneExpired } from '../../src-main/services/engines/retention/prune';
import { startRetention, type Retention } from '../../src-main/services/engines/retention';
import { count, DAY, HOUR, openRetentionDb, type RetentionDb } from './harness';

const NOW = Date.parse('2026-03-20T12:30:00.000Z');
const OPTIONS = { rawRetentionDays: 2, rollupRetentionDays: 10, notificationRetentionDays: 3 };

async function detail(t: RetentionDb, body: string, at: number): Promise<number> {
  return await storeDetail(t.db, detailHash(body), body, at);
}

describe('retention pruning', () => {
  let t: RetentionDb;
  let retention: Retention;

  beforeEach(async () => {
    t = await openRetentionDb(new Date(NOW).toISOString());
    retention = startRetention(t.deps, OPTIONS);
  });
  afterEach(async () => {
    await retention.stop();
    await t.close();
  });

  it('deletes raw results and sessions past the raw cutoff, keeps recent ones and the rollups of the old ones', async () => {
    const { checkNum } = await t.addCheck();
    const old = NOW - 3 * DAY;
    const recent = NOW - DAY;
    const oldSession = t.addSession(checkNum, old);
    t.addResult({ checkNum, sessionId: oldSession, startedAt: old, responseTimeMs: 5 });
    const recentSession = t.addSession(checkNum, recent);
    t.addResult({ checkNum, sessionId: recentSession, startedAt: recent, responseTimeMs: 6 });
    // Unfinished: kept until a day past the cutoff, then deleted.
    const stuckRecently = t.addSession(checkNum, NOW - 2.5 * DAY, 1);
    t.addSession(checkNum, NOW - 3.5 * DAY, 1);

    const report = await retention.runOnce();
    expect(report.errors).toEqual([]);
    expect(report.pruned).toMatchObject({ results: 1, sessions: 2, rawCutoff: Date.parse('2026-03-18T12:00:00.000Z') });
    expect(t.sqlite.prepare('select started_at as at from check_results').all()).toEqual([{ at: recent }]);
    expect(t.sqlite.prepare('select id from check_sessions order by id').all()).toEqual([{ id: recentSession }, { id: stuckRecently }]);
    expect(await listRollups(t.db, checkNum, 0, NOW)).toMatchObject([
      { hourStart: Date.parse('2026-03-17T12:00:00.000Z'), runs: 1, responseP50Us: 5000 },
      { hourStart: Date.parse('2026-03-19T12:00:00.000Z'), runs: 1, responseP50Us: 6000 },
    ]);
  });

  it('never prunes raw results that are not rolled up yet', async () => {
    const { checkNum } = await t.addCheck();
    t.addResult({ checkNum, startedAt: NOW - 3 * DAY });
    const watermark = Math.floor((NOW - 4 * DAY) / HOUR) * HOUR;
    await writeMaintenanceState(t.db, MAINTENANCE_KEYS.rollupWatermark, watermark, NOW);
    const cutoffs = cutoffsAt(NOW, retentionOptions(OPTIONS));
    const report = await pruneExpired(new Batches(t.db, () => false), t.db, cutoffs, NOW, 100);
    expect(report).toMatchObject({ results: 0, rawCutoff: watermark - 2 * HOUR });
    expect(count(t.sqlite, 'check_results')).toBe(1);
  });

  it('deletes rollups past the rollup cutoff only', async () => {
    const { checkNum } = await t.addCheck();
    const row = { checkNum, runs: 1, passed: 1, degraded: 0, failed: 0, skipped: 0, timedRuns: 0, packetsSent: 0, packetsReceived: 0 };
    const empty = { responseMinUs: null, responseAvgUs: null, responseMaxUs: null, responseP50Us: null, responseP95Us: null, responseP99Us: null };
    const oldHour = Math.floor((NOW - 11 * DAY) / HOUR) * HOUR;
    const keptHour = Math.floor((NOW - 9 * DAY) / HOUR) * HOUR;
    await upsertRollups(t.db, [
      { ...row, ...empty, hourStart: oldHour },
      { ...row, ...empty, hourStart: keptHour },
    ]);
    const report = await retention.runOnce();
    expect(report.pruned.rollups).toBe(1);
    expect((await listRollups(t.db, checkNum, 0, NOW)).map((r) => r.hourStart)).toEqual([keptHour]);
  });

  it('deletes old alerts and final notifications, keeps IN_PROGRESS ones and their alerts', async () => {
    const old = NOW - 4 * DAY;
    const alert = async (id: string, createdAt: number) =>
      await insertCheckAlert(t.db, { id, accountId: t.accountId, checkId: null, alertType: 'ALERT_FAILURE', checkSessionId: null, checkResultId: null, muted: false, event: {}, createdAt });
    const notification = async (id: string, checkAlertId: string, status: string, createdAt: number) =>
      await insertNotification(t.db, {
        id,
        accountId: t.accountId,
        checkAlertId,
        alertChannelId: 1,
        type: 'EMAIL',
        alertType: 'ALERT_FAILURE',
        status,
        alertConfig: {},
        sealedConfig: null,
        notificationResult: null,
        checkId: null,
        checkType: null,
        checkResultId: null,
        attempts: 1,
        nextAttemptAt: status === 'IN_PROGRESS' ? NOW : null,
        sendingAt: null,
        sentAt: null,
        createdAt,
      });
    await alert('a-old', old);
    await alert('a-old-pending', old);
    await alert('a-recent', NOW - DAY);
    await notification('n-old-sent', 'a-old', 'SUCCESS', old);
    await notification('n-old-failed', 'a-old', 'FAILURE', old);
    await notification('n-old-pending', 'a-old-pending', 'IN_PROGRESS', old);
    await notification('n-recent', 'a-recent', 'FAILURE', NOW - DAY);

    const report = await retention.runOnce();
    expect(report.pruned).toMatchObject({ checkAlerts: 1, notifications: 2 });
    expect(t.sqlite.prepare('select id from check_alerts order by id').all()).toEqual([{ id: 'a-old-pending' }, { id: 'a-recent' }]);
    expect(t.sqlite.prepare('select id from alert_notifications order by id').all()).toEqual([{ id: 'n-old-pending' }, { id: 'n-recent' }]);
  });

  it('deletes result details unused since the raw cutoff and keeps the ones still in use', async () => {
    const unused = await detail(t, '{"error":"old"}', NOW - 3 * DAY);
    const reused = await detail(t, '{"error":"again"}', NOW - 3 * DAY);
    expect(await detail(t, '{"error":"again"}', NOW - HOUR)).toBe(reused);
    const recent = await detail(t, '{"error":"new"}', NOW - DAY);
    // Used an hour before the cutoff: a result that started up to an hour later may still point at it.
    const edge = await detail(t, '{"error":"edge"}', NOW - 2 * DAY - HOUR);

    const report = await retention.runOnce();
    expect(report.pruned.details).toBe(1);
    expect(await findDetail(t.db, unused)).toBeNull();
    expect(await findDetail(t.db, reused)).toBe('{"error":"again"}');
    expect(await findDetail(t.db, recent)).toBe('{"error":"new"}');
    expect(await findDetail(t.db, edge)).toBe('{"error":"edge"}');
    expect(count(t.sqlite, 'result_details')).toBe(3);
  });

  it('storeDetail marks a reused detail at most once an hour', async () => {
    const id = await detail(t, '{"x":1}', NOW);
    const lastUsed = () => (t.sqlite.prepare('select last_used_at as at from result_details where id = ?').get(id) as { at: number }).at;
    expect(lastUsed()).toBe(Date.parse('2026-03-20T12:00:00.000Z'));
    await detail(t, '{"x":1}', NOW + 20 * 60_000);
    expect(lastUsed()).toBe(Date.parse('2026-03-20T12:00:00.000Z'));
    await detail(t, '{"x":1}', NOW + 40 * 60_000);
    expect(lastUsed()).toBe(Date.parse('2026-03-20T13:00:00.000Z'));
  });
});
