import { sql, type SQL } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { prepared } from '../prepared';
import { checkAlertStates, checkGroups, checkRows, checks, checkSchedule, checkSessions, UNFINISHED_BELOW } from '../tables';
import { all, allSql, getSql, onPostgres, runSql } from "../dialect";
import { jsonIsTrue, jsonNumber } from '../sql-fragments';

/** A member of `doc` as JSON text (SQLite's json_extract of an array or object gives its text; PostgreSQL's jsonb is cast). */
function listText(doc: string): SQL {
  return onPostgres() ? sql`(${sql.raw(doc)} -> 'dependsOn')::text` : sql`json_extract(${sql.raw(doc)}, '$.dependsOn')`;
}

/** A check's own `dependsOn` and its group's, as stored (JSON text or null). */
export interface DependencyListsRow {
  id: string;
  name: string;
  groupId: number | null;
  own: string | null;
  group: string | null;
}

function parseIds(json: string | null): string[] {
  if (!json) return [];
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

export function idsOf(row: { own: string | null; group: string | null }): { own: string[]; group: string[] } {
  return { own: parseIds(row.own), group: parseIds(row.group) };
}

/** Every check of the account with both lists: the dependency graph, read when a write could close a cycle. */
export async function dependencyLists(db: Db, accountId: string): Promise<DependencyListsRow[]> {
  db = await ready(db);
  return await allSql<DependencyListsRow>(db, sql`select c.id as id, c.name as name, c.group_id as "groupId",
      ${listText('c.body')} as own, ${listText('g.body')} as "group"
    from ${checks} c left join ${checkGroups} g on g.id = c.group_id
    where c.account_id = ${accountId}`);
}

/** One check's lists (undefined when it does not exist). */
export async function dependencyListsOf(db: Db, accountId: string, checkId: string): Promise<DependencyListsRow | undefined> {
  db = await ready(db);
  return await getSql<DependencyListsRow | undefined>(db, sql`select c.id as id, c.name as name, c.group_id as "groupId",
      ${listText('c.body')} as own, ${listText('g.body')} as "group"
    from ${checks} c left join ${checkGroups} g on g.id = c.group_id
    where c.account_id = ${accountId} and c.id = ${checkId}`);
}

/** Which of `ids` are checks of the account, with their names. */
export async function checkNamesOf(db: Db, accountId: string, ids: readonly string[]): Promise<Map<string, string>> {
  db = await ready(db);
  if (ids.length === 0) return new Map();
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await allSql<{ id: string; name: string }>(db, sql`select id, name from ${checks} where account_id = ${accountId} and id in (${list})`);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * Activated checks (in activated groups) whose own or group list names `checkId`, by name. Asked on
 * every alert, so it reads only the checks that depend on something (a partial index) and the
 * account's groups: parsing every check's body took ~60 ms at 10,000 checks.
 */
export async function activeDependentsOf(db: Db, accountId: string, checkId: string): Promise<{ id: string; name: string }[]> {
  db = await ready(db);
  if (onPostgres()) {
    // The first half reads the checks_with_dependencies partial index (its predicate repeated here).
    const groupActive = jsonIsTrue(sql.raw('g.body'), '$.activated', true);
    const names = sql`jsonb_build_array(${checkId}::text)`;
    return await allSql<{ id: string; name: string }>(db, sql`select id, name, folded from (
      select c.id as id, c.name as name, c.name_folded as folded
        from ${checkRows} c left join ${checkGroups} g on g.id = c.group_id
        where c.account_id = ${accountId} and c.staged_by is null
          and jsonb_typeof(c.body -> 'dependsOn') = 'array' and c.body -> 'dependsOn' <> '[]'::jsonb
          and c.id != ${checkId} and c.activated and ${groupActive}
          and c.body -> 'dependsOn' @> ${names}
      union
      select c.id as id, c.name as name, c.name_folded as folded
        from ${checks} c
        where c.group_id in (select g.id from ${checkGroups} g where g.account_id = ${accountId}
            and ${groupActive}
            and coalesce(g.body -> 'dependsOn', '[]'::jsonb) @> ${names})
          and c.id != ${checkId} and c.activated) dependents
      order by folded, id`);
  }
  return await allSql<{ id: string; name: string }>(db, sql`select c.id as id, c.name as name, c.name_folded as folded
      from ${checkRows} c indexed by checks_with_dependencies left join ${checkGroups} g on g.id = c.group_id
      where c.account_id = ${accountId} and c.staged_by is null and json_array_length(c.body, '$.dependsOn') > 0 and c.id != ${checkId} and c.activated = 1
        and coalesce(json_extract(g.body, '$.activated'), 1) = 1
        and exists (select 1 from json_each(c.body, '$.dependsOn') where value = ${checkId})
    union
    select c.id as id, c.name as name, c.name_folded as folded
      from ${checks} c
      where c.group_id in (select g.id from ${checkGroups} g where g.account_id = ${accountId}
          and coalesce(json_extract(g.body, '$.activated'), 1) = 1
          and exists (select 1 from json_each(g.body, '$.dependsOn') where value = ${checkId}))
        and c.id != ${checkId} and c.activated = 1
    order by folded, id`);
}

/** Drops `checkId` from every check's and group's list (the check is being deleted). */
export async function removeDependencyOn(db: Db, accountId: string, checkId: string): Promise<void> {
  db = await ready(db);
  const without = (body: ReturnType<typeof sql.raw>) =>
    sql`json_set(${body}, '$.dependsOn', (select json_group_array(value) from json_each(${body}, '$.dependsOn') where value != ${checkId}))`;
  const named = (body: ReturnType<typeof sql.raw>) => sql`exists (select 1 from json_each(${body}, '$.dependsOn') where value = ${checkId})`;
  const body = sql.raw('body');
  if (onPostgres()) {
    const pgWithout = sql`jsonb_set(body, '{dependsOn}', coalesce((select jsonb_agg(e.value order by e.n) from jsonb_array_elements(body -> 'dependsOn') with ordinality as e(value, n)
      where e.value <> to_jsonb(${checkId}::text)), '[]'::jsonb))`;
    const pgNamed = sql`jsonb_typeof(body -> 'dependsOn') = 'array' and body -> 'dependsOn' @> jsonb_build_array(${checkId}::text)`;
    await runSql(db, sql`update ${checkRows} set body = ${pgWithout} where account_id = ${accountId} and ${pgNamed}`);
    await runSql(db, sql`update ${checkGroups} set body = ${pgWithout} where account_id = ${accountId} and ${pgNamed}`);
    return;
  }
  await runSql(db, sql`update ${checkRows} set body = ${without(body)} where account_id = ${accountId} and ${named(body)}`);
  await runSql(db, sql`update ${checkGroups} set body = ${without(body)} where account_id = ${accountId} and ${named(body)}`);
}

/** What judging a dependent needs to know of one dependency. */
export interface DependencyStatusRow {
  /** Heartbeats are never run for fresh facts: their last verdict is current. */
  checkType: string;
  id: string;
  name: string;
  /** 1 when the check and its group are activated. */
  activated: number;
  frequency: number | null;
  frequencyOffset: number | null;
  /** Its alert state (JSON) and when it was last judged (epoch ms), null when never. */
  state: string | null;
  judgedAt: number | null;
  /** 1 when a session of it has not finished yet. */
  inFlight: number;
  /** When its latest session started (epoch ms), null when it never ran: a run that finished may not be judged yet. */
  lastStartedAt: number | null;
}

export async function dependencyStatuses(db: Db, accountId: string, ids: readonly string[]): Promise<DependencyStatusRow[]> {
  db = await ready(db);
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  if (onPostgres()) {
    return await allSql<DependencyStatusRow>(db, sql`select c.id as id, c.name as name, c.check_type as "checkType",
      (case when c.activated and ${jsonIsTrue(sql.raw('g.body'), '$.activated', true)} then 1 else 0 end) as activated,
      ${jsonNumber(sql.raw('c.body'), '$.frequency')} as frequency, ${jsonNumber(sql.raw('c.body'), '$.frequencyOffset')} as "frequencyOffset",
      s.state::text as state, s.updated_at::double precision as "judgedAt",
      (case when exists (select 1 from ${checkSessions} cs join ${checkSchedule} sc on sc.check_num = cs.check_num
        where sc.check_id = c.id and cs.status < ${UNFINISHED_BELOW}) then 1 else 0 end) as "inFlight",
      (select max(cs.started_at)::double precision from ${checkSessions} cs join ${checkSchedule} sc on sc.check_num = cs.check_num
        where sc.check_id = c.id) as "lastStartedAt"
    from ${checks} c left join ${checkGroups} g on g.id = c.group_id left join ${checkAlertStates} s on s.check_id = c.id
    where c.account_id = ${accountId} and c.id in (${list})`);
  }
  return await allSql<DependencyStatusRow>(db, sql`select c.id as id, c.name as name, c.check_type as checkType,
      (c.activated = 1 and coalesce(json_extract(g.body, '$.activated'), 1) = 1) as activated,
      json_extract(c.body, '$.frequency') as frequency, json_extract(c.body, '$.frequencyOffset') as frequencyOffset,
      s.state as state, s.updated_at as judgedAt,
      exists (select 1 from ${checkSessions} cs join ${checkSchedule} sc on sc.check_num = cs.check_num
        where sc.check_id = c.id and cs.status < ${UNFINISHED_BELOW}) as inFlight,
      (select max(cs.started_at) from ${checkSessions} cs join ${checkSchedule} sc on sc.check_num = cs.check_num
        where sc.check_id = c.id) as lastStartedAt
    from ${checks} c left join ${checkGroups} g on g.id = c.group_id left join ${checkAlertStates} s on s.check_id = c.id
    where c.account_id = ${accountId} and c.id in (${list})`);
}

/** Alert states holding an alert back until a dependency's verdict arrives (the partial index keeps this cheap). */
export async function heldAlertStates(db: Db): Promise<{ checkId: string; accountId: string }[]> {
  db = await ready(db);
  // Asked after every judged run: prepared once (the partial index check_alert_states_held answers it).
  const query = prepared(db, 'heldAlertStates', (d) =>
    d
      .select({ checkId: checkAlertStates.checkId, accountId: checkAlertStates.accountId })
      .from(checkAlertStates)
      .where(
        onPostgres()
          ? sql`${checkAlertStates.state} -> 'held' is not null and ${checkAlertStates.state} -> 'held' <> 'null'::jsonb`
          : sql`json_extract(state, '$.held') is not null`,
      )
      .prepare(),
  );
  return await all(query);
}

/** Drops every one of `checkIds` from every check's and group's list in one pass per table (many checks are being deleted). */
export async function removeDependenciesOn(db: Db, accountId: string, checkIds: readonly string[]): Promise<void> {
  db = await ready(db);
  if (checkIds.length === 0) return;
  const body = sql.raw('body');
  if (onPostgres()) {
    const gone = sql`${sql.param([...checkIds])}::text[]`;
    const pgWithout = sql`jsonb_set(body, '{dependsOn}', coalesce((select jsonb_agg(e.value order by e.n) from jsonb_array_elements(body -> 'dependsOn') with ordinality as e(value, n)
      where not (jsonb_typeof(e.value) = 'string' and (e.value #>> '{}') = any(${gone}))), '[]'::jsonb))`;
    const pgNamed = sql`jsonb_typeof(body -> 'dependsOn') = 'array' and (body -> 'dependsOn') ?| ${gone}`;
    await runSql(db, sql`update ${checkRows} set body = ${pgWithout} where account_id = ${accountId} and ${pgNamed}`);
    await runSql(db, sql`update ${checkGroups} set body = ${pgWithout} where account_id = ${accountId} and ${pgNamed}`);
    return;
  }
  const gone = JSON.stringify(checkIds);
  const without = sql`json_set(${body}, '$.dependsOn', (select json_group_array(value) from json_each(${body}, '$.dependsOn') where value not in (select value from json_each(${gone}))))`;
  const named = sql`exists (select 1 from json_each(${body}, '$.dependsOn') where value in (select value from json_each(${gone})))`;
  await runSql(db, sql`update ${checkRows} set body = ${without} where account_id = ${accountId} and json_array_length(${body}, '$.dependsOn') > 0 and ${named}`);
  await runSql(db, sql`update ${checkGroups} set body = ${without} where account_id = ${accountId} and ${named}`);
}
