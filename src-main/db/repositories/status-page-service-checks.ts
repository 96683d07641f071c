import { and, asc, eq, inArray } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { checks, checkSchedule, checkStatuses, statusPageServiceChecks, statusPageServices } from '../tables';
import { all, run } from "../dialect";

export interface LinkedCheck {
  serviceId: string;
  checkId: string;
  checkName: string;
  activated: boolean;
  /** null until the check first ran. */
  checkNum: number | null;
  /** RESULT_FLAGS of its newest FINAL result; null before any. */
  latestFlags: number | null;
}

/** Replaces the checks behind a service. */
export async function replaceServiceChecks(db: Db, serviceId: string, checkIds: readonly string[]): Promise<void> {
  db = await ready(db);
  await run(db.delete(statusPageServiceChecks).where(eq(statusPageServiceChecks.serviceId, serviceId)));
  if (checkIds.length > 0) await run(db.insert(statusPageServiceChecks).values(checkIds.map((checkId) => ({ serviceId, checkId }))));
}

/** The checks behind each given service, by check name. */
export async function checksOfServices(db: Db, serviceIds: readonly string[]): Promise<LinkedCheck[]> {
  db = await ready(db);
  if (serviceIds.length === 0) return [];
  return await all(db
      .select({
        serviceId: statusPageServiceChecks.serviceId,
        checkId: checks.id,
        checkName: checks.name,
        activated: checks.activated,
        checkNum: checkSchedule.checkNum,
        latestFlags: checkStatuses.flags,
      })
      .from(statusPageServiceChecks)
      .innerJoin(checks, eq(checks.id, statusPageServiceChecks.checkId))
      .leftJoin(checkSchedule, eq(checkSchedule.checkId, checks.id))
      .leftJoin(checkStatuses, eq(checkStatuses.checkNum, checkSchedule.checkNum))
      .where(inArray(statusPageServiceChecks.serviceId, [...serviceIds]))
      .orderBy(asc(checks.name), asc(checks.id)));
}

/** Every link of the account's services. */
export async function serviceCheckLinksOfAccount(db: Db, accountId: string): Promise<{ serviceId: string; checkId: string; checkName: string }[]> {
  db = await ready(db);
  return await all(db
      .select({ serviceId: statusPageServiceChecks.serviceId, checkId: checks.id, checkName: checks.name })
      .from(statusPageServiceChecks)
      .innerJoin(statusPageServices, eq(statusPageServices.id, statusPageServiceChecks.serviceId))
      .innerJoin(checks, eq(checks.id, statusPageServiceChecks.checkId))
      .where(eq(statusPageServices.accountId, accountId))
      .orderBy(asc(checks.name), asc(checks.id)));
}

/** The account's checks that may back a service, by name. */
export async function checkNamesOfAccount(db: Db, accountId: string): Promise<{ id: string; name: string }[]> {
  db = await ready(db);
  return await all(db.select({ id: checks.id, name: checks.name }).from(checks).where(eq(checks.accountId, accountId)).orderBy(asc(checks.name), asc(checks.id)));
}

/** How many of the ids are checks of the account. */
export async function countAccountChecks(db: Db, accountId: string, checkIds: readonly string[]): Promise<number> {
  db = await ready(db);
  if (checkIds.length === 0) return 0;
  return (await all(db
      .select({ id: checks.id })
      .from(checks)
      .where(and(eq(checks.accountId, accountId), inArray(checks.id, [...checkIds]))))).length;
}
