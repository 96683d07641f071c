import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A throwaway PostgreSQL cluster for one test file: its own folder, reached over a unix socket in it. */
export interface PgCluster {
  /** A connection string for the `postgres` database (node-postgres reads the socket folder from `host`). */
  url: string;
  /** The folder holding the socket (`host` for node-postgres and libpq). */
  socketDir: string;
  /** The major version of the server that runs. */
  version: number;
  /** A connection string for a new, empty database of the cluster. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server but keeps its folder (an outage): connections are cut, new ones refused until startServer(). */
  stopServer(): Promise<void>;
  /** Starts the server stopped by stopServer() again, with the same settings and data. */
  startServer(): Promise<void>;
  /** Stops the server (immediate: no checkpoint, nothing here needs keeping) and removes its folder. */
  stop(): Promise<void>;
}

const POSTGRES_ROOT = '/usr/lib/postgresql';
const MINIMUM_VERSION = 15;
const PORT = 5432;

/** The newest installed PostgreSQL ≥ 15 (Debian's layout: /usr/lib/postgresql/<major>/bin). */
export function postgresBinaries(): { bin: string; version: number } | null {
  if (!existsSync(POSTGRES_ROOT)) return null;
  return (
    readdirVersions()
      .filter((version) => version >= MINIMUM_VERSION && existsSync(join(POSTGRES_ROOT, String(version), 'bin', 'pg_ctl')))
      .map((version) => ({ bin: join(POSTGRES_ROOT, String(version), 'bin'), version }))
      .at(-1) ?? null
  );
}

function readdirVersions(): number[] {
  return readdirSync(POSTGRES_ROOT)
    .map(Number)
    .filter((version) => Number.isInteger(version))
    .sort((a, b) => a - b);
}

/**
 * Runs a PostgreSQL tool as the `postgres` OS user when the tests run as root (initdb and postgres
 * refuse to run as root), as the current user otherwise.
 */
async function asPostgres(binary: string, args: string[]): Promise<void> {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
  try {
    await run(file, argv, { timeout: 60_000 });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${binary} ${args.join(' ')} failed: ${(error as Error).message}\n${stdout ?? ''}${stderr ?? ''}`, { cause: error });
  }
}

/**
 * initdb and pg_ctl in a new temporary folder, settings for speed over durability (no fsync, small
 * buffers), only a unix socket in that folder: nothing else on the machine can reach or collide
 * with it. Throws a message naming the package when PostgreSQL is not installed (.ci/run installs it).
 */
export async function startPgCluster(settings: { maxConnections?: number } = {}): Promise<PgCluster> {
  const binaries = postgresBinaries();
  if (!binaries) {
    throw new Error(
      `PostgreSQL ${MINIMUM_VERSION} or newer is not installed (no ${POSTGRES_ROOT}/<version>/bin/pg_ctl): ` +
        `install Debian's postgresql-${MINIMUM_VERSION} (apt-get install postgresql-${MINIMUM_VERSION}); .ci/run does this on CI`,
    );
  }
  const root = await mkdtemp(join(tmpdir(), 'sightline-pg-'));
  const dataDir = join(root, 'data');
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    await chown(root, Number(stdout.trim()), Number(group.trim()));
  }
  const removeRoot = () => rm(root, { recursive: true, force: true });
  const options = [
    `-k ${root}`,
    "-c listen_addresses=''",
    `-p ${PORT}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c shared_buffers=16MB',
    `-c max_connections=${settings.maxConnections ?? 50}`,
    '-c autovacuum=off',
    '-c logging_collector=off',
  ].join(' ');
  const startServer = () => asPostgres(join(binaries.bin, 'pg_ctl'), ['-D', dataDir, '-o', options, '-l', join(root, 'server.log'), '-w', '-t', '30', 'start']);
  try {
    await asPostgres(join(binaries.bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '--encoding=UTF8', '--locale=C']);
    await startServer();
  } catch (error) {
    await removeRoot();
    throw error;
  }
  const urlFor = (database: string) => `postgres://postgres@/${database}?host=${encodeURIComponent(root)}&port=${PORT}`;
  let stopped = false;
  return {
    url: urlFor('postgres'),
    socketDir: root,
    version: binaries.version,
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
      await asPostgres(join(binaries.bin, 'psql'), ['-h', root, '-p', String(PORT), '-U', 'postgres', '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-qc', `create database ${name}`]);
      return urlFor(name);
    },
    async stopServer() {
      await asPostgres(join(binaries.bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
    },
    startServer,
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        // Not running after a stopServer() that a failed test never undid.
        if (existsSync(join(dataDir, 'postmaster.pid'))) await asPostgres(join(binaries.bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        await removeRoot();
      }
    },
  };
}

