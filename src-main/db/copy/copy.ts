import type Database from 'better-sqlite3';
import type pg from 'pg';
import { copyPlan, type CopyTable } from './plan';
import { CopyRefused } from './refused';
import { quoteIdentifier as quote, refuseNonEmpty, tablesWithRows } from './target';
import { toPgParameter, type PgParameter, type SqliteValue } from './values';

export interface TableCount {
  table: string;
  sqlite: number;
  postgres: number;
}

export interface CopyOptions {
  /** Called after each batch written: the table, rows written so far and the table's total. */
  onProgress?: (table: string, copied: number, total: number) => void;
  /** For messages about the target (never with its password). */
  targetName: string;
}

/** Rows per INSERT; fewer for wide tables, under PostgreSQL's 65,535 parameters per statement. */
const BATCH_ROWS = 1000;
/** Refusals listed at most: past the first, the copy only reads on to find rows with the same kind of problem. */
const MAX_PROBLEMS = 50;
const INTERNAL_TABLES = /^(sqlite_|__drizzle)/;

/**
 * Copies every table of the source into the (migrated, empty) target in one PostgreSQL
 * transaction: parents first, rows paged from SQLite in key order, 1,000 per INSERT. A value
 * PostgreSQL cannot hold, or a row it refuses (a key, a constraint), is reported naming the table
 * and row, and the transaction is rolled back: the target is left without rows. Then the row
 * counts of both sides are compared inside the transaction, and each identity sequence is moved
 * past the largest id SQLite ever gave (sqlite_sequence, so a deleted id is not given again).
 */
export async function copyToPostgres(source: Database.Database, client: pg.Client, options: CopyOptions): Promise<TableCount[]> {
  const plan = copyPlan();
  checkSourceTables(source, plan);
  // One read snapshot of the source for the counts, the rows and the sequences (no writer can be running: the folder is locked).
  source.exec('BEGIN');
  try {
    const counts = new Map(plan.map((table) => [table.name, Number((source.prepare(`select count(*) from ${quote(table.name)}`).pluck().get() as number | bigint))]));
    await client.query('BEGIN');
    try {
      // No server and no second copy may read or write these tables until the copy commits; emptiness is re-checked under the lock.
      await client.query(`LOCK TABLE ${plan.map((table) => quote(table.name)).join(', ')} IN ACCESS EXCLUSIVE MODE`);
      refuseNonEmpty(await tablesWithRows(client, plan.map((table) => table.name)), options.targetName);
      const problems: string[] = [];
      let more = 0;
      const note = (problem: string) => {
        if (problems.length < MAX_PROBLEMS) problems.push(problem);
        else more += 1;
      };
      for (const table of plan) await copyTable(source, client, table, counts.get(table.name)!, note, options.onProgress);
      if (problems.length > 0) {
        throw new CopyRefused(
          `Nothing was copied: PostgreSQL cannot take ${problems.length + more === 1 ? 'this row' : 'these rows'} as stored (the target is left without rows):\n` +
            problems.map((problem) => `  ${problem}`).join('\n') +
            (more > 0 ? `\n  … and ${more} more` : '') +
            '\nCorrect or delete them in the source (through the API or the console, with the server running), stop it, and copy again.',
        );
      }
      const result: TableCount[] = [];
      for (const table of plan) {
        const copied = await client.query<{ count: string }>(`select count(*) as count from ${quote(table.name)}`);
        result.push({ table: table.name, sqlite: counts.get(table.name)!, postgres: Number(copied.rows[0].count) });
      }
      const differing = result.filter((count) => count.sqlite !== count.postgres);
      if (differing.length > 0) {
        throw new CopyRefused(
          `Nothing was copied: the row counts differ after copying (${differing.map((count) => `${count.table}: ${count.sqlite} in SQLite, ${count.postgres} in PostgreSQL`).join('; ')}); the transaction was rolled back.`,
        );
      }
      await moveSequences(source, client, plan);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    // Only reads happened; ending the snapshot must not hide the error that ended the copy.
    if (source.inTransaction) {
      try {
        source.exec('COMMIT');
      } catch {
        // the connection is closed right after
      }
    }
  }
}

/** The source must have exactly the schema's tables: one missing or one unknown means another Sightline's database. */
function checkSourceTables(source: Database.Database, plan: CopyTable[]): void {
  const present = (source.prepare(`select name from sqlite_master where type = 'table'`).pluck().all() as string[]).filter((name) => !INTERNAL_TABLES.test(name));
  const planned = new Set(plan.map((table) => table.name));
  const missing = plan.filter((table) => !present.includes(table.name)).map((table) => table.name);
  const unknown = present.filter((name) => !planned.has(name));
  if (missing.length > 0 || unknown.length > 0) {
    throw new CopyRefused(
      `The source database does not have this Sightline's tables (${[...missing.map((name) => `${name} missing`), ...unknown.map((name) => `${name} unknown`)].join(', ')}): ` +
        'copy it with the Sightline version that wrote it.',
    );
  }
}

async function copyTable(
  source: Database.Database,
  client: pg.Client,
  table: CopyTable,
  total: number,
  note: (problem: string) => void,
  onProgress: CopyOptions['onProgress'],
): Promise<void> {
  if (total === 0) return;
  const columns = table.columns.map((column) => quote(column.name));
  const keyed = table.key.length > 0;
  const order = keyed ? table.key.map(quote).join(', ') : 'rowid';
  const select = source
    .prepare(`select ${columns.join(', ')}${keyed ? '' : ', rowid'} from ${quote(table.name)} order by ${order}`)
    .raw(true)
    .safeIntegers(true);
  const batchRows = Math.min(BATCH_ROWS, Math.floor(65_535 / columns.length));
  const insertPrefix = `insert into ${quote(table.name)} (${columns.join(', ')}) values `;
  const rowName = (row: SqliteValue[]) =>
    keyed
      ? `${table.name} (${table.key.map((key) => `${key} = ${show(row[table.columns.findIndex((column) => column.name === key)])}`).join(', ')})`
      : `${table.name} (rowid ${row[columns.length]})`;

  let batch: { name: () => string; values: PgParameter[] }[] = [];
  let copied = 0;
  let failed = false;
  const flush = async () => {
    if (batch.length === 0) return;
    if (!failed) failed = !(await insertBatch(client, insertPrefix, columns.length, batch, note));
    copied += batch.length;
    batch = [];
    onProgress?.(table.name, copied, total);
  };
  for (const row of select.iterate() as IterableIterator<SqliteValue[]>) {
    const values: PgParameter[] = [];
    let problem: string | null = null;
    for (const [index, column] of table.columns.entries()) {
      const converted = toPgParameter(column.kind, row[index]);
      if ('problem' in converted) {
        problem = `${rowName(row)}: column ${column.name} ${converted.problem}`;
        break;
      }
      values.push(converted.value);
    }
    if (problem) {
      note(problem);
      failed = true;
      continue;
    }
    batch.push({ name: () => rowName(row), values });
    if (batch.length === batchRows) await flush();
  }
  await flush();
}

/**
 * One multi-row INSERT under a savepoint; when PostgreSQL refuses it, the rows are tried one by one
 * to name the ones it refuses. False once a row was refused (the caller then writes no more).
 */
async function insertBatch(client: pg.Client, prefix: string, width: number, batch: { name: () => string; values: PgParameter[] }[], note: (problem: string) => void): Promise<boolean> {
  const tuple = (row: number) => `(${Array.from({ length: width }, (_, column) => `$${row * width + column + 1}`).join(', ')})`;
  await client.query('SAVEPOINT copy_batch');
  try {
    await client.query(prefix + batch.map((_, row) => tuple(row)).join(', '), batch.flatMap((row) => row.values));
    await client.query('RELEASE SAVEPOINT copy_batch');
    return true;
  } catch {
    await client.query('ROLLBACK TO SAVEPOINT copy_batch');
  }
  let refused = false;
  for (const row of batch) {
    await client.query('SAVEPOINT copy_row');
    try {
      await client.query(prefix + tuple(0), row.values);
      await client.query('RELEASE SAVEPOINT copy_row');
    } catch (error) {
      await client.query('ROLLBACK TO SAVEPOINT copy_row');
      const { message, detail } = error as { message: string; detail?: string };
      note(`${row.name()}: PostgreSQL refused it: ${message}${detail ? ` (${detail})` : ''}`);
      refused = true;
    }
  }
  return !refused;
}

/** Each identity sequence continues after the larger of the largest copied id and SQLite's own sequence. */
async function moveSequences(source: Database.Database, client: pg.Client, plan: CopyTable[]): Promise<void> {
  const hasSequences = source.prepare(`select 1 from sqlite_master where type = 'table' and name = 'sqlite_sequence'`).get() !== undefined;
  const sqliteSequence = hasSequences ? source.prepare('select seq from sqlite_sequence where name = ?').pluck().safeIntegers(true) : null;
  for (const table of plan) {
    for (const column of table.identity) {
      const largest = await client.query<{ largest: string }>(`select coalesce(max(${quote(column)}), 0)::text as largest from ${quote(table.name)}`);
      const given = (sqliteSequence?.get(table.name) as bigint | undefined) ?? 0n;
      const copiedMax = BigInt(largest.rows[0].largest);
      const next = (copiedMax > given ? copiedMax : given) + 1n;
      await client.query(`select setval(pg_get_serial_sequence($1, $2), $3, false)`, [quote(table.name), column, next.toString()]);
    }
  }
}

function show(value: SqliteValue | undefined): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Buffer.isBuffer(value)) return `x'${value.toString('hex')}'`;
  return String(value);
}
