import { and, eq, sql } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { agentJobs } from '../tables';
import { get } from "../dialect";

/** Jobs of a private location waiting for an agent, and when the oldest of them was queued (epoch ms). */
export async function queuedJobStats(db: Db, locationId: string): Promise<{ queued: number; oldestEnqueuedAt: number | null }> {
  db = await ready(db);
  const row = await get(db
      .select({ queued: sql<number>`count(*)`, oldest: sql<number | null>`min(${agentJobs.enqueuedAt})` })
      .from(agentJobs)
      .where(and(eq(agentJobs.locationId, locationId), eq(agentJobs.state, 'QUEUED'), eq(agentJobs.cancelled, false))));
  return { queued: row?.queued ?? 0, oldestEnqueuedAt: row?.oldest ?? null };
}
