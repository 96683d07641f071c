import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src-main/core/config';
import { openDb, type DbHandle } from '../../src-main/db/connection';
import { MIGRATIONS } from '../helpers/migrations';
import { startPgCluster, type PgCluster } from '../helpers/postgres';

// What each database really has after its migrations, read from its own catalog: the committed SQL
// of both dialects must build the same tables, not only the two schema files describe them.

const MIGRATIONS_PG = join(PROJECT_ROOT, 'src-main', 'db', 'migrations-pg');

interface Table {
  columns: Record<string, { notNull: boolean }>;
  primaryKey: string[];
  indexes: Record<string, { columns: string[]; unique: boolean; partial: boolean }>;
  foreignKeys: Record<string, { references: string; onDelete: string; onUpdate: string }>;
}
type Catalog = Record<string, Table>;

function sqliteCatalog(handle: DbHandle): Catalog {
  const sqlite = handle.sqlite;
  const catalog: Catalog = {};
  const tables = sqlite
    .prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%' order by name`)
    .all() as { name: string }[];
  for (const { name } of tables) {
    const info = sqlite.pragma(`table_info("${name}")`) as { name: string; notnull: number; pk: number; type: string }[];
    const columns: Table['columns'] = {};
    // An INTEGER PRIMARY KEY is the rowid: never null, though table_info says notnull 0 unless declared.
    for (const column of info) columns[column.name] = { notNull: column.notnull === 1 || (column.pk > 0 && column.type.toUpperCase() === 'INTEGER') };
    const primaryKey = info
      .filter((column) => column.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((column) => column.name);
    const indexes: Table['indexes'] = {};
    for (const index of sqlite.pragma(`index_list("${name}")`) as { name: string; unique: number; origin: string; partial: number }[]) {
      if (index.origin === 'pk') continue;
      const indexColumns = (sqlite.pragma(`index_info("${index.name}")`) as { seqno: number; name: string | null }[])
        .sort((a, b) => a.seqno - b.seqno)
        .map((column) => column.name ?? '(expression)');
      indexes[index.name] = { columns: indexColumns, unique: index.unique === 1, partial: index.partial === 1 };
    }
    const keys = new Map<number, { table: string; from: string[]; to: string[]; onDelete: string; onUpdate: string }>();
    for (const row of sqlite.pragma(`foreign_key_list("${name}")`) as { id: number; seq: number; table: string; from: string; to: string; on_delete: string; on_update: string }[]) {
      const key = keys.get(row.id) ?? { table: row.table, from: [], to: [], onDelete: row.on_delete, onUpdate: row.on_update };
      key.from[row.seq] = row.from;
      key.to[row.seq] = row.to;
      keys.set(row.id, key);
    }
    const foreignKeys: Table['foreignKeys'] = {};
    for (const key of keys.values()) {
      foreignKeys[key.from.join(', ')] = { references: `${key.table}(${key.to.join(', ')})`, onDelete: key.onDelete, onUpdate: key.onUpdate };
    }
    catalog[name] = { columns, primaryKey, indexes, foreignKeys };
  }
  return catalog;
}

const PG_ACTIONS: Record<string, string> = { a: 'NO ACTION', r: 'RESTRICT', c: 'CASCADE', n: 'SET NULL', d: 'SET DEFAULT' };

async function pgCatalog(client: pg.Client): Promise<Catalog> {
  const catalog: Catalog = {};
  const tables = await client.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  for (const { table_name: name } of tables.rows) {
    const columns: Table['columns'] = {};
    const columnRows = await client.query<{ column_name: string; is_nullable: string }>(
      `select column_name, is_nullable from information_schema.columns where table_schema = 'public' and table_name = $1 order by ordinal_position`,
      [name],
    );
    for (const row of columnRows.rows) columns[row.column_name] = { notNull: row.is_nullable === 'NO' };
    const primaryKey = await client.query<{ column_name: string }>(
      `select k.column_name from information_schema.table_constraints c
         join information_schema.key_column_usage k on k.constraint_name = c.constraint_name and k.table_schema = c.table_schema and k.table_name = c.table_name
        where c.table_schema = 'public' and c.table_name = $1 and c.constraint_type = 'PRIMARY KEY' order by k.ordinal_position`,
      [name],
    );
    const indexes: Table['indexes'] = {};
    // pg_indexes names every index; pg_index tells uniqueness, partiality and the columns in order.
    const indexRows = await client.query<{ indexname: string; unique: boolean; partial: boolean; columns: string[] }>(
      `select x.indexname, i.indisunique as unique, i.indpred is not null as partial,
              array(select pg_get_indexdef(i.indexrelid, n, true) from generate_series(1, i.indnatts) as n) as columns
         from pg_indexes x join pg_index i on i.indexrelid = format('%I.%I', x.schemaname, x.indexname)::regclass
        where x.schemaname = 'public' and x.tablename = $1 and not i.indisprimary`,
      [name],
    );
    // SQLite's index_info names no expression (an expression index's key is "(expression)"): neither is named here.
    const keyOf = (column: string) => {
      const name = column.replace(/^"(.*)"$/, '$1');
      return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : '(expression)';
    };
    for (const row of indexRows.rows) indexes[row.indexname] = { columns: row.columns.map(keyOf), unique: row.unique, partial: row.partial };
    const keyRows = await client.query<{ from_columns: string[]; foreign_table: string; to_columns: string[]; on_delete: string; on_update: string }>(
      `select array(select attname::text from unnest(c.conkey) with ordinality as k(num, pos) join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.num order by k.pos) as from_columns,
              f.relname as foreign_table,
              array(select attname::text from unnest(c.confkey) with ordinality as k(num, pos) join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.num order by k.pos) as to_columns,
              c.confdeltype as on_delete, c.confupdtype as on_update
         from pg_constraint c join pg_class f on f.oid = c.confrelid
        where c.contype = 'f' and c.conrelid = format('public.%I', $1::text)::regclass`,
      [name],
    );
    const foreignKeys: Table['foreignKeys'] = {};
    for (const row of keyRows.rows) {
      foreignKeys[row.from_columns.join(', ')] = {
        references: `${row.foreign_table}(${row.to_columns.join(', ')})`,
        onDelete: PG_ACTIONS[row.on_delete],
        onUpdate: PG_ACTIONS[row.on_update],
      };
    }
    catalog[name] = { columns, primaryKey: primaryKey.rows.map((row) => row.column_name), indexes, foreignKeys };
  }
  return catalog;
}

function differences(sqlite: Catalog, postgres: Catalog): string[] {
  const found: string[] = [];
  const compare = (what: string, left: Record<string, unknown>, right: Record<string, unknown>) => {
    for (const [name, value] of Object.entries(left)) {
      if (!(name in right)) found.push(`${what} ${name}: only in SQLite`);
      else if (JSON.stringify(value) !== JSON.stringify(right[name])) found.push(`${what} ${name}: SQLite ${JSON.stringify(value)}, PostgreSQL ${JSON.stringify(right[name])}`);
    }
    for (const name of Object.keys(right)) if (!(name in left)) found.push(`${what} ${name}: only in PostgreSQL`);
  };
  compare('table', Object.fromEntries(Object.keys(sqlite).map((name) => [name, true])), Object.fromEntries(Object.keys(postgres).map((name) => [name, true])));
  for (const [name, left] of Object.entries(sqlite)) {
    const right = postgres[name];
    if (!right) continue;
    compare(`${name}: column`, left.columns, right.columns);
    if (left.primaryKey.join(', ') !== right.primaryKey.join(', ')) found.push(`${name}: primary key (${left.primaryKey.join(', ')}) in SQLite, (${right.primaryKey.join(', ')}) in PostgreSQL`);
    compare(`${name}: index`, left.indexes, right.indexes);
    compare(`${name}: foreign key on`, left.foreignKeys, right.foreignKeys);
  }
  return found;
}

describe('the PostgreSQL migrations (migrations-pg) on a real PostgreSQL', () => {
  let cluster: PgCluster;
  let sqliteDir: string;
  let sqlite: DbHandle;
  let client: pg.Client;

  beforeAll(async () => {
    cluster = await startPgCluster();
    sqliteDir = await mkdtemp(join(tmpdir(), 'sightline-migrations-sqlite-'));
    sqlite = openDb({ dataDir: sqliteDir, migrationsDir: MIGRATIONS });
    client = new pg.Client({ connectionString: await cluster.createDatabase('sightline') });
    await client.connect();
  }, 60_000);

  afterAll(async () => {
    await client?.end();
    sqlite?.close();
    if (sqliteDir) await rm(sqliteDir, { recursive: true, force: true });
    await cluster?.stop();
  });

  it('build the same tables, columns, nullability, keys and indexes as the SQLite migrations', async () => {
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_PG });
    const [fromSqlite, fromPostgres] = [sqliteCatalog(sqlite), await pgCatalog(client)];
    // The comparison must have something to compare: every table, with its indexes and keys.
    expect(Object.keys(fromPostgres).length).toBeGreaterThan(40);
    expect(fromPostgres.check_results.indexes.check_results_check_started).toEqual({ columns: ['check_num', 'started_at'], unique: false, partial: false });
    expect(fromPostgres.check_rows.foreignKeys.account_id).toEqual({ references: 'accounts(id)', onDelete: 'CASCADE', onUpdate: 'NO ACTION' });
    expect(differences(fromSqlite, fromPostgres)).toEqual([]);
    // Readers read checks through the view of the published rows (issue 29's staged deploys), in both.
    const sqliteView = (sqlite.sqlite.prepare(`select name from pragma_table_info('checks')`).pluck().all() as string[]).sort();
    const pgView = (await client.query<{ column_name: string }>(`select column_name from information_schema.columns where table_name = 'checks'`)).rows.map((row) => row.column_name).sort();
    expect(pgView).toEqual(sqliteView);
    expect(sqliteView).toContain('body');
    expect(sqliteView).not.toContain('staged_by');
    expect((await client.query(`select table_type from information_schema.tables where table_name = 'checks'`)).rows).toEqual([{ table_type: 'VIEW' }]);
  });

  it('store an epoch-ms time, a boolean, JSON and bytes as the SQLite repositories read them', async () => {
    await client.query(`insert into accounts (id, name, created_at) values ('a1', 'A', '2026-11-28T00:00:00.000Z')`);
    await client.query(`insert into code_bundles (key, account_id, size, content, created_at) values ('k', 'a1', 3, '\\x010203', 1796000000000)`);
    await client.query(
      `insert into agent_jobs (job_id, location_id, session_id, job, state, lease_ms, enqueued_at, drop_after) values ('j', 'l', 's', '{"a":[1,2]}', 'QUEUED', 1000, 1796000000000, 1796000060000)`,
    );
    const db = drizzle(client);
    const { codeBundles, agentJobs } = await import('../../src-main/db/schema-pg');
    const [bundle] = await db.select().from(codeBundles);
    const [job] = await db.select().from(agentJobs);
    expect(bundle.createdAt).toBe(1_796_000_000_000);
    expect([...bundle.content]).toEqual([1, 2, 3]);
    expect(job).toMatchObject({ job: { a: [1, 2] }, cancelled: false, leases: 0, dropAfter: 1_796_000_060_000 });
  });

  it('refuse a second session for one check and planned slot, and only for a planned slot (issue 35 item 4)', async () => {
    await client.query(`insert into accounts (id, name, created_at) values ('slots', 'Slots', '2026-11-28T00:00:00.000Z') on conflict do nothing`);
    const { rows } = await client.query<{ check_num: number }>(`insert into check_schedule (account_id) values ('slots') returning check_num`);
    const checkNum = rows[0]!.check_num;
    const db = drizzle(client);
    const { checkSessions } = await import('../../src-main/db/schema-pg');
    const session = (plannedAt: number | null, runSource = 0) => ({ checkNum, status: 0, runSource, startedAt: 1_796_000_000_000, stoppedAt: null, runLocations: null, plannedAt });
    const start = (plannedAt: number | null, runSource?: number) =>
      db.insert(checkSessions).values(session(plannedAt, runSource)).onConflictDoNothing().returning({ id: checkSessions.id });
    // The scheduler's insert: the second leader's row for the same slot gets no id.
    expect(await start(1_796_000_010_000)).toHaveLength(1);
    expect(await start(1_796_000_010_000)).toEqual([]);
    // The next slot, and sessions without a slot (run now, API, heartbeats), are never refused.
    expect(await start(1_796_000_020_000)).toHaveLength(1);
    expect(await start(null, 1)).toHaveLength(1);
    expect(await start(null, 1)).toHaveLength(1);
    // A plain insert (no ON CONFLICT) is refused by the index itself.
    await expect(db.insert(checkSessions).values(session(1_796_000_010_000))).rejects.toMatchObject({ cause: { code: '23505', constraint: 'check_sessions_planned_slot' } });
    const counts = await client.query<{ planned_at: string | null; n: string }>(
      `select planned_at::text, count(*)::text as n from check_sessions where check_num = $1 group by planned_at order by planned_at nulls last`,
      [checkNum],
    );
    expect(counts.rows).toEqual([
      { planned_at: '1796000010000', n: '1' },
      { planned_at: '1796000020000', n: '1' },
      { planned_at: null, n: '2' },
    ]);
  });
});
