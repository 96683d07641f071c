import { and, asc, eq, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { transaction, type Db, ready } from '../connection';
import { agentJobs, agents } from '../tables';
import { all, allSql, get, getSql, onPostgres, run, runSql } from "../dialect";
import { lockRowsForUpdate } from '../row-locks';
import { greater } from '../sql-fragments';
import { StoredAgentNetworkSchema, type StoredAgentNetwork } from '../stored-agent-network';
import { parseStored } from '../stored-rows';

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

/**
 * Rows matching `where` that no other transaction holds, locked for the caller's transaction
 * (PostgreSQL's `FOR UPDATE SKIP LOCKED`), read back after the lock so they are the newest
 * committed values (the condition re-checked on them). Several servers share the queue: a row
 * another server is claiming is left to it instead of waited for and handed out twice.
 */
async function takeUnheld(db: Db, where: SQL, limit: number, order: SQL | null): Promise<AgentJobRow[]> {
  const locked = await allSql<{ job_id: string }>(
    db,
    sql`select ${agentJobs.jobId} as job_id from ${agentJobs} where ${where} ${order ? sql`order by ${order}` : sql``} limit ${limit} for update skip locked`,
  );
  if (locked.length === 0) return [];
  const query = db.select().from(agentJobs).where(and(inArray(agentJobs.jobId, locked.map((row) => row.job_id)), where));
  return await all(order ? query.orderBy(order) : query);
}

/** The waiting jobs a lease request takes, and whether other servers were holding some of the location's meanwhile. */
export interface QueuedJobsTaken {
  rows: AgentJobRow[];
  /** Waiting jobs of the location were held by another server's claim (PostgreSQL only): they may be left to this one once it commits. */
  heldElsewhere: boolean;
}

/**
 * The oldest waiting jobs of a location for a lease request, theirs to lease or drop until the
 * transaction ends. On SQLite the transaction's write lock already keeps every other claim out.
 */
export async function takeQueuedJobs(db: Db, locationId: string, limit: number): Promise<QueuedJobsTaken> {
  db = await ready(db);
  if (!onPostgres()) return { rows: await listQueuedJobs(db, locationId, limit), heldElsewhere: false };
  const waiting = and(eq(agentJobs.locationId, locationId), eq(agentJobs.state, QUEUED)) as SQL;
  const rows = await takeUnheld(db, waiting, limit, sql`${agentJobs.enqueuedAt}`);
  if (rows.length >= limit) return { rows, heldElsewhere: false };
  // Fewer than asked: the rest of the location's waiting jobs (if any) are held by other claims.
  const queued = await getSql<{ n: number }>(db, sql`select count(*)::int as n from ${agentJobs} where ${waiting}`);
  return { rows, heldElsewhere: (queued?.n ?? 0) > rows.length };
}

/** Leases whose time ran out, for the sweep (rows another server's sweep or heartbeat holds are left to it). */
export async function takeExpiredLeases(db: Db, now: number, limit: number): Promise<AgentJobRow[]> {
  db = await ready(db);
  if (!onPostgres()) return await listExpiredLeases(db, now, limit);
  return await takeUnheld(db, and(eq(agentJobs.state, LEASED), lt(agentJobs.leaseExpiresAt, now)) as SQL, limit, null);
}

/** Waiting jobs past their dropAfter, for the sweep (a lease request holding one drops it itself). */
export async function takeOverdueQueued(db: Db, now: number, limit: number): Promise<AgentJobRow[]> {
  db = await ready(db);
  if (!onPostgres()) return await listOverdueQueued(db, now, limit);
  return await takeUnheld(db, and(eq(agentJobs.state, QUEUED), lt(agentJobs.dropAfter, now)) as SQL, limit, null);
}

/** Locks one job for the caller's transaction before it is read to decide its outcome (a no-op on SQLite). */
export async function lockAgentJob(db: Db, jobId: string): Promise<void> {
  await lockRowsForUpdate(db, 'agent_jobs', 'job_id', [jobId]);
}

/**
 * Locks a session's jobs (in job order, so overlapping lockers never deadlock) before they are
 * read to withdraw or cancel: a lease request on another server then skips them, or has leased
 * them already and the read sees it. A no-op on SQLite.
 */
export async function lockJobsOfSession(db: Db, sessionId: string): Promise<void> {
  db = await ready(db);
  if (!onPostgres()) return;
  await runSql(db, sql`select 1 from ${agentJobs} where ${agentJobs.sessionId} = ${sessionId} order by ${agentJobs.jobId} for update`);
}

/**
 * Renews the leases the agent still holds among `jobIds` (leased to it, not cancelled) by each
 * job's lease length from `now`; the ids renewed. A job the sweep requeued or expired meanwhile is
 * not renewed (on PostgreSQL the update waits for the sweep's commit and re-checks the condition),
 * so its agent is told to stop rather than run it beside the next agent.
 */
export async function renewLeases(db: Db, agentId: string, jobIds: readonly string[], now: number): Promise<string[]> {
  db = await ready(db);
  if (jobIds.length === 0) return [];
  // Locked in key order first: two renewals of overlapping jobs never deadlock.
  await lockRowsForUpdate(db, 'agent_jobs', 'job_id', jobIds);
  const renewed = await all(db
      .update(agentJobs)
      .set({ leaseExpiresAt: sql`cast(${now} as bigint) + ${agentJobs.leaseMs}` })
      .where(and(inArray(agentJobs.jobId, [...jobIds]), eq(agentJobs.agentId, agentId), eq(agentJobs.state, LEASED), eq(agentJobs.cancelled, false)))
      .returning({ jobId: agentJobs.jobId }));
  return renewed.map((row) => row.jobId);
}

/**
 * The agent of this location was heard from at `now`: its stored unreachable mark, or undefined
 * when the location does not know it. Several servers hear one agent: the newest time stays.
 */
export async function touchAgentOfLocation(db: Db, locationId: string, agentId: string, now: number): Promise<{ unreachableSince: number | null } | undefined> {
  db = await ready(db);
  return await get(db
      .update(agents)
      .set({ lastSeenAt: onPostgres() ? greater(agents.lastSeenAt, now) : now })
      .where(and(eq(agents.id, agentId), eq(agents.locationId, locationId)))
      .returning({ unreachableSince: agents.unreachableSince }));
}

/**
 * Marks a silent agent unreachable since `since` (its runs-not-run count starts at 0) unless it is
 * already, or was heard from at `silentBefore` or later. True for the one caller that marked it:
 * that server alone tells its operators.
 */
export async function markAgentUnreachable(db: Db, agentId: string, since: number, silentBefore: number): Promise<boolean> {
  db = await ready(db);
  const marked = await all(db
      .update(agents)
      .set({ unreachableSince: since, unreachableRuns: 0 })
      .where(and(eq(agents.id, agentId), isNull(agents.unreachableSince), lt(agents.lastSeenAt, silentBefore)))
      .returning({ id: agents.id }));
  return marked.length > 0;
}

/**
 * An unreachable agent was heard from: clears its mark. The runs its location lost meanwhile for
 * the one caller that cleared it (that server alone tells its operators), undefined for others.
 * The count stays stored until the next mark resets it.
 */
export async function clearAgentUnreachable(db: Db, agentId: string): Promise<{ unreachableRuns: number } | undefined> {
  db = await ready(db);
  return await get(db
      .update(agents)
      .set({ unreachableSince: null })
      .where(and(eq(agents.id, agentId), isNotNull(agents.unreachableSince)))
      .returning({ unreachableRuns: agents.unreachableRuns }));
}

export async function markLeased(db: Db, jobId: string, agentId: string, leaseExpiresAt: number, leases: number): Promise<void> {
  db = await ready(db);
  await run(db.update(agentJobs).set({ state: LEASED, agentId, leaseExpiresAt, leases }).where(eq(agentJobs.jobId, jobId)));
}

export async function requeueJob(db: Db, jobId: string): Promise<void> {
  db = await ready(db);
  await run(db.update(agentJobs).set({ state: QUEUED, agentId: null, leaseExpiresAt: null }).where(eq(agentJobs.jobId, jobId)));
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

/**
 * The agent's stored network state, its row locked until the caller's transaction ends: servers
 * hearing the agent's heartbeats take turns deciding what changed, so each change is told once.
 * Null when it never reported one, or when the stored one does not parse (reported once in the log).
 */
export async function lockAgentNetwork(db: Db, agentId: string): Promise<StoredAgentNetwork | null> {
  db = await ready(db);
  await lockRowsForUpdate(db, 'agents', 'id', [agentId]);
  const row = await get(db.select({ network: agents.network }).from(agents).where(eq(agents.id, agentId)));
  if (!row || row.network === null) return null;
  return parseStored(StoredAgentNetworkSchema, row.network, { table: 'agents', id: agentId, stamp: null }) ?? null;
}

export async function saveAgentNetwork(db: Db, agentId: string, network: StoredAgentNetwork): Promise<void> {
  db = await ready(db);
  await run(db.update(agents).set({ network }).where(eq(agents.id, agentId)));
}
