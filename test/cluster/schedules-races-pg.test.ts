import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSql, runSql } from '../../src-main/db/dialect';
import { advanceMaintenanceState, MAINTENANCE_KEYS, readMaintenanceState } from '../../src-main/db/repositories/maintenance-state';
import { isRunnable, loadCheckPlans, startSessions } from '../../src-main/services/check-sessions';
import { startPgBackends, type PgBackends } from '../helpers/pg-backends';
import { icmpBody, type TestServer } from '../helpers/server';

const PERIOD = 60_000;
const NOT_LEADING = 'this server no longer holds the lease it scheduled by: its due slots are left to the leader (not started here)';

/**
 * Issue 35, item 2 (the scheduler's rows of the race table): the scheduler's writes carry the lease
 * they were planned under (node id and term). A server whose lease another server took starts no
 * slot and moves no schedule, even before it noticed (its transaction reads the lease first); the
 * server that leads now does both.
 */
describe('the scheduler writes only under the lease it holds (PostgreSQL)', () => {
  let team: PgBackends;
  let leader: TestServer;
  let standby: TestServer;
  const warnings: string[] = [];

  beforeAll(async () => {
    team = await startPgBackends('schedules', 2, { config: { failoverDelaySeconds: 5 } });
    const until = Date.now() + 15_000;
    while (team.servers.filter((s) => s.backend.cluster.isLeader()).length !== 1) {
      if (Date.now() > until) throw new Error('no server of the two took the lead');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const [a, b] = team.servers as [TestServer, TestServer];
    [leader, standby] = a.backend.cluster.isLeader() ? [a, b] : [b, a];
    for (const server of [leader, standby]) {
      const warn = server.backend.deps.logger.warn.bind(server.backend.deps.logger);
      server.backend.deps.logger.warn = ((...args: unknown[]) => {
        const message = args.find((arg) => typeof arg === 'string');
        if (typeof message === 'string') warnings.push(message);
        return (warn as (...a: unknown[]) => void)(...args);
      }) as typeof warn;
    }
  }, 60_000);

  afterAll(async () => {
    await team?.stop();
  });

  it('a deposed leader starts no slot and moves no schedule; the new leader does', async () => {
    const created = await leader.api('POST', '/v1/checks/icmp', icmpBody({ request: { hostname: '127.0.0.1', pingCount: 1 } }));
    expect(created.status, created.text).toBe(201);
    const checkId = created.body.id as string;
    const plan = (await loadCheckPlans(leader.backend.deps, { checkIds: [checkId] })).filter(isRunnable)[0]!;
    expect(plan).toBeDefined();
    const db = leader.backend.deps.db;
    const nextRunAt = async () => Number((await getSql<{ n: string | null }>(db, sql`select next_run_at as n from check_schedule where check_num = ${plan.checkNum}`))?.n);
    const sessionsAt = async (slot: number) => Number((await getSql<{ n: string }>(db, sql`select count(*) as n from check_sessions where check_num = ${plan.checkNum} and planned_at = ${slot}`))?.n);
    const slot = Math.ceil(Date.now() / PERIOD) * PERIOD;

    // The leader starts its slot and writes the next one.
    expect(await startSessions(leader.backend.deps, [{ plan, runSource: 'SCHEDULER', plannedAt: slot }], [{ checkNum: plan.checkNum, nextRunAt: slot + PERIOD }])).toHaveLength(1);
    expect(await sessionsAt(slot)).toBe(1);
    expect(await nextRunAt()).toBe(slot + PERIOD);

    // Another server takes the lease (as after a pause of the leader longer than the failover
    // delay); the old leader has not beaten since, so it still believes it leads.
    await runSql(db, sql`update cluster_lease set leader_node_id = ${standby.backend.cluster.nodeId}, term = term + 1, renewed_at = (extract(epoch from clock_timestamp()) * 1000)::bigint where id = 1`);
    expect(leader.backend.cluster.isLeader()).toBe(true);
    const next = slot + PERIOD;
    expect(await startSessions(leader.backend.deps, [{ plan, runSource: 'SCHEDULER', plannedAt: next }], [{ checkNum: plan.checkNum, nextRunAt: next + PERIOD }])).toEqual([]);
    expect(await sessionsAt(next)).toBe(0);
    expect(await nextRunAt()).toBe(slot + PERIOD);
    expect(warnings).toContain(NOT_LEADING);

    // A run asked for by hand is not the scheduler's: any server starts it.
    expect(await startSessions(leader.backend.deps, [{ plan, runSource: 'SCHEDULE_NOW' }])).toHaveLength(1);

    // The server that holds the lease now (its next beat renews what names it) starts that slot.
    const until = Date.now() + 10_000;
    while (!standby.backend.cluster.isLeader() || leader.backend.cluster.isLeader()) {
      if (Date.now() > until) throw new Error('the lease did not move to the standby');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const theirPlan = (await loadCheckPlans(standby.backend.deps, { checkIds: [checkId] })).filter(isRunnable)[0]!;
    expect(await startSessions(standby.backend.deps, [{ plan: theirPlan, runSource: 'SCHEDULER', plannedAt: next }], [{ checkNum: plan.checkNum, nextRunAt: next + PERIOD }])).toHaveLength(1);
    expect(await sessionsAt(next)).toBe(1);
    expect(await nextRunAt()).toBe(next + PERIOD);
  }, 30_000);

  it('a retention pass of a server that lost the lead cannot move the rollup watermark back', async () => {
    const hour = 3_600_000;
    const now = Date.now();
    const key = MAINTENANCE_KEYS.rollupWatermark;
    await advanceMaintenanceState(standby.backend.deps.db, key, 10 * hour, now);
    // The old leader finishes a batch that started before the new one moved the mark on.
    await advanceMaintenanceState(leader.backend.deps.db, key, 8 * hour, now);
    expect(await readMaintenanceState(leader.backend.deps.db, key)).toBe(10 * hour);
    await advanceMaintenanceState(leader.backend.deps.db, key, 11 * hour, now);
    expect(await readMaintenanceState(standby.backend.deps.db, key)).toBe(11 * hour);
  });
});
