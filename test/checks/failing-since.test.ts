import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import { assignMissingCheckNums, locationCodes } from '../../src-main/db/repositories/runs';
import { RESULT_FLAGS } from '../../src-main/db/repositories/runs-results';
import { icmpBody } from '../helpers/server';
import { useServerWithClients } from '../helpers/trpc-server';

const NOW = Date.parse('2026-11-28T06:08:00.000Z');
const MINUTE = 60_000;
const FIRST_FAILURE = Date.parse('2026-11-28T05:56:00.000Z');

// Issue 31, blocker 1: a monitor failing since 05:56 read "1 h 8 min" on its page at 06:08 once hour 05 was rolled up.
describe('"Failing for" across the top of an hour: since the first failing run, not the rolled-up hour', { timeout: 60_000 }, () => {
  const env = useServerWithClients({ clock: new ManualClock(NOW) });
  const ids: Record<string, string> = {};

  /** A ping monitor with one FINAL result a minute from `from` to now, failed from FIRST_FAILURE on. */
  async function seed(name: string, from: number): Promise<string> {
    const created = await env.server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name }));
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    const { db, sqlite } = env.server.backend.db;
    await assignMissingCheckNums(db, [id]);
    const { check_num: checkNum } = sqlite.prepare('select check_num from check_schedule where check_id = ?').get(id) as { check_num: number };
    const local = (await locationCodes(db, ['local'])).get('local');
    // SQL: results at chosen past times, which no run through the API can make.
    const insert = sqlite.prepare(`insert into check_results (session_id, check_num, location, result_type, flags, attempt, started_at, duration_ms,
      response_time_ms, packets_sent, packets_received, avg_us) values (0, ?, ?, 0, ?, 1, ?, 100, 1, 1, 1, 42)`);
    for (let at = from; at < NOW; at += MINUTE) insert.run(checkNum, local, at >= FIRST_FAILURE ? RESULT_FLAGS.hasFailures : 0, at);
    sqlite
      .prepare('insert into check_statuses (check_num, flags, last_location, last_session_id, created_at, updated_at) values (?, ?, ?, 1, ?, ?)')
      .run(checkNum, RESULT_FLAGS.hasFailures, local, NOW - MINUTE, NOW - MINUTE);
    return id;
  }

  beforeAll(async () => {
    ids.fresh = await seed('Failing from its first run', FIRST_FAILURE);
    ids.older = await seed('Passing for hours, then failing', NOW - 3 * 60 * MINUTE);
    // The real rollup worker closes hour 05 (06:08 is past its end and grace period).
    const report = await env.server.backend.retention.runOnce();
    expect(report.errors).toEqual([]);
    expect(report.rollups.watermark).toBe(Date.parse('2026-11-28T06:00:00.000Z'));
  });

  it('the monitor page and the Dashboard both say since 05:56, whether the monitor passed before or failed from its first run', async () => {
    for (const id of [ids.fresh, ids.older]) {
      expect(await env.trpc.monitorStats.state.query({ checkId: id })).toMatchObject({ health: 'failing', since: FIRST_FAILURE });
    }
    const summary = await env.trpc.dashboard.summary.query();
    expect(summary.problems.items.map((item) => [item.name, item.since])).toEqual(
      expect.arrayContaining([
        ['Failing from its first run', FIRST_FAILURE],
        ['Passing for hours, then failing', FIRST_FAILURE],
      ]),
    );
  });
});
