import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { CopyRefused } from './refused';

/** The connection string without its password (in the user part or a `password=` parameter), for messages. */
export function redactUrl(url: string): string {
  const match = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)(.*)$/i.exec(url);
  if (!match) return url.replace(/password=[^&\s]*/gi, 'password=…');
  const [, scheme, authority, rest] = match;
  const at = authority.lastIndexOf('@');
  const host = at >= 0 ? `${authority.slice(0, at).split(':')[0]}@${authority.slice(at + 1)}` : authority;
  return `${scheme}${host}${rest.replace(/([?&])password=[^&#]*&?/gi, '$1').replace(/[?&]$/, '')}`;
}

/** The passwords a connection string carries (user part, parameter), to keep them out of any message. */
function passwordsOf(url: string): string[] {
  const found = [/^[a-z][a-z0-9+.-]*:\/\/[^/?#@]*?:([^/?#@]*)@/i.exec(url)?.[1], /[?&]password=([^&#]*)/i.exec(url)?.[1]];
  return found.filter((raw): raw is string => !!raw).flatMap((raw) => {
    try {
      return [raw, decodeURIComponent(raw)];
    } catch {
      return [raw];
    }
  });
}

export function scrubbed(message: string, url: string): string {
  return passwordsOf(url).reduce((text, password) => text.split(password).join('…'), message);
}

/** Connects, or refuses naming the database (without its password) and why it cannot be reached. */
export async function connectTarget(url: string): Promise<pg.Client> {
  let client: pg.Client;
  try {
    client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  } catch (error) {
    throw new CopyRefused(`--to is not a connection string node-postgres understands (${redactUrl(url)}): ${scrubbed((error as Error).message, url)}`);
  }
  // A connection lost mid-copy fails the query that was waiting on it; this only keeps the event from crashing the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    const code = (error as { code?: string }).code;
    const hint =
      code === '3D000'
        ? ' Create the database first (createdb, or CREATE DATABASE), empty.'
        : code === '28P01' || code === '28000'
          ? ' Check the user and password.'
          : ' Check the host, port and that PostgreSQL is running.';
    throw new CopyRefused(`Cannot reach the PostgreSQL database ${redactUrl(url)}: ${scrubbed((error as Error).message || String(code), url)}.${hint}`);
  }
  return client;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
export { quote as quoteIdentifier };

/** Which of the named tables exist in the target's schema and hold at least one row. */
export async function tablesWithRows(client: pg.Client, tables: string[]): Promise<string[]> {
  const existing = await client.query<{ name: string }>(`select name from unnest($1::text[]) as name where to_regclass(quote_ident(name)) is not null`, [tables]);
  const withRows: string[] = [];
  for (const { name } of existing.rows) {
    const found = await client.query(`select 1 from ${quote(name)} limit 1`);
    if (found.rowCount) withRows.push(name);
  }
  return withRows;
}

export function refuseNonEmpty(withRows: string[], url: string): void {
  if (withRows.length === 0) return;
  const named = withRows.slice(0, 5).join(', ') + (withRows.length > 5 ? ` and ${withRows.length - 5} more` : '');
  throw new CopyRefused(
    `The target database ${redactUrl(url)} is not empty: its Sightline tables hold rows (${named}). ` +
      'db copy only fills an empty database, so nothing there is overwritten or mixed: give it a new database (CREATE DATABASE), or drop that one first if its data is not needed.',
  );
}

/** Applies migrations-pg (drizzle's node-postgres migrator, its own transaction): a no-op on a target already migrated. */
export async function migrateTarget(client: pg.Client, migrationsFolder: string, url: string): Promise<void> {
  try {
    await migrate(drizzle(client), { migrationsFolder });
  } catch (error) {
    const cause = (error as { cause?: Error }).cause;
    throw new CopyRefused(`Creating Sightline's tables in ${redactUrl(url)} failed: ${scrubbed(cause?.message ?? (error as Error).message, url)}. Nothing was copied.`);
  }
}
