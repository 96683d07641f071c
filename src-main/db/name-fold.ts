import type Database from 'better-sqlite3';

/**
 * How check names are matched: lower case as JavaScript folds it. SQLite's lower() and NOCASE fold
 * ASCII only ("ZÜRICH" would not find "Zürich"), so the folded name is stored beside the name.
 */
export function foldName(name: string): string {
  return name.toLowerCase();
}

/** The SQL name of foldName, registered on every connection before migrating (0010 backfills with it). */
export const FOLD_FUNCTION = 'sightline_fold';

export function registerFoldFunction(sqlite: Database.Database): void {
  sqlite.function(FOLD_FUNCTION, { deterministic: true }, (value: unknown) => (typeof value === 'string' ? foldName(value) : value));
}
