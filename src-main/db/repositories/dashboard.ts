import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { prepared } from '../prepared';
import { alertNotifications, checkAlerts, checkAlertStates, checkGroups, checkResults, checks, checkSchedule, checkStatuses, incidents, resultDetails, perDialect } from '../tables';
import { RESULT_FLAGS, RESULT_TYPE_CODE } from './runs-results';
import { all, get, onPostgres } from "../dialect";
import { jsonFlag, jsonIsTrue, jsonText } from '../sql-fragments';

// The Dashboard's feed runs these every second while watched: each is prepared once per connection.

const bits = (n: number) => sql.raw(String(n));

/**
 * A check's health from its status row, as the console's monitor-health.ts decides it: paused
 * (not activated) wins, then "not run" (no status yet), then the last FINAL verdict.
 */
const HEALTH = perDialect(() => onPostgres()
  ? sql<string>`(case
  when not ${checks.activated} then 'paused'
  when ${checkStatuses.lastSessionId} is null then 'not-run'
  when ${checkStatuses.flags} & ${bits(RESULT_FLAGS.hasFailures | RESULT_FLAGS.hasErrors)} != 0 then 'failing'
  when ${checkStatuses.flags} & ${bits(RESULT_FLAGS.isDegraded)} != 0 then 'degraded'
  else 'passing' end)`
  : sql<string>`(case
  when ${checks.activated} = 0 then 'paused'
  when ${checkStatuses.lastSessionId} is null then 'not-run'
  when ${checkStatuses.flags} & ${bits(RESULT_FLAGS.hasFailures | RESULT_FLAGS.hasErrors)} != 0 then 'failing'
  when ${checkStatuses.flags} & ${bits(RESULT_FLAGS.isDegraded)} != 0 then 'degraded'
  else 'passing' end)`);

/** 1 while the check is flapping (its alert state's flap record; rules/flapping.ts). */
const FLAPPING = perDialect(() => onPostgres()
  ? jsonFlag(checkAlertStates.state, '$.flap.flapping', false)
  : sql<number>`coalesce(json_extract(${checkAlertStates.state}, '$.flap.flapping'), 0)`);

const PROBLEM = perDialect(() => onPostgres()
  ? sql`${checks.activated} and ${checkStatuses.lastSessionId} is not null
  and (${checkStatuses.flags} & ${bits(RESULT_FLAGS.hasFailures | RESULT_FLAGS.hasErrors | RESULT_FLAGS.isDegraded)} != 0 or ${FLAPPING()} = 1)`
  : sql`${checks.activated} = 1 and ${checkStatuses.lastSessionId} is not null
  and (${checkStatuses.flags} & ${bits(RESULT_FLAGS.hasFailures | RESULT_FLAGS.hasErrors | RESULT_FLAGS.isDegraded)} != 0 or ${FLAPPING()} = 1)`);

/** How many of the account's checks are in each health state (one pass over the account's checks). */
export async function countChecksByHealth(db: Db, accountId: string): Promise<{ health: string; n: number }[]> {
  db = await ready(db);
  const query = prepared(db, 'dashboardCounts', (d) =>
    d
      .select({ health: HEALTH(), n: count() })
      .from(checks)
      .leftJoin(checkSchedule, eq(checkSchedule.checkId, checks.id))
      .leftJoin(checkStatuses, eq(checkStatuses.checkNum, checkSchedule.checkNum))
      .where(eq(checks.accountId, sql.placeholder('accountId')))
      .groupBy(HEALTH())
      .prepare(),
  );
  return await all(query, { accountId });
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
  /** 1 while it is flapping. */
  flapping: number;
}

const HEALTH_COLUMNS = perDialect(() => ({
          checkId: checks.id,
          name: checks.name,
          checkType: checks.checkType,
          checkNum: checkSchedule.checkNum,
          health: HEALTH(),
          lastRunAt: checkStatuses.updatedAt,
          lastLocation: checkStatuses.lastLocation,
          lastSessionId: checkStatuses.lastSessionId,
          flapping: FLAPPING(),
        }));

const checksWithHealth = (d: Db) =>
  d
    .select(HEALTH_COLUMNS())
    .from(checks)
    .leftJoin(checkSchedule, eq(checkSchedule.checkId, checks.id))
    .leftJoin(checkStatuses, eq(checkStatuses.checkNum, checkSchedule.checkNum))
    .leftJoin(checkAlertStates, eq(checkAlertStates.checkId, checks.id));

export interface ProblemCheckRow extends CheckHealthRow {
  /** The check or its group is muted: its failures send no alert. */
  muted: boolean;
}

/** A muted group mutes its members; the group's flag lives in its JSON body. */
const MUTED = perDialect(() => onPostgres()
  ? sql<number>`(case when ${checks.muted} or ${jsonIsTrue(checkGroups.body, '$.muted', false)} then 1 else 0 end)`
  : sql<number>`(${checks.muted} = 1 or coalesce(json_extract(${checkGroups.body}, '$.muted'), 0) = 1)`);

/**
 * The check_nums that may be problems: a failing or degraded last verdict, or a flapping alert state.
 * The Dashboard's list starts from these (a few hundred at most) instead of joining every check of
 * the account to its status and parsing every alert state's JSON: at 10,000 checks that was ~35 ms a
 * summary, and the summary is computed for the page's query and again for its feed.
 */
const PROBLEM_CANDIDATES = perDialect(() => onPostgres()
  ? sql`(select ${checkStatuses.checkNum} from ${checkStatuses}
    where ${checkStatuses.flags} & ${bits(RESULT_FLAGS.hasFailures | RESULT_FLAGS.hasErrors | RESULT_FLAGS.isDegraded)} != 0
  union
  select ${checkSchedule.checkNum} from ${checkAlertStates} join ${checkSchedule} on ${checkSchedule.checkId} = ${checkAlertStates.checkId}
    where ${jsonIsTrue(checkAlertStates.state, '$.flap.flapping', false)})`
  : sql`(select ${checkStatuses.checkNum} from ${checkStatuses}
    where ${checkStatuses.flags} & ${bits(RESULT_FLAGS.hasFailures | RESULT_FLAGS.hasErrors | RESULT_FLAGS.isDegraded)} != 0
  union
  select ${checkSchedule.checkNum} from ${checkAlertStates} join ${checkSchedule} on ${checkSchedule.checkId} = +${checkAlertStates.checkId}
    where json_extract(${checkAlertStates.state}, '$.flap.flapping') = 1)`);

/** Failing checks first, then degraded ones, each by name. */
export async function listProblemChecks(db: Db, accountId: string, limit: number): Promise<ProblemCheckRow[]> {
  db = await ready(db);
  const query = prepared(db, 'dashboardProblems', (d) =>
    d
      .select({ ...HEALTH_COLUMNS(), muted: MUTED() })
      .from(checkStatuses)
      .innerJoin(checkSchedule, eq(checkSchedule.checkNum, checkStatuses.checkNum))
      .innerJoin(checks, eq(checks.id, checkSchedule.checkId))
      .leftJoin(checkGroups, eq(checkGroups.id, checks.groupId))
      .leftJoin(checkAlertStates, eq(checkAlertStates.checkId, checks.id))
      // Unary + keeps SQLite from starting at the account's index on checks (every check) instead of the candidates
      // (PostgreSQL has no unary + for text).
      .where(and(sql`${checkStatuses.checkNum} in ${PROBLEM_CANDIDATES()}`, onPostgres() ? eq(checks.accountId, sql.placeholder('accountId')) : sql`+${checks.accountId} = ${sql.placeholder('accountId')}`, PROBLEM()))
      .orderBy(sql`${HEALTH()} = 'failing' desc`, asc(checks.name), asc(checks.id))
      .limit(sql.placeholder('limit'))
      .prepare(),
  );
  return (await all(query, { accountId, limit })).map((row) => ({ ...row, muted: row.muted === 1 }));
}

/** One check's health row (undefined when the account has no such check). */
export async function findCheckHealth(db: Db, accountId: string, checkId: string): Promise<CheckHealthRow | undefined> {
  db = await ready(db);
  const query = prepared(db, 'checkHealth', (d) =>
    checksWithHealth(d)
      .where(and(eq(checks.accountId, sql.placeholder('accountId')), eq(checks.id, sql.placeholder('checkId'))))
      .prepare(),
  );
  return await get(query, { accountId, checkId });
}

/** The detail's error member as JSON text (the body is JSON in a text column on both dialects; PostgreSQL's json keeps it as stored). */
const LAST_ERROR = perDialect(() => onPostgres()
  ? sql<string | null>`nullif((${resultDetails.body}::json -> 'error')::text, 'null')`
  : sql<string | null>`json_extract(${resultDetails.body}, '$.error')`);

/** `{kind, message}` (JSON) of the check's newest failed or degraded FINAL run, when that run recorded an error. */
export async function lastProblemError(db: Db, checkNum: number): Promise<string | null> {
  db = await ready(db);
  const query = prepared(db, 'lastProblemError', (d) =>
    d
      .select({ error: LAST_ERROR() })
      .from(checkResults)
      .leftJoin(resultDetails, eq(resultDetails.id, checkResults.detailId))
      .where(
        and(
          eq(checkResults.checkNum, sql.placeholder('checkNum')),
          eq(checkResults.resultType, RESULT_TYPE_CODE.FINAL),
          sql`${checkResults.flags} & ${bits(RESULT_FLAGS.hasFailures | RESULT_FLAGS.hasErrors | RESULT_FLAGS.isDegraded | RESULT_FLAGS.timedOut)} != 0`,
          sql`${checkResults.flags} & ${bits(RESULT_FLAGS.skipped)} = 0`,
        ),
      )
      .orderBy(desc(checkResults.startedAt))
      .limit(1)
      .prepare(),
  );
  return (await get(query, { checkNum }))?.error ?? null;
}

export interface OpenIncidentRow {
  id: string;
  name: string;
  severity: string;
  lastUpdateStatus: string;
  createdAt: string;
  sourceCheckId: string | null;
}

const OPEN_INCIDENTS = () => and(eq(incidents.accountId, sql.placeholder('accountId')), ne(incidents.lastUpdateStatus, 'RESOLVED'));

/** Status-page incidents not resolved, newest first, and how many there are. */
export async function listOpenIncidents(db: Db, accountId: string, limit: number): Promise<{ total: number; rows: OpenIncidentRow[] }> {
  db = await ready(db);
  const list = prepared(db, 'dashboardOpenIncidents', (d) =>
    d
      .select({
        id: incidents.id,
        name: incidents.name,
        severity: incidents.severity,
        lastUpdateStatus: incidents.lastUpdateStatus,
        createdAt: incidents.createdAt,
        sourceCheckId: incidents.sourceCheckId,
      })
      .from(incidents)
      .where(OPEN_INCIDENTS())
      .orderBy(desc(incidents.createdAt), desc(incidents.id))
      .limit(sql.placeholder('limit'))
      .prepare(),
  );
  const rows = await all(list, { accountId, limit });
  if (rows.length < limit) return { total: rows.length, rows };
  const total = prepared(db, 'dashboardOpenIncidentCount', (d) => d.select({ n: count() }).from(incidents).where(OPEN_INCIDENTS()).prepare());
  return { total: (await get(total, { accountId }))?.n ?? rows.length, rows };
}

export interface RecentNotificationRow {
  id: string;
  type: string;
  status: string;
  alertType: string;
  alertChannelId: number;
  /** The channel config as recorded with the notification (credentials left out). */
  alertConfig: Record<string, unknown>;
  checkId: string | null;
  /** The check's name now, else as the alert recorded it (a deleted check). */
  checkName: string | null;
  createdAt: number;
  sentAt: number | null;
}

const CHECK_NAME = perDialect(() => onPostgres()
  ? sql<string | null>`coalesce(${checks.name}, ${jsonText(checkAlerts.event, '$.checkName')})`
  : sql<string | null>`coalesce(${checks.name}, json_extract(${checkAlerts.event}, '$.checkName'))`);

/** The account's newest notifications with their check's name. */
export async function listRecentNotifications(db: Db, accountId: string, limit: number): Promise<RecentNotificationRow[]> {
  db = await ready(db);
  const query = prepared(db, 'dashboardNotifications', (d) =>
    d
      .select({
        id: alertNotifications.id,
        type: alertNotifications.type,
        status: alertNotifications.status,
        alertType: alertNotifications.alertType,
        alertChannelId: alertNotifications.alertChannelId,
        alertConfig: alertNotifications.alertConfig,
        checkId: alertNotifications.checkId,
        checkName: CHECK_NAME(),
        createdAt: alertNotifications.createdAt,
        sentAt: alertNotifications.sentAt,
      })
      .from(alertNotifications)
      .leftJoin(checks, eq(checks.id, alertNotifications.checkId))
      .leftJoin(checkAlerts, eq(checkAlerts.id, alertNotifications.checkAlertId))
      .where(eq(alertNotifications.accountId, sql.placeholder('accountId')))
      .orderBy(desc(alertNotifications.createdAt), desc(alertNotifications.id))
      .limit(sql.placeholder('limit'))
      .prepare(),
  );
  return await all(query, { accountId, limit });
}
