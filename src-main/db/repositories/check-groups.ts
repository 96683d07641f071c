import { and, asc, count, desc, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, ready } from '../connection';
import { alertSubscriptions, checkGroups, checks } from '../tables';
import { all, allSql, get, getSql, onPostgres, run, runSql } from "../dialect";
import { jsonArrayHasText, notInList } from '../sql-fragments';
import { parseStored } from '../stored-rows';
import { CheckGroupCreate, DEFAULT_API_CHECK_DEFAULTS } from '../../../src-shared/schemas/check-group';
import { EnvironmentVariable, KeyValue } from '../../../src-shared/schemas/check-common';

/** Sealed values are longer than the plaintext they hold: the stored forms of the secret-bearing members. */
const SealedKeyValues = z.array(KeyValue.extend({ value: z.string() }));
const storedApiCheckDefaults = CheckGroupCreate.shape.apiCheckDefaults.unwrap();

/**
 * What the `body` column holds: the validated group body (CheckGroupCreate, the REST contract) but
 * its name and subscriptions, with secrets sealed (secret variables, header and query values, the
 * basic-auth password). A member an older version did not store reads as its default.
 */
export const StoredCheckGroupBody = CheckGroupCreate.omit({ name: true, alertChannelSubscriptions: true }).extend({
  environmentVariables: z.array(EnvironmentVariable.extend({ value: z.string().nullable().optional() })).nullable().default([]),
  apiCheckDefaults: storedApiCheckDefaults
    .extend({
      headers: SealedKeyValues.default([]),
      queryParameters: SealedKeyValues.default([]),
      basicAuth: z.object({ username: z.string(), password: z.string() }).nullable().default({ username: '', password: '' }),
    })
    .default(DEFAULT_API_CHECK_DEFAULTS),
});
export type StoredCheckGroupBody = z.infer<typeof StoredCheckGroupBody>;

type CheckGroupColumns = typeof checkGroups.$inferSelect;
/** A group as services see it: its body parsed (StoredCheckGroupBody). */
export type CheckGroupRow = Omit<CheckGroupColumns, 'body'> & { body: StoredCheckGroupBody };
export type NewCheckGroupRow = Omit<CheckGroupColumns, 'id'>;
export type GroupMemberCheckRow = typeof checks.$inferSelect;

/** The stored row parsed, or undefined (reported, see stored-rows.ts) when its body does not parse. */
function parsedRow(row: CheckGroupColumns): CheckGroupRow | undefined {
  const body = parseStored(StoredCheckGroupBody, row.body, { table: 'check_groups', id: row.id, stamp: row.updatedAt });
  return body && { ...row, body };
}

export interface CheckGroupFilter {
  accountId: string;
  /** Groups carrying any of these tags. */
  tags?: string[];
  /** Groups with exactly one of these names. */
  names?: string[];
}

function whereOf(filter: CheckGroupFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(checkGroups.accountId, filter.accountId)];
  if (filter.names?.length) parts.push(inArray(checkGroups.name, filter.names));
  if (filter.tags?.length) {
    parts.push(
      or(
        ...filter.tags.map((tag) =>
          onPostgres() ? jsonArrayHasText(checkGroups.body, '$.tags', tag) : sql`exists (select 1 from json_each(${checkGroups.body}, '$.tags') where json_each.value = ${tag})`,
        ),
      ),
    );
  }
  return and(...parts);
}

export async function findCheckGroup(db: Db, accountId: string, id: number): Promise<CheckGroupRow | undefined> {
  db = await ready(db);
  const row = await get(db
      .select()
      .from(checkGroups)
      .where(and(eq(checkGroups.accountId, accountId), eq(checkGroups.id, id))));
  return row && parsedRow(row);
}

/** The account's group ids (and names) among `ids`; an id of another account or a deleted group is left out. */
export async function groupNamesOf(db: Db, accountId: string, ids: readonly number[]): Promise<Map<number, string>> {
  db = await ready(db);
  if (ids.length === 0) return new Map();
  const rows = await all(db
      .select({ id: checkGroups.id, name: checkGroups.name })
      .from(checkGroups)
      .where(and(eq(checkGroups.accountId, accountId), inArray(checkGroups.id, [...ids]))));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function listCheckGroups(db: Db, filter: CheckGroupFilter, limit: number, offset: number): Promise<CheckGroupRow[]> {
  db = await ready(db);
  return (await all(db.select().from(checkGroups).where(whereOf(filter)).orderBy(asc(checkGroups.id)).limit(limit).offset(offset)))
    .map(parsedRow)
    .filter((row): row is CheckGroupRow => row !== undefined);
}

export async function countCheckGroups(db: Db, filter: CheckGroupFilter): Promise<number> {
  db = await ready(db);
  return (await get(db.select({ n: count() }).from(checkGroups).where(whereOf(filter))))?.n ?? 0;
}

/**
 * Takes `n` ids from the groups' AUTOINCREMENT sequence for groups created later with them
 * (a deploy stages checks in a group its commit creates). No group gets one of them otherwise;
 * ids never used leave a gap, as a rolled-back insert does.
 */
export async function reserveCheckGroupIds(db: Db, n: number): Promise<number[]> {
  db = await ready(db);
  if (n === 0) return [];
  if (onPostgres()) return reservePgCheckGroupIds(db, n);
  await runSql(db, sql`insert into sqlite_sequence (name, seq) select 'check_groups', coalesce((select max(id) from ${checkGroups}), 0)
    where not exists (select 1 from sqlite_sequence where name = 'check_groups')`);
  const last = (await getSql<{ seq: number }>(db, sql`update sqlite_sequence set seq = max(seq, coalesce((select max(id) from ${checkGroups}), 0)) + ${n}
    where name = 'check_groups' returning seq`)).seq;
  return Array.from({ length: n }, (_, i) => last - n + 1 + i);
}

/**
 * PostgreSQL: the ids come from the column's identity sequence, first moved past the largest id
 * stored (a row written with its id, as `db copy` does, does not advance it). Taken one by one
 * (nextval per row), so another writer's ids may fall between them: none of them is ever given twice.
 */
async function reservePgCheckGroupIds(db: Db, n: number): Promise<number[]> {
  await getSql(db, sql`select setval(s.seq, m.top) from (select pg_get_serial_sequence('check_groups', 'id')::regclass as seq) s,
      (select max(id) as top from ${checkGroups}) m
    where m.top > coalesce(pg_sequence_last_value(s.seq), 0)`);
  const rows = await allSql<{ id: number }>(db, sql`select nextval(pg_get_serial_sequence('check_groups', 'id'))::integer as id from generate_series(1, ${n}::integer)`);
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

export async function insertCheckGroup(db: Db, row: NewCheckGroupRow): Promise<number> {
  db = await ready(db);
  return (await get(db.insert(checkGroups).values(row).returning({ id: checkGroups.id }))).id;
}

export async function replaceCheckGroup(db: Db, row: Pick<CheckGroupColumns, 'accountId' | 'id' | 'name' | 'body' | 'updatedAt'>): Promise<void> {
  db = await ready(db);
  await run(db.update(checkGroups)
        .set({ name: row.name, body: row.body, updatedAt: row.updatedAt })
        .where(and(eq(checkGroups.accountId, row.accountId), eq(checkGroups.id, row.id))));
}

export async function deleteCheckGroup(db: Db, accountId: string, id: number): Promise<boolean> {
  db = await ready(db);
  return (await run(db
      .delete(checkGroups)
      .where(and(eq(checkGroups.accountId, accountId), eq(checkGroups.id, id))))).changes > 0;
}

export async function countChecksInGroup(db: Db, accountId: string, groupId: number, exceptCheckIds: readonly string[] = []): Promise<number> {
  db = await ready(db);
  return (
    (await get(db
            .select({ n: count() })
            .from(checks)
            .where(and(eq(checks.accountId, accountId), eq(checks.groupId, groupId), exceptCheckIds.length > 0 ? (onPostgres() ? notInList(checks.id, exceptCheckIds) : sql`${checks.id} not in (select value from json_each(${JSON.stringify(exceptCheckIds)}))`) : undefined))))?.n ?? 0
  );
}

/** Member checks, newest first like GET /v1/checks. */
export async function listChecksInGroup(db: Db, accountId: string, groupId: number, limit: number, offset: number): Promise<GroupMemberCheckRow[]> {
  db = await ready(db);
  return await all(db
      .select()
      .from(checks)
      .where(and(eq(checks.accountId, accountId), eq(checks.groupId, groupId)))
      .orderBy(desc(checks.createdAt), asc(checks.id))
      .limit(limit)
      .offset(offset));
}

export interface GroupSubscription {
  alertChannelId: number;
  activated: boolean;
}

export async function subscriptionsOfGroup(db: Db, groupId: number): Promise<GroupSubscription[]> {
  db = await ready(db);
  return await all(db
      .select({ alertChannelId: alertSubscriptions.alertChannelId, activated: alertSubscriptions.activated })
      .from(alertSubscriptions)
      .where(eq(alertSubscriptions.groupId, groupId))
      .orderBy(asc(alertSubscriptions.id)));
}

/** Subscriptions of several groups at once, for list pages. */
export async function subscriptionsOfGroups(db: Db, groupIds: number[]): Promise<Map<number, GroupSubscription[]>> {
  db = await ready(db);
  const byGroup = new Map<number, GroupSubscription[]>(groupIds.map((id) => [id, []]));
  if (groupIds.length === 0) return byGroup;
  const rows = await all(db
      .select({ groupId: alertSubscriptions.groupId, alertChannelId: alertSubscriptions.alertChannelId, activated: alertSubscriptions.activated })
      .from(alertSubscriptions)
      .where(inArray(alertSubscriptions.groupId, groupIds))
      .orderBy(asc(alertSubscriptions.id)));
  for (const row of rows) {
    if (row.groupId !== null) byGroup.get(row.groupId)?.push({ alertChannelId: row.alertChannelId, activated: row.activated });
  }
  return byGroup;
}

/** Removes the group's subscriptions to every channel not in `keepChannelIds`. */
export async function removeGroupSubscriptionsExcept(db: Db, groupId: number, keepChannelIds: number[]): Promise<void> {
  db = await ready(db);
  const scope = eq(alertSubscriptions.groupId, groupId);
  const where = keepChannelIds.length ? and(scope, notInArray(alertSubscriptions.alertChannelId, keepChannelIds)) : scope;
  await run(db.delete(alertSubscriptions).where(where));
}
