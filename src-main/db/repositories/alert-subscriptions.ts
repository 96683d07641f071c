import { and, asc, count, eq, inArray, isNotNull, notInArray, sql, type SQL } from 'drizzle-orm';
import { connectionOf, type Db, ready } from '../connection';
import { prepared } from '../prepared';
import { FOLD_FUNCTION, foldName } from '../name-fold';
import { alertChannels, alertSubscriptions, checkGroups, checks, perDialect } from '../tables';
import { all, get, onPostgres, run, runSql } from "../dialect";

export type AlertSubscriptionRow = typeof alertSubscriptions.$inferSelect;

export async function subscriptionsOfCheck(db: Db, checkId: string): Promise<AlertSubscriptionRow[]> {
  db = await ready(db);
  const query = prepared(db, 'subscriptionsOfCheck', (d) =>
    d.select().from(alertSubscriptions).where(eq(alertSubscriptions.checkId, sql.placeholder('checkId'))).orderBy(asc(alertSubscriptions.id)).prepare(),
  );
  return await all(query, { checkId });
}

export async function subscriptionsOfChannel(db: Db, alertChannelId: number): Promise<AlertSubscriptionRow[]> {
  db = await ready(db);
  return await all(db.select().from(alertSubscriptions).where(eq(alertSubscriptions.alertChannelId, alertChannelId)).orderBy(asc(alertSubscriptions.id)));
}

/**
 * Inserts or updates the (channel, check) or (channel, group) subscription in one statement, on the
 * unique index of its kind: two servers subscribing the same pair at once both succeed, the later
 * one's `activated` kept, instead of the second failing on the index.
 */
export async function upsertSubscription(db: Db, row: Omit<AlertSubscriptionRow, 'id'>): Promise<AlertSubscriptionRow> {
  db = await ready(db);
  const target = row.checkId !== null ? [alertSubscriptions.alertChannelId, alertSubscriptions.checkId] : [alertSubscriptions.alertChannelId, alertSubscriptions.groupId];
  return await get(db.insert(alertSubscriptions).values(row).onConflictDoUpdate({ target, set: { activated: row.activated } }).returning());
}

export async function subscriptionsOfChannels(db: Db, alertChannelIds: number[]): Promise<AlertSubscriptionRow[]> {
  db = await ready(db);
  if (alertChannelIds.length === 0) return [];
  return await all(db.select().from(alertSubscriptions).where(inArray(alertSubscriptions.alertChannelId, alertChannelIds)).orderBy(asc(alertSubscriptions.id)));
}

/** Removes the channel's subscriptions other than those kept (a PUT that lists the channel's whole set). */
export async function deleteSubscriptionsOfChannelExcept(db: Db, alertChannelId: number, keepIds: number[]): Promise<void> {
  db = await ready(db);
  const ofChannel = eq(alertSubscriptions.alertChannelId, alertChannelId);
  await run(db.delete(alertSubscriptions)
        .where(keepIds.length ? and(ofChannel, notInArray(alertSubscriptions.id, keepIds)) : ofChannel));
}

/** A check's subscription with the channel it names, for the read shape of checks. */
export interface CheckChannelSubscription {
  checkId: string;
  alertChannelId: number;
  activated: boolean;
  channelType: string;
  channelBody: Record<string, unknown>;
}

/** Every subscription of the given checks with its channel, in one query. */
export async function channelSubscriptionsOfChecks(db: Db, checkIds: readonly string[]): Promise<CheckChannelSubscription[]> {
  db = await ready(db);
  if (checkIds.length === 0) return [];
  const rows = await all(db
      .select({
        checkId: alertSubscriptions.checkId,
        alertChannelId: alertSubscriptions.alertChannelId,
        activated: alertSubscriptions.activated,
        channelType: alertChannels.type,
        channelBody: alertChannels.body,
      })
      .from(alertSubscriptions)
      .innerJoin(alertChannels, eq(alertChannels.id, alertSubscriptions.alertChannelId))
      .where(and(isNotNull(alertSubscriptions.checkId), inArray(alertSubscriptions.checkId, [...checkIds])))
      .orderBy(asc(alertSubscriptions.alertChannelId)));
  return rows.flatMap((row) => (row.checkId === null ? [] : [{ ...row, checkId: row.checkId }]));
}

/** One subscription of a channel with the name of its check or group (null once that is deleted). */
export interface NamedSubscriptionRow {
  id: number;
  checkId: string | null;
  checkName: string | null;
  groupId: number | null;
  groupName: string | null;
  activated: boolean;
}

export interface NamedSubscriptionFilter {
  accountId: string;
  alertChannelId: number;
  /** A case-insensitive substring of the check's or group's name. */
  search?: string;
}

// Checks keep their folded name in an indexed column (migration 0010); group names are few and folded here.
// PostgreSQL has no sightline_fold: its lower() folds group names (ASCII only under the C collation).
const foldedTargetName = perDialect(() =>
  onPostgres()
    ? sql<string | null>`coalesce(${checks.nameFolded}, lower(${checkGroups.name}))`
    : sql<string | null>`coalesce(${checks.nameFolded}, ${sql.raw(FOLD_FUNCTION)}(${checkGroups.name}))`,
);

function namedWhere(filter: NamedSubscriptionFilter): SQL | undefined {
  return and(
    eq(alertSubscriptions.accountId, filter.accountId),
    eq(alertSubscriptions.alertChannelId, filter.alertChannelId),
    filter.search
      ? onPostgres()
        ? sql`strpos(${foldedTargetName()}, ${foldName(filter.search)}::text) > 0`
        : sql`instr(${foldedTargetName()}, ${foldName(filter.search)}) > 0`
      : undefined,
  );
}

/** One page of a channel's subscriptions with their names, by name (a deleted target's last). */
export async function namedSubscriptionsOfChannel(db: Db, filter: NamedSubscriptionFilter, limit: number, offset: number): Promise<NamedSubscriptionRow[]> {
  db = await ready(db);
  return await all(db
      .select({
        id: alertSubscriptions.id,
        checkId: alertSubscriptions.checkId,
        checkName: checks.name,
        groupId: alertSubscriptions.groupId,
        groupName: checkGroups.name,
        activated: alertSubscriptions.activated,
      })
      .from(alertSubscriptions)
      .leftJoin(checks, and(eq(checks.id, alertSubscriptions.checkId), eq(checks.accountId, filter.accountId)))
      .leftJoin(checkGroups, and(eq(checkGroups.id, alertSubscriptions.groupId), eq(checkGroups.accountId, filter.accountId)))
      .where(namedWhere(filter))
      .orderBy(sql`${foldedTargetName()} is null`, foldedTargetName(), asc(alertSubscriptions.id))
      .limit(limit)
      .offset(offset));
}

export async function countNamedSubscriptionsOfChannel(db: Db, filter: NamedSubscriptionFilter): Promise<number> {
  db = await ready(db);
  return (
    (await get(db
            .select({ n: count() })
            .from(alertSubscriptions)
            .leftJoin(checks, and(eq(checks.id, alertSubscriptions.checkId), eq(checks.accountId, filter.accountId)))
            .leftJoin(checkGroups, and(eq(checkGroups.id, alertSubscriptions.groupId), eq(checkGroups.accountId, filter.accountId)))
            .where(namedWhere(filter))))?.n ?? 0
  );
}

/** Removes one subscription of the channel; false when the channel has no subscription with that id. */
export async function deleteSubscriptionOfChannel(db: Db, accountId: string, alertChannelId: number, id: number): Promise<boolean> {
  db = await ready(db);
  return (
    (await run(db
            .delete(alertSubscriptions)
            .where(and(eq(alertSubscriptions.accountId, accountId), eq(alertSubscriptions.alertChannelId, alertChannelId), eq(alertSubscriptions.id, id))))).changes > 0
  );
}

/** Inserts or updates many (channel, check) subscriptions through one prepared statement: upsertSubscription for a deploy's checks. */
export async function upsertCheckSubscriptions(db: Db, rows: readonly (Omit<AlertSubscriptionRow, 'id'> & { checkId: string })[]): Promise<void> {
  db = await ready(db);
  if (rows.length === 0) return;
  if (onPostgres()) return upsertCheckSubscriptionsPg(db, rows);
  const statement = connectionOf(db).prepare(
    'insert into alert_subscriptions (account_id, alert_channel_id, check_id, group_id, activated) values (?, ?, ?, null, ?) on conflict (alert_channel_id, check_id) do update set activated = excluded.activated where activated != excluded.activated',
  );
  for (const r of rows) statement.run(r.accountId, r.alertChannelId, r.checkId, r.activated ? 1 : 0);
}

/** Rows per statement on PostgreSQL (5 parameters each, far below its 65,535). */
const PG_CHUNK = 1000;

/**
 * PostgreSQL: one multi-row statement per chunk. A statement may not upsert one key twice, so a
 * key given twice keeps its last row (what upserting the rows one by one leaves).
 */
async function upsertCheckSubscriptionsPg(db: Db, rows: readonly (Omit<AlertSubscriptionRow, 'id'> & { checkId: string })[]): Promise<void> {
  const last = new Map<string, (typeof rows)[number]>();
  for (const r of rows) last.set(`${r.alertChannelId}\u0000${r.checkId}`, r);
  const unique = [...last.values()];
  for (let i = 0; i < unique.length; i += PG_CHUNK) {
    const values = unique.slice(i, i + PG_CHUNK).map((r) => sql`(${r.accountId}, ${r.alertChannelId}, ${r.checkId}, null, ${r.activated})`);
    await runSql(db, sql`insert into ${alertSubscriptions} (account_id, alert_channel_id, check_id, group_id, activated) values ${sql.join(values, sql`, `)}
      on conflict (alert_channel_id, check_id) do update set activated = excluded.activated where ${alertSubscriptions}.activated != excluded.activated`);
  }
}
