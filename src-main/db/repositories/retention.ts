import { sql } from 'drizzle-orm';
import { connectionOf, type Db, ready } from '../connection';
import { accounts, alertNotifications, checkAlerts, checkResults, checkRollups, checkSchedule, checkSessions, checkStatuses, resultDetails, UNFINISHED_BELOW } from '../tables';
import { allSql, onPostgres, runSql } from "../dialect";

/** The row key the batched deletes walk: SQLite's rowid, PostgreSQL's primary key (it has no rowid). */
const rowKey = () => sql.raw(onPostgres() ? 'id' : 'rowid');

/*
 * Deletes in small batches for retention and for the purge of deleted checks. Every per-check delete
 * walks that check's (check_num, started_at) index (or the rollups' primary key) oldest first, so a
 * batch costs its own rows, never a scan of the table.
 */

/** Every check number above `afterCheckNum` (deleted checks' too), ascending. */
export async function checkNumsAfter(db: Db, afterCheckNum: number, limit: number): Promise<number[]> {
  db = await ready(db);
  return (await allSql<{ n: number }>(db, sql`select check_num as n from ${checkSchedule} where check_num > ${afterCheckNum} order by check_num limit ${limit}`))
    .map((r) => r.n);
}

/** Check numbers whose check was deleted (check_id set NULL), waiting for their purge. */
export async function deletedCheckNums(db: Db): Promise<number[]> {
  db = await ready(db);
  return (await allSql<{ n: number }>(db, sql`select check_num as n from ${checkSchedule} where check_id is null order by check_num`)).map((r) => r.n);
}

/** Up to `limit` of the check's results that started before `before`, oldest first. */
export async function deleteResultsBefore(db: Db, checkNum: number, before: number, limit: number): Promise<number> {
  db = await ready(db);
  return (await runSql(db, sql`delete from ${checkResults} where id in (
    select id from ${checkResults} where check_num = ${checkNum} and started_at < ${before} order by started_at limit ${limit})`)).changes;
}

/** Up to `limit` of the check's sessions that started before `before`; unfinished ones only when they started before `unfinishedBefore`. */
export async function deleteSessionsBefore(db: Db, checkNum: number, before: number, unfinishedBefore: number, limit: number): Promise<number> {
  db = await ready(db);
  return (await runSql(db, sql`delete from ${checkSessions} where id in (
    select id from ${checkSessions} where check_num = ${checkNum} and started_at < ${before}
      and (status >= ${UNFINISHED_BELOW} or started_at < ${unfinishedBefore}) order by started_at limit ${limit})`)).changes;
}

/** Up to `limit` of the check's rollups of hours before `beforeHour`. */
export async function deleteRollupsBefore(db: Db, checkNum: number, beforeHour: number, limit: number): Promise<number> {
  db = await ready(db);
  return (await runSql(db, sql`delete from ${checkRollups} where check_num = ${checkNum} and hour_start in (
    select hour_start from ${checkRollups} where check_num = ${checkNum} and hour_start < ${beforeHour} order by hour_start limit ${limit})`)).changes;
}

/** The last step of a purge: the status row and the schedule row (cascading to any straggler row, a few at most). */
export async function dropDeletedSchedule(db: Db, checkNum: number): Promise<number> {
  db = await ready(db);
  const statuses = (await runSql(db, sql`delete from ${checkStatuses} where check_num = ${checkNum}`)).changes;
  return statuses + (await runSql(db, sql`delete from ${checkSchedule} where check_num = ${checkNum} and check_id is null`)).changes;
}

/** Up to `limit` result details not stored or reused since `before`. */
export async function deleteDetailsUnusedSince(db: Db, before: number, limit: number): Promise<number> {
  db = await ready(db);
  return (await runSql(db, sql`delete from ${resultDetails} where id in (select id from ${resultDetails} where last_used_at < ${before} limit ${limit})`)).changes;
}

/** Up to `limit` alert events created before `before`, except those whose notifications are still being delivered. */
export async function deleteCheckAlertsBefore(db: Db, before: number, limit: number): Promise<number> {
  db = await ready(db);
  return (await runSql(db, sql`delete from ${checkAlerts} where ${rowKey()} in (
    select ${rowKey()} from ${checkAlerts} where account_id in (select id from ${accounts}) and created_at < ${before}
      and id not in (select check_alert_id from ${alertNotifications} where status = 'IN_PROGRESS')
    limit ${limit})`)).changes;
}

/** Up to `limit` final notifications (anything but IN_PROGRESS) created before `before`. */
export async function deleteFinalNotificationsBefore(db: Db, before: number, limit: number): Promise<number> {
  db = await ready(db);
  return (await runSql(db, sql`delete from ${alertNotifications} where ${rowKey()} in (
    select ${rowKey()} from ${alertNotifications} where account_id in (select id from ${accounts}) and created_at < ${before}
      and status != 'IN_PROGRESS' limit ${limit})`)).changes;
}

/**
 * Whether the database gives deleted rows' pages back to the file system through vacuumPages:
 * SQLite's file does (auto_vacuum = INCREMENTAL); on PostgreSQL autovacuum does that work itself,
 * so there is no free list to report and no vacuum step.
 */
export function reclaimsFreePages(): boolean {
  return !onPostgres();
}

/** Pages on the free list (what incremental vacuum can give back to the file system); 0 on PostgreSQL. */
export async function freePages(db: Db): Promise<number> {
  db = await ready(db);
  if (!reclaimsFreePages()) return 0;
  // The connection's pragma() steps a pragma to the end (a prepared run() frees one page).
  return connectionOf(db).pragma('freelist_count', { simple: true }) as number;
}

/** Returns up to `pages` free pages to the file system (the database uses auto_vacuum = INCREMENTAL). */
export async function vacuumPages(db: Db, pages: number): Promise<void> {
  db = await ready(db);
  if (!reclaimsFreePages()) return;
  connectionOf(db).pragma(`incremental_vacuum(${Math.max(1, Math.floor(pages))})`);
}
