import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { onPostgres } from './dialect';

/*
 * SQL whose spelling differs between SQLite and PostgreSQL, for the repositories' shared code.
 * JSON lives in `text` (SQLite's json1 functions) or `jsonb` (PostgreSQL's operators); paths are
 * written SQLite's way, `$.a.b`. Everything else the repositories write is SQL both accept (booleans
 * compared as `col` / `not col`, `true`/`false` literals, `coalesce`, `case`).
 */

/** `$.a.b` → `{a,b}` (a text[] literal for #> and #>>). */
function pgPath(path: string): string {
  if (path === '$') return '{}';
  if (!path.startsWith('$.')) throw new Error(`not a JSON path of the form $.a.b: ${path}`);
  const keys = path.slice(2).split('.');
  for (const key of keys) if (!/^[A-Za-z0-9_]+$/.test(key)) throw new Error(`JSON path key ${key} is not a plain name`);
  return `{${keys.join(',')}}`;
}

/**
 * A JSON member as a value: SQLite's json_extract (strings, numbers, 0/1 for booleans, JSON text for
 * objects and arrays); PostgreSQL's `#>` (jsonb, which node-postgres parses: objects and arrays
 * come back parsed, booleans as booleans). Read with `jsonValueOf` when objects or booleans matter.
 */
export function jsonGet<T = unknown>(doc: SQLWrapper, path: string): SQL<T> {
  return onPostgres() ? sql<T>`(${doc} #> ${sql.raw(`'${pgPath(path)}'`)})` : sql<T>`json_extract(${doc}, ${path})`;
}

/** A JSON member as text (a string member as itself, a number as its digits); null when missing. */
export function jsonText(doc: SQLWrapper, path: string): SQL<string | null> {
  return onPostgres() ? sql<string | null>`(${doc} #>> ${sql.raw(`'${pgPath(path)}'`)})` : sql<string | null>`json_extract(${doc}, ${path})`;
}

/** A JSON member as a number (null when missing). */
export function jsonNumber(doc: SQLWrapper, path: string): SQL<number | null> {
  return onPostgres()
    ? sql<number | null>`((${doc} #>> ${sql.raw(`'${pgPath(path)}'`)})::double precision)`
    : sql<number | null>`json_extract(${doc}, ${path})`;
}

/** A condition: the JSON member is `true` (or `fallback` when missing). */
export function jsonIsTrue(doc: SQLWrapper, path: string, fallback: boolean): SQL {
  return onPostgres()
    ? sql`coalesce((${doc} #>> ${sql.raw(`'${pgPath(path)}'`)})::boolean, ${sql.raw(String(fallback))})`
    : sql`(coalesce(json_extract(${doc}, ${path}), ${sql.raw(fallback ? '1' : '0')}) = 1)`;
}

/** The JSON member as 0 or 1 (fallback when missing): a number on both dialects, for sums and selected flags. */
export function jsonFlag(doc: SQLWrapper, path: string, fallback: boolean): SQL<number> {
  return sql<number>`(case when ${jsonIsTrue(doc, path, fallback)} then 1 else 0 end)`;
}

/** A condition: the JSON array at `path` (`$` for the document itself) holds the string `value`. */
export function jsonArrayHasText(doc: SQLWrapper, path: string, value: string): SQL {
  return onPostgres()
    ? sql`(coalesce(${doc} #> ${sql.raw(`'${pgPath(path)}'`)}, '[]'::jsonb) @> jsonb_build_array(${value}::text))`
    : sql`exists (select 1 from json_each(${doc}, ${path}) where json_each.value = ${value})`;
}

/** Number of elements of the JSON array at `path`; 0 when missing or not an array. */
export function jsonArrayLength(doc: SQLWrapper, path: string): SQL<number> {
  return onPostgres()
    ? sql<number>`(case when jsonb_typeof(${doc} #> ${sql.raw(`'${pgPath(path)}'`)}) = 'array' then jsonb_array_length(${doc} #> ${sql.raw(`'${pgPath(path)}'`)}) else 0 end)`
    : sql<number>`coalesce(json_array_length(${doc}, ${path}), 0)`;
}

/** A condition: `column` is one of `values` (one parameter however many there are). */
export function inList(column: SQLWrapper, values: readonly (string | number)[]): SQL {
  if (onPostgres()) return sql`${column} = any(${sql.param([...values])})`;
  return sql`${column} in (select value from json_each(${JSON.stringify(values)}))`;
}

/** A condition: `column` is none of `values`. */
export function notInList(column: SQLWrapper, values: readonly (string | number)[]): SQL {
  if (onPostgres()) return sql`not (${column} = any(${sql.param([...values])}))`;
  return sql`${column} not in (select value from json_each(${JSON.stringify(values)}))`;
}

/** The larger of two values (SQLite's two-argument max, PostgreSQL's greatest). */
export function greater(a: SQLWrapper | number, b: SQLWrapper | number): SQL<number> {
  return onPostgres() ? sql<number>`greatest(${a}, ${b})` : sql<number>`max(${a}, ${b})`;
}

/** The smaller of two values. */
export function lesser(a: SQLWrapper | number, b: SQLWrapper | number): SQL<number> {
  return onPostgres() ? sql<number>`least(${a}, ${b})` : sql<number>`min(${a}, ${b})`;
}

/** An object or array member read back from jsonGet: SQLite gives it as JSON text, PostgreSQL parsed (not for string members). */
export function jsonValueOf<T>(value: unknown): T {
  return (typeof value === 'string' && !onPostgres() ? JSON.parse(value) : value) as T;
}
