import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import { holdingScript, startHoldServer, type HoldServer } from '../helpers/hold-server';
import { startServer, type TestServer } from '../helpers/server';

const GROUP_CHECKS = ['g1', 'g2', 'g3', 'g4', 'g5'];
const WAIT = { timeout: 90_000, interval: 20 };

// Playwright starts slowly on a busy 2-core machine; the limits below leave it room.
describe('group concurrency when a group is triggered (real multi-step runs against 127.0.0.1)', { timeout: 240_000 }, () => {
  let server: TestServer;
  let hold: HoldServer;
  beforeAll(async () => {
    server = await startServer({ lanes: { MULTI_STEP: 8 } });
    hold = await startHoldServer(
      (name) => GROUP_CHECKS.includes(name),
      () => server.backend.agent.active,
    );
  });
  afterAll(async () => {
    await server.stop();
    await hold.close();
  });

  async function createMultiStep(name: string, groupId?: number): Promise<string> {
    const created = await server.api('POST', '/v1/checks/multistep', { name, maxResponseTime: 120_000, script: holdingScript(`${hold.base}/hold/${name}`), ...(groupId ? { groupId } : {}) });
    expect(created.status, created.text).toBe(201);
    return created.body.id as string;
  }

  it('runs at most 2 of the 5 group checks at once, all PASSED, and does not hold back a check outside the group', async () => {
    const group = await server.api('POST', '/v2/check-groups', { name: 'Bounded group', concurrency: 2 });
    expect(group.status, group.text).toBe(201);
    expect(group.body.concurrency).toBe(2);
    const members = new Map<string, string>();
    for (const name of GROUP_CHECKS) members.set(await createMultiStep(name, group.body.id), name);
    // Created last, so it is dispatched after every group check: a gate that held everything would hold it too.
    const outsideId = await createMultiStep('outside');

    const triggered = await server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: [...members.keys(), outsideId] } });
    expect(triggered.status, triggered.text).toBe(201);
    expect(triggered.body.sessions).toHaveLength(6);
    const sessionOf = new Map<string, string>(triggered.body.sessions.map((s: { checkId: string; checkSessionId: string }) => [s.checkId, s.checkSessionId]));

    // Two group checks and the outside one reach the server; the other three group checks wait.
    await vi.waitFor(() => {
      expect(hold.held.filter((h) => GROUP_CHECKS.includes(h.name)).length).toBeGreaterThanOrEqual(2);
      expect(hold.held.map((h) => h.name)).toContain('outside');
    }, WAIT);
    expect(hold.held.filter((h) => GROUP_CHECKS.includes(h.name))).toHaveLength(2);
    expect(server.backend.agent.active).toBe(3);
    expect(server.backend.agent.queued).toBe(0);
    const waiting = [...members].filter(([, name]) => !hold.arrivals.includes(name));
    expect(waiting).toHaveLength(3);
    for (const [checkId] of waiting) {
      const session = await server.api('GET', `/v1/check-sessions/${sessionOf.get(checkId)}`);
      expect(session.body).toMatchObject({ status: 'STARTED', stoppedAt: null, results: [] });
    }

    // The outside check finishes while the group is still at its limit.
    hold.release('outside');
    const outside = await server.api('GET', `/v1/check-sessions/${sessionOf.get(outsideId)}/completion?maxWaitSeconds=30`);
    expect(outside.status).toBe(200);
    expect(outside.body.status).toBe('PASSED');
    const arrivedBeforeOutsideDone = hold.arrivals.length;
    expect(hold.held.filter((h) => GROUP_CHECKS.includes(h.name))).toHaveLength(2);

    // Release one group request at a time: each frees a slot for exactly one waiting check.
    for (let released = 0; released < GROUP_CHECKS.length; ) {
      const oldest = hold.held[0];
      if (!oldest) throw new Error('nothing held');
      hold.release(oldest.name);
      released++;
      const expected = Math.min(2, GROUP_CHECKS.length - released);
      await vi.waitFor(() => expect(hold.held).toHaveLength(expected), WAIT);
      expect(server.backend.agent.active).toBeLessThanOrEqual(2);
    }

    expect([...hold.arrivals].sort()).toEqual([...GROUP_CHECKS, 'outside'].sort());
    expect(hold.maxGroupHeld).toBe(2);
    // When a request arrived, the agent ran at most the group's 2 jobs, plus the outside one until it finished.
    expect(hold.agentActiveAtArrival.slice(0, arrivedBeforeOutsideDone).every((active) => active <= 3)).toBe(true);
    expect(hold.agentActiveAtArrival.slice(arrivedBeforeOutsideDone).every((active) => active <= 2)).toBe(true);

    for (const checkId of members.keys()) {
      const done = await server.api('GET', `/v1/check-sessions/${sessionOf.get(checkId)}/completion?maxWaitSeconds=30`);
      expect(done.status).toBe(200);
      expect(done.body.status, members.get(checkId)).toBe('PASSED');
      expect(done.body.results).toHaveLength(1);
      expect(done.body.results[0]).toMatchObject({ resultType: 'FINAL', hasFailures: false, hasErrors: false });
    }
  });

  it('a check that waited at the group gate longer than its period still runs when its turn comes', async () => {
    const clock = new ManualClock(Date.now());
    const own = await startServer({ lanes: { MULTI_STEP: 8 }, clock });
    const gate = await startHoldServer(
      () => true,
      () => own.backend.agent.active,
    );
    try {
      const group = await own.api('POST', '/v2/check-groups', { name: 'One at a time', concurrency: 1 });
      expect(group.status, group.text).toBe(201);
      const ids: string[] = [];
      for (const name of ['first', 'second']) {
        const created = await own.api('POST', '/v1/checks/multistep', { name, frequency: 1, groupId: group.body.id, maxResponseTime: 120_000, script: holdingScript(`${gate.base}/hold/${name}`) });
        expect(created.status, created.text).toBe(201);
        ids.push(created.body.id);
      }
      const triggered = await own.api('POST', '/v1/check-sessions/trigger', { target: { checkId: ids } });
      expect(triggered.status, triggered.text).toBe(201);
      await vi.waitFor(() => expect(gate.held).toHaveLength(1), WAIT);
      const [running] = gate.held.map((h) => h.name);
      // The first run takes longer than the checks' 1-minute period.
      clock.advance(90_000);
      gate.release(running ?? '');
      await vi.waitFor(() => expect(gate.held).toHaveLength(1), WAIT);
      gate.release(gate.held[0]?.name ?? '');
      for (const session of triggered.body.sessions as { checkSessionId: string }[]) {
        const done = await own.api('GET', `/v1/check-sessions/${session.checkSessionId}/completion?maxWaitSeconds=30`);
        expect(done.status).toBe(200);
        expect(done.body.status).toBe('PASSED');
      }
      expect(gate.arrivals.sort()).toEqual(['first', 'second']);
    } finally {
      await own.stop();
      await gate.close();
    }
  });
});
