import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { PROJECT_ROOT } from './core/config';
import { openDb, DB_FILE_NAME, type DbHandle } from './db/connection';
import { copyToPostgres, type TableCount } from './db/copy/copy';
import { CopyRefused } from './db/copy/refused';
import { sourceKeyFile } from './db/copy/source-key';
import { connectTarget, migrateTarget, redactUrl, refuseNonEmpty, scrubbed, tablesWithRows } from './db/copy/target';
import { copyPlan } from './db/copy/plan';
import { lockDataDir } from './db/data-dir-lock';
import { describeHolder, LockHeldError, type ProcessLock } from './db/process-lock';

export const DB_COPY_USAGE = `  sightline db copy --from DIR --to postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE [--secret-key-file PATH]

  db copy  move a single server's data into PostgreSQL, for team mode: every table of its SQLite
          database (checks, groups, channels, history, results, keys, sessions, settings) is
          copied into an empty database in one transaction, then the row counts are compared.
          --from  the server's data folder (its --data-dir); the server must be stopped
          --to    the PostgreSQL database (also env SIGHTLINE_DATABASE_URL); it must exist and
                  hold no Sightline rows: a database with rows is refused, never overwritten
          --secret-key-file  the key file the server was started with, when that was not
                  secret.key in its data folder (also env SIGHTLINE_SECRET_KEY_FILE). Secrets
                  stay sealed with it: give the team-mode servers that same file`;

const MIGRATIONS = join(PROJECT_ROOT, 'src-main', 'db', 'migrations');
const MIGRATIONS_PG = join(PROJECT_ROOT, 'src-main', 'db', 'migrations-pg');
/** Tables with at least this many rows get progress lines (each tenth). */
const PROGRESS_MIN_ROWS = 10_000;

interface Output {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** `sightline db …`: today only `db copy`. Refusals print their message and set exit code 1; usage errors go through `fail` (exit 2). */
export async function dbCommand(argv: string[], fail: (message: string) => never, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const [subcommand, ...rest] = argv;
  if (subcommand !== 'copy') fail(subcommand === undefined ? 'sightline db needs a command: db copy' : `Unknown db command "${subcommand}": the one db command is "db copy"`);
  let values;
  try {
    ({ values } = parseArgs({ args: rest, options: { from: { type: 'string' }, to: { type: 'string' }, 'secret-key-file': { type: 'string' } }, strict: true, allowPositionals: false }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.from === undefined || values.from.trim() === '') fail('--from needs the data folder of the server to copy (its --data-dir)');
  const to = values.to ?? env.SIGHTLINE_DATABASE_URL;
  if (to === undefined || to.trim() === '') fail('--to needs the PostgreSQL database to copy into, postgres://USER@HOST/DATABASE (or set SIGHTLINE_DATABASE_URL)');
  if (!/^postgres(ql)?:\/\//i.test(to)) fail(`--to must be a postgres:// or postgresql:// connection string, got "${redactUrl(to)}"`);
  const namedKey = values['secret-key-file'] ?? env.SIGHTLINE_SECRET_KEY_FILE;
  if (namedKey !== undefined && namedKey.trim() === '') fail('--secret-key-file needs the path of a key file');
  const output: Output = { out: (line) => process.stdout.write(`${line}\n`), err: (line) => process.stderr.write(`${line}\n`) };
  try {
    await copyCommand(resolve(values.from), to, namedKey === undefined ? null : resolve(namedKey), output);
  } catch (error) {
    if (!(error instanceof CopyRefused)) throw error;
    output.err(error.message);
    process.exitCode = 1;
  }
}

async function copyCommand(dataDir: string, url: string, namedKey: string | null, { out, err }: Output): Promise<void> {
  const target = redactUrl(url);
  const dbFile = join(dataDir, DB_FILE_NAME);
  if (!existsSync(dataDir) || !statSync(dataDir).isDirectory()) throw new CopyRefused(`--from: the folder ${dataDir} does not exist; name the data folder of a Sightline server (its --data-dir).`);
  if (!existsSync(dbFile)) throw new CopyRefused(`--from: ${dataDir} has no Sightline database (no ${DB_FILE_NAME}); name the data folder of a Sightline server (its --data-dir).`);
  let lock: ProcessLock;
  try {
    lock = lockDataDir(dataDir, 'sightline db copy');
  } catch (error) {
    if (!(error instanceof LockHeldError)) throw error;
    throw new CopyRefused(
      `Cannot copy a database that a server is using: the data folder ${dataDir} is in use by ${describeHolder(error.holder)}. ` +
        'Stop it first (rows it wrote during the copy would be missing or half there), then copy again.',
    );
  }
  let source: DbHandle | null = null;
  let client: Awaited<ReturnType<typeof connectTarget>> | null = null;
  try {
    refuseNonSightline(dbFile);
    client = await connectTarget(url);
    const plan = copyPlan();
    // Before the source is touched (migrated), so a refused target changes nothing anywhere.
    refuseNonEmpty(await tablesWithRows(client, plan.map((table) => table.name)), url);
    try {
      // The migrations a server of this version would apply at its start: the source then has this schema's tables.
      source = openDb({ dataDir, migrationsDir: MIGRATIONS });
    } catch (error) {
      throw new CopyRefused(`Cannot open ${dbFile}: ${(error as Error).message}`);
    }
    const keyFile = await sourceKeyFile(source.db, dataDir, namedKey, Date.now());
    out(`Copying ${dbFile} to ${target}`);
    await migrateTarget(client, MIGRATIONS_PG, url);
    const shown = new Map<string, number>();
    const counts = await copyToPostgres(source.sqlite, client, {
      targetName: url,
      onProgress(table, copied, total) {
        if (total < PROGRESS_MIN_ROWS) return;
        const tenth = Math.floor((copied * 10) / total);
        if (tenth <= (shown.get(table) ?? 0)) return;
        shown.set(table, tenth);
        err(`${table}: ${copied.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows (${Math.floor((copied * 100) / total)} %)`);
      },
    }).catch((error: unknown) => {
      if (error instanceof CopyRefused) throw error;
      // E.g. the connection lost mid-copy: PostgreSQL rolls back a transaction whose connection is gone.
      throw new CopyRefused(`Copying into ${target} failed: ${scrubbed((error as Error).message, url)}. The copy's transaction was not committed: the target has none of its rows; run db copy again.`);
    });
    for (const line of countTable(counts)) out(line);
    out(`Verified: all ${counts.length} tables have as many rows in PostgreSQL as in SQLite.`);
    out('');
    out(`Stored secrets and API keys stay sealed with the key file ${keyFile}: nothing was re-sealed.`);
    out('Give every team-mode server that same file (copy it with mode 0600), e.g.:');
    out(`  sightline serve --database '${target}' --secret-key-file ${keyFile}`);
    out('A server given another key file refuses to start (the key check is part of the copied data).');
  } finally {
    await client?.end().catch(() => undefined);
    source?.close();
    lock.release();
  }
}

/** A sightline.db without Sightline's tables (another program's file) is not migrated into one. */
function refuseNonSightline(dbFile: string): void {
  let tables: string[];
  try {
    const sqlite = new Database(dbFile, { fileMustExist: true, timeout: 5000 });
    try {
      tables = sqlite.prepare(`select name from sqlite_master where type = 'table'`).pluck().all() as string[];
    } finally {
      sqlite.close();
    }
  } catch (error) {
    throw new CopyRefused(`--from: ${dbFile} cannot be read as a SQLite database: ${(error as Error).message}`);
  }
  if (!tables.includes('__drizzle_migrations') || !tables.includes('accounts')) {
    throw new CopyRefused(`--from: ${dbFile} is not a Sightline database (it has no Sightline tables); name the data folder of a Sightline server (its --data-dir).`);
  }
}

function countTable(counts: TableCount[]): string[] {
  const total = (side: 'sqlite' | 'postgres') => counts.reduce((sum, count) => sum + count[side], 0);
  const rows = [
    ['table', 'SQLite', 'PostgreSQL'],
    ...counts.map((count) => [count.table, count.sqlite.toLocaleString('en-US'), count.postgres.toLocaleString('en-US')]),
    [`all ${counts.length} tables`, total('sqlite').toLocaleString('en-US'), total('postgres').toLocaleString('en-US')],
  ];
  const width = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map((row) => `  ${row[0].padEnd(width[0])}  ${row[1].padStart(width[1])}  ${row[2].padStart(width[2])}`);
}
