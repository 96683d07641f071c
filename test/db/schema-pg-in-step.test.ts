import { describe, expect, it } from 'vitest';
import { is, SQL } from 'drizzle-orm';
import { getTableConfig as pgTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as pgSchema from '../../src-main/db/schema-pg';
import * as sqliteSchema from '../../src-main/db/schema';

// The two schema definitions (SQLite for one server and the desktop, PostgreSQL for team mode) must
// describe the same tables, or `db copy` and the per-dialect repositories drift apart.

interface ColumnShape {
  notNull: boolean;
  /** What the column holds, across dialects: SQLite integer ~ PostgreSQL integer or bigint, and so on. */
  kind: string;
  default: string | null;
}

interface TableShape {
  columns: Map<string, ColumnShape>;
  primaryKey: string[];
  unique: Map<string, string[]>;
  indexes: Map<string, { columns: string[]; unique: boolean; partial: boolean }>;
  foreignKeys: Map<string, { references: string; onDelete: string; onUpdate: string }>;
}

const SQLITE_KINDS: Record<string, string> = {
  SQLiteInteger: 'integer',
  SQLiteBoolean: 'boolean',
  SQLiteText: 'text',
  SQLiteTextJson: 'json',
  SQLiteBlobBuffer: 'bytes',
};
const PG_KINDS: Record<string, string> = {
  PgInteger: 'integer',
  PgBigInt53: 'integer',
  PgBoolean: 'boolean',
  PgText: 'text',
  PgJsonb: 'json',
  PgCustomColumn: 'bytes',
};

type AnyConfig = ReturnType<typeof sqliteTableConfig> | ReturnType<typeof pgTableConfig>;

function columnName(column: unknown): string {
  if (is(column, SQL)) return `(expression)`;
  return (column as { name: string }).name;
}

function defaultText(value: unknown): string | null {
  if (value === undefined) return null;
  if (is(value, SQL)) return '(sql)';
  return JSON.stringify(value);
}

function shapeOf(config: AnyConfig, kinds: Record<string, string>, tableNameOf: (table: unknown) => string): TableShape {
  const columns = new Map<string, ColumnShape>();
  const unique = new Map<string, string[]>();
  const primaryKey: string[] = [];
  for (const column of config.columns) {
    columns.set(column.name, {
      notNull: column.notNull,
      kind: kinds[column.columnType] ?? `unmapped ${column.columnType}`,
      default: defaultText(column.default),
    });
    if (column.primary) primaryKey.push(column.name);
    if (column.isUnique) unique.set(column.uniqueName ?? `(unnamed on ${column.name})`, [column.name]);
  }
  for (const key of config.primaryKeys) primaryKey.push(...key.columns.map((column) => column.name));
  for (const constraint of config.uniqueConstraints) unique.set(constraint.getName() ?? '(unnamed)', constraint.columns.map((column) => column.name));
  const indexes = new Map<string, { columns: string[]; unique: boolean; partial: boolean }>();
  for (const index of config.indexes) {
    indexes.set(index.config.name ?? '(unnamed)', {
      columns: index.config.columns.map(columnName),
      unique: index.config.unique,
      partial: index.config.where !== undefined,
    });
  }
  const foreignKeys = new Map<string, { references: string; onDelete: string; onUpdate: string }>();
  for (const key of config.foreignKeys) {
    const reference = key.reference();
    const from = reference.columns.map((column) => column.name).join(', ');
    foreignKeys.set(from, {
      references: `${tableNameOf(reference.foreignTable)}(${reference.foreignColumns.map((column) => column.name).join(', ')})`,
      onDelete: key.onDelete ?? 'no action',
      onUpdate: key.onUpdate ?? 'no action',
    });
  }
  return { columns, primaryKey, unique, indexes, foreignKeys };
}

function sqliteShapes(): Map<string, TableShape> {
  const shapes = new Map<string, TableShape>();
  for (const value of Object.values(sqliteSchema)) {
    if (!is(value, SQLiteTable)) continue;
    const config = sqliteTableConfig(value);
    shapes.set(config.name, shapeOf(config, SQLITE_KINDS, (table) => sqliteTableConfig(table as SQLiteTable).name));
  }
  return shapes;
}

function pgShapes(): Map<string, TableShape> {
  const shapes = new Map<string, TableShape>();
  for (const value of Object.values(pgSchema)) {
    if (!is(value, PgTable)) continue;
    const config = pgTableConfig(value);
    shapes.set(config.name, shapeOf(config, PG_KINDS, (table) => pgTableConfig(table as PgTable).name));
  }
  return shapes;
}

function compareMaps<T>(what: string, sqlite: Map<string, T>, pg: Map<string, T>): string[] {
  const differences: string[] = [];
  for (const [name, value] of sqlite) {
    if (!pg.has(name)) differences.push(`${what} ${name}: only in schema.ts (SQLite)`);
    else if (JSON.stringify(value) !== JSON.stringify(pg.get(name))) {
      differences.push(`${what} ${name}: SQLite ${JSON.stringify(value)}, PostgreSQL ${JSON.stringify(pg.get(name))}`);
    }
  }
  for (const name of pg.keys()) if (!sqlite.has(name)) differences.push(`${what} ${name}: only in schema-pg.ts (PostgreSQL)`);
  return differences;
}

/** Every way the two schemas differ, one line each naming the table and the column, index or key. */
function schemaDifferences(): string[] {
  const sqlite = sqliteShapes();
  const pg = pgShapes();
  const differences: string[] = [];
  for (const name of sqlite.keys()) if (!pg.has(name)) differences.push(`table ${name}: only in schema.ts (SQLite)`);
  for (const name of pg.keys()) if (!sqlite.has(name)) differences.push(`table ${name}: only in schema-pg.ts (PostgreSQL)`);
  for (const [name, left] of sqlite) {
    const right = pg.get(name);
    if (!right) continue;
    differences.push(...compareMaps(`${name}: column`, left.columns, right.columns));
    if (left.primaryKey.join(', ') !== right.primaryKey.join(', ')) {
      differences.push(`${name}: primary key (${left.primaryKey.join(', ')}) in SQLite, (${right.primaryKey.join(', ')}) in PostgreSQL`);
    }
    differences.push(...compareMaps(`${name}: unique constraint`, left.unique, right.unique));
    differences.push(...compareMaps(`${name}: index`, left.indexes, right.indexes));
    differences.push(...compareMaps(`${name}: foreign key on`, left.foreignKeys, right.foreignKeys));
  }
  return differences;
}

describe('the PostgreSQL schema (schema-pg.ts)', () => {
  it('has the same tables, columns, keys and indexes as the SQLite schema (schema.ts)', () => {
    const sqliteTables = [...sqliteShapes().keys()];
    // Guards the comparison itself: a schema module that exported no table would compare equal.
    expect(sqliteTables.length).toBeGreaterThan(40);
    expect(sqliteTables).toContain('check_results');
    expect(schemaDifferences(), 'add the same change to src-main/db/schema-pg.ts and run `npm run db:generate`').toEqual([]);
  });
});
