import { and, asc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { transaction, type Db, ready } from '../connection';
import { agentJobs, agents } from '../tables';
import { all, get, run } from "../dialect";

export type AgentJobRow = typeof agentJobs.$inferSelect;

export const QUEUED = 'QUEUED';
export const LEASED = 'LEASED';

export async function insertAgentJob(db: Db, row: AgentJobRow): Promise<void> {
  db = await ready(db);
  await run(db.insert(agentJobs).values(row).onConflictDoNothing());
}

export async function findAgentJob(db: Db, jobId: string): Promise<AgentJobRow | undefined> {
  db = await ready(db);
  return await get(db.select().from(agentJobs).where(eq(agentJobs.jobId, jobId)));
}

export async function deleteAgentJob(db: Db, jobId: string): Promise<void> {
  db = await ready(db);
  await run(db.delete(agentJobs).where(eq(agentJobs.jobId, jobId)));
}

export async function deleteAgentJobs(db: Db, jobIds: string[]): Promise<void> {
  db = await ready(db);
  if (jobIds.length > 0) await run(db.delete(agentJobs).where(inArray(agentJobs.jobId, jobIds)));
}

/** The oldest waiting jobs of a location, first in first out. */
export async function listQueuedJobs(db: Db, locationId: string, limit: number): Promise<AgentJobRow[]> {
  db = await ready(db);
  return await all(db
      .select()
      .from(agentJobs)
      .where(and(eq(agentJobs.locationId, locationId), eq(agentJobs.state, QUEUED)))
      .orderBy(asc(agentJobs.enqueuedAt))
      .limit(limit));
}

export async function markLeased(db: Db, jobId: string, agentId: string, leaseExpiresAt: number, leases: number): Promise<void> {
  db = await ready(db);
  await run(db.update(agentJobs).set({ state: LEASED, agentId, leaseExpiresAt, leases }).where(eq(agentJobs.jobId, jobId)));
}

export async function requeueJob(db: Db, jobId: string): Promise<void> {
  db = await ready(db);
  await run(db.update(agentJobs).set({ state: QUEUED, agentId: null, leaseExpiresAt: null }).where(eq(agentJobs.jobId, jobId)));
}

export async function setLeaseExpiry(db: Db, jobId: string, leaseExpiresAt: number): Promise<void> {
  db = await ready(db);
  await run(db.update(agentJobs).set({ leaseExpiresAt }).where(eq(agentJobs.jobId, jobId)));
}

export async function listLeasedJobsOfAgent(db: Db, agentId: string): Promise<AgentJobRow[]> {
  db = await ready(db);
  return await all(db
      .select()
      .from(agentJobs)
      .where(and(eq(agentJobs.agentId, agentId), eq(agentJobs.state, LEASED))));
}

export async function listJobsOfSession(db: Db, sessionId: string): Promise<AgentJobRow[]> {
  db = await ready(db);
  return await all(db.select().from(agentJobs).where(eq(agentJobs.sessionId, sessionId)));
}

export async function markCancelled(db: Db, jobIds: string[]): Promise<void> {
  db = await ready(db);
  if (jobIds.length > 0) await run(db.update(agentJobs).set({ cancelled: true }).where(inArray(agentJobs.jobId, jobIds)));
}

export async function listExpiredLeases(db: Db, now: number, limit: number): Promise<AgentJobRow[]> {
  db = await ready(db);
  return await all(db
      .select()
      .from(agentJobs)
      .where(and(eq(agentJobs.state, LEASED), lt(agentJobs.leaseExpiresAt, now)))
      .limit(limit));
}

export async function listOverdueQueued(db: Db, now: number, limit: number): Promise<AgentJobRow[]> {
  db = await ready(db);
  return await all(db
      .select()
      .from(agentJobs)
      .where(and(eq(agentJobs.state, QUEUED), lt(agentJobs.dropAfter, now)))
      .limit(limit));
}

/**
 * The wall clock stepped by `stepMs` while no real time passed: every wall-clock time the remote
 * queue keeps (when a job arrived, is dropped, its lease ends; when an agent was last heard) moves
 * with it, so a step forward neither drops waiting jobs nor makes agents look silent, and a step
 * back keeps nothing past its time.
 */
export async function shiftWallTimes(db: Db, stepMs: number): Promise<void> {
  const step = Math.round(stepMs);
  if (step === 0) return;
  // Begun at once, without awaiting `ready` first (transaction() waits for its turn itself): the
  // shift takes the turn before the sweep that observed the step in the same tick reads the queue.
  await transaction(db, async (tx) => {
    await run(tx.update(agentJobs).set({ enqueuedAt: sql`${agentJobs.enqueuedAt} + ${step}`, dropAfter: sql`${agentJobs.dropAfter} + ${step}` }));
    await run(tx.update(agentJobs).set({ leaseExpiresAt: sql`${agentJobs.leaseExpiresAt} + ${step}` }).where(isNotNull(agentJobs.leaseExpiresAt)));
    await run(tx.update(agents).set({ lastSeenAt: sql`${agents.lastSeenAt} + ${step}` }));
  });
}
