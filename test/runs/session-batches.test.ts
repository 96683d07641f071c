import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCheckRuns, updateSchedules } from '../../src-main/db/repositories/runs';
import { findSessions, insertSessions } from '../../src-main/db/repositories/runs-sessions';
import { loadCheckPlans } from '../../src-main/services/check-sessions';
import { icmpBody, startServer, type TestServer } from '../helpers/server';

// The scheduler's batches (one statement per batch on PostgreSQL): every planned slot gets its own
// id back in the order asked, a slot another server started gets none, and the schedule rows get
// exactly the updates a one-by-one loop would have written. Runs on both dialects.

const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const PERIOD = 60_000;

describe('session and schedule batches', () => {
  let server: TestServer;
  const checkNums: number[] = [];

  beforeAll(async () => {
    server = await startServer();
    for (const name of ['batch one', 'batch two']) {
      const created = await server.api('POST', '/v1/checks/icmp', icmpBody({ name, activated: false }));
      expect(created.status, created.text).toBe(201);
      const [plan] = await loadCheckPlans(server.backend.deps, { checkIds: [created.body.id as string] });
      checkNums.push(plan!.checkNum);
    }
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('a batch of planned slots gets one id per slot, in order; the slots already started get none', async () => {
    const db = server.backend.db.db;
    const [a, b] = checkNums as [number, number];
    const row = (checkNum: number, slot: number) => ({ checkNum, status: 0, runSource: 0, startedAt: T0 + slot * PERIOD, stoppedAt: null, runLocations: null, plannedAt: T0 + slot * PERIOD, nodeId: null });
    const first = await insertSessions(db, [row(a, 1), row(b, 1), row(a, 2)]);
    expect(first.every((id) => typeof id === 'number')).toBe(true);
    // Started elsewhere: (a, 1) and (a, 2); new: (b, 2), (a, 3), (b, 3).
    const second = await insertSessions(db, [row(a, 1), row(b, 2), row(a, 2), row(a, 3), row(b, 3)]);
    expect(second.map((id) => id === null)).toEqual([true, false, true, false, false]);
    const ids = [...first, ...second].filter((id): id is number => id !== null);
    expect(new Set(ids).size).toBe(6);
    const stored = new Map((await findSessions(db, ids)).map((s) => [s.id, s]));
    // Each id is the session of the slot it was returned for.
    const asked = [row(a, 1), row(b, 1), row(a, 2), row(a, 1), row(b, 2), row(a, 2), row(a, 3), row(b, 3)];
    [...first, ...second].forEach((id, i) => {
      if (id === null) return;
      expect({ checkNum: stored.get(id)?.checkNum, plannedAt: stored.get(id)?.plannedAt }).toEqual({ checkNum: asked[i]!.checkNum, plannedAt: asked[i]!.plannedAt });
    });
  });

  it('a batch of schedule updates writes what one-by-one updates would (the last of a check wins, a location index kept)', async () => {
    const db = server.backend.db.db;
    const [a, b] = checkNums as [number, number];
    await updateSchedules(db, [
      { checkNum: a, nextRunAt: T0 + PERIOD, lastLocationIndex: 2 },
      { checkNum: b, nextRunAt: T0 + 2 * PERIOD },
      { checkNum: a, nextRunAt: T0 + 3 * PERIOD },
    ]);
    const runs = new Map((await listCheckRuns(db, { checkIds: undefined })).map((r) => [r.checkNum, r]));
    expect({ next: runs.get(a)?.nextRunAt, index: runs.get(a)?.lastLocationIndex }).toEqual({ next: T0 + 3 * PERIOD, index: 2 });
    expect(runs.get(b)?.nextRunAt).toBe(T0 + 2 * PERIOD);
  });
});
