import { randomUUID } from 'node:crypto';
import { AppError } from '../../core/errors';
import { findAccount } from '../../db/repositories/accounts';
import { countChecks, insertCheck, replaceCheck, type CheckRow } from '../../db/repositories/checks';
import type { Db } from '../../db/connection';
import type { ServiceContext } from '../context';

export interface ValidatedCheckBody {
  name: string;
  checkType: string;
  activated: boolean;
  muted: boolean;
  groupId: number | null;
  tags: string[];
  frequency: number;
  frequencyOffset?: number | null;
}

/** frequency 0 runs every frequencyOffset seconds; without one it runs every 10 s. */
function normalise<T extends ValidatedCheckBody>(body: T): T {
  const frequencyOffset = body.frequencyOffset ?? (body.frequency === 0 ? 10 : null);
  return { ...body, frequencyOffset };
}

function assertGroupExists(_db: Db, groupId: number | null): void {
  if (groupId !== null) {
    throw new AppError('validation', `groupId: no check group with id ${groupId}`);
  }
}

/** Over the account's plan limit a check create answers 402 (spec 4.1–4.3). */
function assertPlanAllows(tx: Db, accountId: string): void {
  const account = findAccount(tx, accountId);
  if (!account || account.maxChecks === null) return;
  const used = countChecks(tx, { accountId });
  if (used >= account.maxChecks) {
    throw new AppError('payment_required', `Your plan allows ${account.maxChecks} checks and ${used} exist. Delete a check or raise the limit in Settings.`, {
      limit: account.maxChecks,
      used,
      resource: 'checks',
    });
  }
}

export function insertValidatedCheck(tx: Db, ctx: ServiceContext, body: ValidatedCheckBody): CheckRow {
  assertPlanAllows(tx, ctx.accountId);
  assertGroupExists(tx, body.groupId);
  const full = normalise(body);
  const { name, checkType, activated, muted, groupId, tags, ...rest } = full;
  const row: CheckRow = {
    id: randomUUID(),
    accountId: ctx.accountId,
    checkType,
    name,
    activated,
    muted,
    groupId,
    tags,
    body: rest,
    createdAt: ctx.clock.now().toISOString(),
    updatedAt: null,
  };
  insertCheck(tx, row);
  return row;
}

export function replaceValidatedCheck(tx: Db, ctx: ServiceContext, existing: CheckRow, body: ValidatedCheckBody): CheckRow {
  if (body.groupId !== existing.groupId) assertGroupExists(tx, body.groupId);
  const full = normalise(body);
  const { name, checkType, activated, muted, groupId, tags, ...rest } = full;
  const row: CheckRow = {
    ...existing,
    name,
    checkType,
    activated,
    muted,
    groupId,
    tags,
    body: rest,
    updatedAt: ctx.clock.now().toISOString(),
  };
  replaceCheck(tx, row);
  return row;
}

/** The stored monitor as the create body it was made from, for merging a PUT over it. */
export function storedBody(row: CheckRow): Record<string, unknown> {
  return { ...row.body, name: row.name, checkType: row.checkType, activated: row.activated, muted: row.muted, groupId: row.groupId, tags: row.tags };
}
