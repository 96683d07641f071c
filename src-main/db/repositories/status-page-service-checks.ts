import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../connection';
import { checks, checkSchedule, checkStatuses, statusPageServiceChecks, statusPageServices } from '../schema';

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
export function replaceServiceChecks(db: Db, serviceId: string, checkIds: readonly string[]): void {
  db.delete(statusPageServiceChecks).where(eq(statusPageServiceChecks.serviceId, serviceId)).run();
  if (checkIds.length > 0) db.insert(statusPageServiceChecks).values(checkIds.map((checkId) => ({ serviceId, checkId }))).run();
}

/** The checks behind each given service, by check name. */
export function checksOfServices(db: Db, serviceIds: readonly string[]): LinkedCheck[] {
  if (serviceIds.length === 0) return [];
  return db
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
    .orderBy(asc(checks.name), asc(checks.id))
    .all();
}

/** Every link of the account's services. */
export function serviceCheckLinksOfAccount(db: Db, accountId: string): { serviceId: string; checkId: string; checkName: string }[] {
  return db
    .select({ serviceId: statusPageServiceChecks.serviceId, checkId: checks.id, checkName: checks.name })
    .from(statusPageServiceChecks)
    .innerJoin(statusPageServices, eq(statusPageServices.id, statusPageServiceChecks.serviceId))
    .innerJoin(checks, eq(checks.id, statusPageServiceChecks.checkId))
    .where(eq(statusPageServices.accountId, accountId))
    .orderBy(asc(checks.name), asc(checks.id))
    .all();
}

/** The account's checks that may back a service, by name. */
export function checkNamesOfAccount(db: Db, accountId: string): { id: string; name: string }[] {
  return db.select({ id: checks.id, name: checks.name }).from(checks).where(eq(checks.accountId, accountId)).orderBy(asc(checks.name), asc(checks.id)).all();
}

/** How many of the ids are checks of the account. */
export function countAccountChecks(db: Db, accountId: string, checkIds: readonly string[]): number {
  if (checkIds.length === 0) return 0;
  return db
    .select({ id: checks.id })
    .from(checks)
    .where(and(eq(checks.accountId, accountId), inArray(checks.id, [...checkIds])))
    .all().length;
}
