import { randomUUID } from 'node:crypto';
import { AppError } from '../../core/errors';
import { findAccount } from '../../db/repositories/accounts';
import { findCheckGroup } from '../../db/repositories/check-groups';
import { countChecks, insertCheck, replaceCheck, type CheckRow } from '../../db/repositories/checks';
import type { Db } from '../../db/connection';
import { lockAccount, lockRowsForShare } from '../../db/row-locks';
import type { AlertChannelSubscription } from '../../../src-shared/schemas/check-common';
import type { ServiceContext } from '../context';
import { assertCheckDependencies } from '../dependencies';
import { assertOwnPrivateLocations } from '../private-locations';

export interface ValidatedCheckBody {
  name: string;
  checkType: string;
  activated: boolean;
  muted: boolean;
  groupId: number | null;
  tags: string[];
  /** Absent for heartbeats, which have a period instead. */
  frequency?: number;
  frequencyOffset?: number | null;
  privateLocations?: string[] | null;
  alertChannelSubscriptions: AlertChannelSubscription[];
  dependsOn?: string[];
}

/**
 * The group is kept (FOR SHARE, until commit) before it is read: a delete of it on another server
 * then waits for this write and counts the check (check-groups/delete.ts), or went first and the
 * group reads as missing here. `checks.group_id` has no foreign key to do this.
 */
export async function assertGroupExists(tx: Db, accountId: string, groupId: number | null): Promise<void> {
  if (groupId === null) return;
  await lockRowsForShare(tx, 'check_groups', 'id', [groupId]);
  if (!await findCheckGroup(tx, accountId, groupId)) {
    throw new AppError('validation', `groupId: no check group with id ${groupId}`);
  }
}

/**
 * Over the account's plan limit a check create answers 402 (spec 4.1–4.3). Creates on other servers
 * count under the account's row lock too, so two of them never both take the last free place.
 */
export async function assertPlanAllows(tx: Db, accountId: string, adding = 1): Promise<void> {
  await lockAccount(tx, accountId);
  const account = await findAccount(tx, accountId);
  if (!account || account.maxChecks === null) return;
  const used = await countChecks(tx, { accountId });
  if (used + adding > account.maxChecks) {
    const added = adding === 1 ? '' : `; this would add ${adding}`;
    throw new AppError('payment_required', `Your plan allows ${account.maxChecks} checks and ${used} exist${added}. Delete a check or raise the limit in Settings.`, {
      limit: account.maxChecks,
      used,
      resource: 'checks',
    });
  }
}

/** The row columns of a validated body; subscriptions live in alert_subscriptions, not in the body. */
export function columnsOf(body: ValidatedCheckBody): Pick<CheckRow, 'name' | 'checkType' | 'activated' | 'muted' | 'groupId' | 'tags' | 'body'> {
  const { name, checkType, activated, muted, groupId, tags, alertChannelSubscriptions: _subscriptions, ...rest } = body;
  return { name, checkType, activated, muted, groupId, tags, body: rest };
}

export async function insertValidatedCheck(tx: Db, ctx: ServiceContext, body: ValidatedCheckBody): Promise<CheckRow> {
  await assertPlanAllows(tx, ctx.accountId);
  await assertGroupExists(tx, ctx.accountId, body.groupId);
  await assertOwnPrivateLocations(tx, ctx.accountId, body.privateLocations);
  await assertCheckDependencies(tx, ctx.accountId, null, body.dependsOn, body.groupId);
  const row: CheckRow = {
    id: randomUUID(),
    accountId: ctx.accountId,
    ...columnsOf(body),
    createdAt: ctx.clock.now().toISOString(),
    updatedAt: null,
  };
  await insertCheck(tx, row);
  return row;
}

/** Whether a write may change what the check depends on: its own list, or its group (whose list applies to it). */
export function changesDependencies(existing: CheckRow, body: ValidatedCheckBody): boolean {
  return body.groupId !== existing.groupId || JSON.stringify(body.dependsOn ?? []) !== JSON.stringify(existing.body.dependsOn ?? []);
}

/**
 * A dependency cycle is a property of the whole account, with no row of its own: writes that change
 * dependencies take turns on the account's row (two servers storing A → B and B → A at once would
 * each see no cycle). The caller takes it before any check row of its own (account row first).
 */
export async function lockForDependencies(tx: Db, accountId: string): Promise<void> {
  await lockAccount(tx, accountId);
}

export async function replaceValidatedCheck(tx: Db, ctx: ServiceContext, existing: CheckRow, body: ValidatedCheckBody): Promise<CheckRow> {
  if (changesDependencies(existing, body)) await lockForDependencies(tx, ctx.accountId);
  if (body.groupId !== existing.groupId) await assertGroupExists(tx, ctx.accountId, body.groupId);
  await assertOwnPrivateLocations(tx, ctx.accountId, body.privateLocations, existing.body.privateLocations);
  await assertCheckDependencies(tx, ctx.accountId, existing.id, body.dependsOn, body.groupId);
  const row: CheckRow = { ...existing, ...columnsOf(body), updatedAt: ctx.clock.now().toISOString() };
  await replaceCheck(tx, row);
  return row;
}

/** The stored monitor as the create body it was made from, for merging a PUT over it. */
export function storedBody(row: CheckRow): Record<string, unknown> {
  const { alertChannelSubscriptions: _subscriptions, ...body } = row.body;
  return { ...body, name: row.name, checkType: row.checkType, activated: row.activated, muted: row.muted, groupId: row.groupId, tags: row.tags };
}
