import { sql } from 'drizzle-orm';
import type { Db } from '../connection';
import { alertNotifications, checkAlerts, checkResults, checks, checkSchedule, checkStatuses, incidents, resultDetails } from '../schema';
import { RESULT_FLAGS, RESULT_TYPE_CODE } from './runs-results';

/**
 * A check's health from its status row, as the console's monitor-health.ts decides it: paused
 * (not activated) wins, then "not run" (no status yet), then the last FINAL verdict.
 */
const HEALTH = sql`(case
  when ${checks.activated} = 0 then 'paused'
  when ${checkStatuses.lastSessionId} is null then 'not-run'
  when ${checkStatuses.flags} & ${sql.raw(String(RESULT_FLAGS.hasFailures | RESULT_FLAGS.hasErrors))} != 0 then 'failing'
  when ${checkStatuses.flags} & ${sql.raw(String(RESULT_FLAGS.isDegraded))} != 0 then 'degraded'
  else 'passing' end)`;

const CHECKS_WITH_STATUS = sql`${checks}
  left join ${checkSchedule} on ${checkSchedule.checkId} = ${checks.id}
  left join ${checkStatuses} on ${checkStatuses.checkNum} = ${checkSchedule.checkNum}`;

/** How many of the account's checks are in each health state (one pass over the account's checks). */
export function countChecksByHealth(db: Db, accountId: string): { health: string; n: number }[] {
  return db.all(sql`select ${HEALTH} as health, count(*) as n from ${CHECKS_WITH_STATUS} where ${checks.accountId} = ${accountId} group by health`);
}

export interface CheckHealthRow {
  checkId: string;
  name: string;
  checkType: string;
  checkNum: number | null;
  health: string;
  lastRunAt: number | null;
  lastLocation: number | null;
  lastSessionId: number | null;
  /** `{kind, message}` of the newest failed or degraded FINAL run (JSON), when it recorded an error. */
  error: string | null;
}

const ERROR_OF_LAST_PROBLEM = sql`(select json_extract(d.body, '$.error') from ${checkResults} r
  left join ${resultDetails} d on d.id = r.detail_id
  where r.check_num = ${checkSchedule.checkNum} and r.result_type = ${RESULT_TYPE_CODE.FINAL}
    and r.flags & ${sql.raw(String(RESULT_FLAGS.hasFailures | RESULT_FLAGS.hasErrors | RESULT_FLAGS.isDegraded | RESULT_FLAGS.timedOut))} != 0
    and r.flags & ${sql.raw(String(RESULT_FLAGS.skipped))} = 0
  order by r.started_at desc limit 1)`;

const HEALTH_COLUMNS = sql`${checks.id} as checkId, ${checks.name} as name, ${checks.checkType} as checkType, ${checkSchedule.checkNum} as checkNum,
  ${HEALTH} as health, ${checkStatuses.updatedAt} as lastRunAt, ${checkStatuses.lastLocation} as lastLocation, ${checkStatuses.lastSessionId} as lastSessionId`;

/** Failing checks first, then degraded ones, each by name; with the error of their last failed or degraded run. */
export function listProblemChecks(db: Db, accountId: string, limit: number): CheckHealthRow[] {
  return db.all(sql`select * from (select ${HEALTH_COLUMNS}, ${ERROR_OF_LAST_PROBLEM} as error
      from ${CHECKS_WITH_STATUS}
      where ${checks.accountId} = ${accountId} and ${checks.activated} = 1 and ${checkStatuses.lastSessionId} is not null
        and ${checkStatuses.flags} & ${sql.raw(String(RESULT_FLAGS.hasFailures | RESULT_FLAGS.hasErrors | RESULT_FLAGS.isDegraded))} != 0)
    order by health = 'failing' desc, name, checkId
    limit ${limit}`);
}

/** One check's health row (undefined when the account has no such check). */
export function findCheckHealth(db: Db, accountId: string, checkId: string): Omit<CheckHealthRow, 'error'> | undefined {
  return db.get(sql`select ${HEALTH_COLUMNS} from ${CHECKS_WITH_STATUS} where ${checks.accountId} = ${accountId} and ${checks.id} = ${checkId}`);
}

export interface OpenIncidentRow {
  id: string;
  name: string;
  severity: string;
  lastUpdateStatus: string;
  createdAt: string;
  sourceCheckId: string | null;
}

/** Status-page incidents not resolved, newest first, and how many there are. */
export function listOpenIncidents(db: Db, accountId: string, limit: number): { total: number; rows: OpenIncidentRow[] } {
  const where = sql`${incidents.accountId} = ${accountId} and ${incidents.lastUpdateStatus} != 'RESOLVED'`;
  const rows = db.all<OpenIncidentRow>(sql`select ${incidents.id} as id, ${incidents.name} as name, ${incidents.severity} as severity,
      ${incidents.lastUpdateStatus} as lastUpdateStatus, ${incidents.createdAt} as createdAt, ${incidents.sourceCheckId} as sourceCheckId
    from ${incidents} where ${where} order by ${incidents.createdAt} desc, ${incidents.id} desc limit ${limit}`);
  const total = rows.length < limit ? rows.length : (db.get<{ n: number }>(sql`select count(*) as n from ${incidents} where ${where}`)?.n ?? 0);
  return { total, rows };
}

export interface RecentNotificationRow {
  id: string;
  type: string;
  status: string;
  alertType: string;
  alertChannelId: number;
  /** JSON: the channel config as recorded with the notification (credentials left out). */
  alertConfig: string;
  checkId: string | null;
  /** The check's name now, else as the alert recorded it (a deleted check). */
  checkName: string | null;
  createdAt: number;
  sentAt: number | null;
}

/** The account's newest notifications with their check's name. */
export function listRecentNotifications(db: Db, accountId: string, limit: number): RecentNotificationRow[] {
  return db.all(sql`select n.id as id, n.type as type, n.status as status, n.alert_type as alertType, n.alert_channel_id as alertChannelId,
      n.alert_config as alertConfig, n.check_id as checkId, coalesce(c.name, json_extract(a.event, '$.checkName')) as checkName,
      n.created_at as createdAt, n.sent_at as sentAt
    from ${alertNotifications} n
    left join ${checks} c on c.id = n.check_id
    left join ${checkAlerts} a on a.id = n.check_alert_id
    where n.account_id = ${accountId}
    order by n.created_at desc, n.id desc
    limit ${limit}`);
}
