import { and, asc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { transactionSync, type Db, ready } from '../connection';
import { agentJobs, agents } from '../schema';

export type AgentJobRow = typeof agentJobs.$inferSelect;

export const QUEUED = 'QUEUED';
export const LEASED = 'LEASED';

export async function insertAgentJob(db: Db, row: AgentJobRow): Promise<void> {
  await ready(db);
  db.insert(agentJobs).values(row).onConflictDoNothing().run();
}

export async function findAgentJob(db: Db, jobId: string): Promise<AgentJobRow | undefined> {
  await ready(db);
  return db.select().from(agentJobs).where(eq(agentJobs.jobId, jobId)).get();
}

export async function deleteAgentJob(db: Db, jobId: string): Promise<void> {
  await ready(db);
  db.delete(agentJobs).where(eq(agentJobs.jobId, jobId)).run();
}

export async function deleteAgentJobs(db: Db, jobIds: string[]): Promise<void> {
  await ready(db);
  if (jobIds.length > 0) db.delete(agentJobs).where(inArray(agentJobs.jobId, jobIds)).run();
}

/** The oldest waiting jobs of a location, first in first out. */
export async function listQueuedJobs(db: Db, locationId: string, limit: number): Promise<AgentJobRow[]> {
  await ready(db);
  return db
    .select()
    .from(agentJobs)
    .where(and(eq(agentJobs.locationId, locationId), eq(agentJobs.state, QUEUED)))
    .orderBy(asc(agentJobs.enqueuedAt))
    .limit(limit)
    .all();
}

export async function markLeased(db: Db, jobId: string, agentId: string, leaseExpiresAt: number, leases: number): Promise<void> {
  await ready(db);
  db.update(agentJobs).set({ state: LEASED, agentId, leaseExpiresAt, leases }).where(eq(agentJobs.jobId, jobId)).run();
}

export async function requeueJob(db: Db, jobId: string): Promise<void> {
  await ready(db);
  db.update(agentJobs).set({ state: QUEUED, agentId: null, leaseExpiresAt: null }).where(eq(agentJobs.jobId, jobId)).run();
}

export async function setLeaseExpiry(db: Db, jobId: string, leaseExpiresAt: number): Promise<void> {
  await ready(db);
  db.update(agentJobs).set({ leaseExpiresAt }).where(eq(agentJobs.jobId, jobId)).run();
}

export async function listLeasedJobsOfAgent(db: Db, agentId: string): Promise<AgentJobRow[]> {
  await ready(db);
  return db
    .select()
    .from(agentJobs)
    .where(and(eq(agentJobs.agentId, agentId), eq(agentJobs.state, LEASED)))
    .all();
}

export async function listJobsOfSession(db: Db, sessionId: string): Promise<AgentJobRow[]> {
  await ready(db);
  return db.select().from(agentJobs).where(eq(agentJobs.sessionId, sessionId)).all();
}

export async function markCancelled(db: Db, jobIds: string[]): Promise<void> {
  await ready(db);
  if (jobIds.length > 0) db.update(agentJobs).set({ cancelled: true }).where(inArray(agentJobs.jobId, jobIds)).run();
}

export async function listExpiredLeases(db: Db, now: number, limit: number): Promise<AgentJobRow[]> {
  await ready(db);
  return db
    .select()
    .from(agentJobs)
    .where(and(eq(agentJobs.state, LEASED), lt(agentJobs.leaseExpiresAt, now)))
    .limit(limit)
    .all();
}

export async function listOverdueQueued(db: Db, now: number, limit: number): Promise<AgentJobRow[]> {
  await ready(db);
  return db
    .select()
    .from(agentJobs)
    .where(and(eq(agentJobs.state, QUEUED), lt(agentJobs.dropAfter, now)))
    .limit(limit)
    .all();
}

/**
 * The wall clock stepped by `stepMs` while no real time passed: every wall-clock time the remote
 * queue keeps (when a job arrived, is dropped, its lease ends; when an agent was last heard) moves
 * with it, so a step forward neither drops waiting jobs nor makes agents look silent, and a step
 * back keeps nothing past its time.
 */
export async function shiftWallTimes(db: Db, stepMs: number): Promise<void> {
  await ready(db);
  const step = Math.round(stepMs);
  if (step === 0) return;
  transactionSync(db, (tx) => {
    tx.update(agentJobs).set({ enqueuedAt: sql`${agentJobs.enqueuedAt} + ${step}`, dropAfter: sql`${agentJobs.dropAfter} + ${step}` }).run();
    tx.update(agentJobs).set({ leaseExpiresAt: sql`${agentJobs.leaseExpiresAt} + ${step}` }).where(isNotNull(agentJobs.leaseExpiresAt)).run();
    tx.update(agents).set({ lastSeenAt: sql`${agents.lastSeenAt} + ${step}` }).run();
  });
}
