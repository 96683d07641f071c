import { AppError } from '../../core/errors';

export interface CursorPage<T> {
  rows: T[];
  nextId: string | null;
}

/** Rows were read with limit + 1: the extra row, if any, is where the next page starts. */
export function cutPage<T extends { id: string }>(rows: T[], limit: number): CursorPage<T> {
  if (rows.length <= limit) return { rows, nextId: null };
  return { rows: rows.slice(0, limit), nextId: rows[limit]?.id ?? null };
}

export function requireCursor<T>(row: T | undefined, what: string): T {
  if (!row) throw new AppError('validation', `nextId: no ${what} with this id in the account (it may have been deleted); start again without nextId`);
  return row;
}
