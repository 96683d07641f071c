import { randomUUID } from 'node:crypto';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/connection';
import { listAllAlertChannels } from '../../db/repositories/alert-channels';
import { upsertCheckSubscriptions } from '../../db/repositories/alert-subscriptions';
import { accountChecksWrittenSince, checksStamp, deleteChecks, findChecks, insertChecks, replaceChecks, type CheckRow } from '../../db/repositories/checks';
import { removeDependenciesOn } from '../../db/repositories/dependencies';
import type { AnyCheckWrite } from '../../../src-shared/schemas/check-common';
import type { ServiceContext } from '../context';
import { assertCheckDependencies } from '../dependencies';
import { assertOwnPrivateLocations } from '../private-locations';
import { sealNewEnvironment } from '../secrets';
import { parseOrThrow } from '../validation';
import { checkTypeNamed } from './check-types';
import { assertGroupExists, assertPlanAllows, columnsOf, type ValidatedCheckBody } from './store';
import { mergedCheckBody, updatableTypeOf } from './update';
import { withIssuedPingToken } from '../heartbeats';

/**
 * Many checks written at once (a deploy of thousands): the same rules as POST and PUT /v1/checks,
 * split so the costly part runs outside any transaction and the writes inside one stay short.
 * `prepareCheckWrite` parses one check (CPU only, no reads); `writeCheckBatch` re-checks what the
 * database must hold (plan limit, groups, channels, private locations, dependencies) for the whole
 * batch at once and writes it in a few statements, inside the caller's transaction.
 */
export interface PreparedCheckWrite {
  id: string;
  /** The stored row it replaces; null for a new check. */
  existing: CheckRow | null;
  /** Validated and sealed, as the create or update verb would store it. */
  body: ValidatedCheckBody;
  /** Known already (e.g. judged while planning): the write would store what is stored. */
  unchanged?: boolean;
  /** Its row's columns and JSON, when worked out while planning (the body's groupId may still change: it is a column of its own). */
  columns?: StoredColumns;
}

export type StoredColumns = ReturnType<typeof columnsOf> & { json: { tags: string; body: string } };

/** The row columns of a prepared write, JSON included: CPU work to do before the transaction that writes them. */
export function storedColumnsOf(write: PreparedCheckWrite): StoredColumns {
  const columns = columnsOf(write.body);
  return { ...columns, json: { tags: JSON.stringify(columns.tags), body: JSON.stringify(columns.body) } };
}

/** The account's stored checks among `ids`, for a batch's plan. */
export function storedChecks(ctx: ServiceContext, ids: readonly string[]): Map<string, CheckRow> {
  return new Map(findChecks(ctx.db, ctx.accountId, ids).map((row) => [row.id, row]));
}

/** Changes when any of these checks is written or deleted: a plan made outside the transaction still holds while it does not. */
export function checksStampOf(ctx: ServiceContext, ids: readonly string[]): string {
  return checksStamp(ctx.db, ctx.accountId, ids);
}

/** When a stored check was last written (its stamp in checksStamp). */
export const writtenAtOf = (row: CheckRow): string => row.updatedAt ?? row.createdAt;

/**
 * Whether any of these checks (id → when it was last written, as read) was written again since:
 * every check write stamps `updated_at` (the scheduler's change detection relies on it too), so
 * only the account's checks written at or after `since` (taken before they were read) are
 * compared. One pass over the account's rows instead of a lookup per id. Deletes are not seen here.
 */
export function checksWrittenSince(ctx: ServiceContext, read: ReadonlyMap<string, string>, since: string): boolean {
  if (read.size === 0) return false;
  return accountChecksWrittenSince(ctx.db, ctx.accountId, since).some(({ id, writtenAt }) => read.has(id) && read.get(id) !== writtenAt);
}

/** One check as POST /v1/checks (no existing row) or PUT /v1/checks/{id} would validate it; reads nothing. */
export function prepareCheckWrite(ctx: ServiceContext, existing: CheckRow | null, input: AnyCheckWrite, newId: string = randomUUID()): PreparedCheckWrite {
  if (!existing) return { id: newId, existing: null, body: sealNewEnvironment(ctx.keyring, withIssuedPingToken(parseOrThrow(checkTypeNamed(input.checkType).create, input))) };
  const type = updatableTypeOf(existing, input);
  return { id: existing.id, existing, body: mergedCheckBody(ctx, type, existing, parseOrThrow(type.update, input)) };
}

/** A write that would store exactly what is stored (nothing but the stamp would change). */
export function isUnchanged(write: PreparedCheckWrite): boolean {
  if (!write.existing) return false;
  const next = columnsOf(write.body);
  const stored = write.existing;
  return (
    next.name === stored.name &&
    next.checkType === stored.checkType &&
    next.activated === stored.activated &&
    next.muted === stored.muted &&
    next.groupId === stored.groupId &&
    JSON.stringify(next.tags) === JSON.stringify(stored.tags) &&
    JSON.stringify(next.body) === JSON.stringify(stored.body)
  );
}

/** The first write the check fails, rethrown by `label` so the message names the construct. */
type Labelled = <T>(write: PreparedCheckWrite, work: () => T) => T;

function assertReferencesHold(tx: Db, ctx: ServiceContext, writes: readonly PreparedCheckWrite[], labelled: Labelled): void {
  const knownGroups = new Set<number>();
  const channels = new Set(listAllAlertChannels(tx, ctx.accountId).map((channel) => channel.id));
  const knownSlugs = new Set<string>();
  for (const write of writes) {
    const { groupId, privateLocations, alertChannelSubscriptions, dependsOn } = write.body;
    if (groupId !== null && groupId !== write.existing?.groupId && !knownGroups.has(groupId)) {
      labelled(write, () => assertGroupExists(tx, ctx.accountId, groupId));
      knownGroups.add(groupId);
    }
    const slugs = (privateLocations ?? []).filter((slug) => !knownSlugs.has(slug.toLowerCase()));
    if (slugs.length > 0) {
      labelled(write, () => assertOwnPrivateLocations(tx, ctx.accountId, privateLocations, write.existing?.body.privateLocations));
      for (const slug of slugs) knownSlugs.add(slug.toLowerCase());
    }
    const unknown = alertChannelSubscriptions.map((s, index) => ({ id: s.alertChannelId, index })).filter(({ id }) => !channels.has(id));
    if (unknown.length > 0) {
      const problems = unknown.map(({ id, index }) => `alertChannelSubscriptions[${index}].alertChannelId: no alert channel with id ${id}`);
      labelled(write, () => {
        throw new AppError('validation', problems.join('; '));
      });
    }
    if (dependsOn && dependsOn.length > 0) labelled(write, () => assertCheckDependencies(tx, ctx.accountId, write.existing ? write.id : null, dependsOn, groupId));
  }
}

/**
 * Writes prepared checks inside the caller's transaction: the plan limit for the new ones, then
 * their references (each group, channel and location looked up once), then a few multi-row
 * statements. Unchanged checks are not rewritten. `labelled` names the construct in an error.
 */
export function writeCheckBatch(tx: Db, ctx: ServiceContext, writes: readonly PreparedCheckWrite[], labelled: Labelled, options: { validateOnly: boolean }): void {
  const now = ctx.clock.now().toISOString();
  const created = writes.filter((write) => !write.existing);
  if (created.length > 0) assertPlanAllows(tx, ctx.accountId, created.length);
  // A preview writes nothing it would roll back, unless a dependency must be found among the batch's own rows.
  if (options.validateOnly && !writes.some((write) => (write.body.dependsOn?.length ?? 0) > 0)) {
    assertReferencesHold(tx, ctx, writes, labelled);
    return;
  }
  const changed = writes.filter((write) => write.existing && !(write.unchanged ?? isUnchanged(write)));
  const columns = (write: PreparedCheckWrite) => ({ ...(write.columns ?? storedColumnsOf(write)), groupId: write.body.groupId });
  insertChecks(
    tx,
    created.map((write) => ({ id: write.id, accountId: ctx.accountId, ...columns(write), createdAt: now, updatedAt: null })),
  );
  replaceChecks(
    tx,
    changed.map((write) => ({ ...(write.existing as CheckRow), ...columns(write), updatedAt: now })),
  );
  // After the rows are written, so that a dependency on another check of the batch is found. A check
  // left as stored holds its references already (a group, location or channel it uses cannot have
  // gone without writing it): only what it subscribes to and depends on is asked again.
  assertReferencesHold(tx, ctx, writes.filter((write) => !write.existing || !(write.unchanged ?? isUnchanged(write)) || write.body.alertChannelSubscriptions.length > 0 || (write.body.dependsOn?.length ?? 0) > 0), labelled);
  // A new check gets only the subscriptions it names (a deploy never auto-assigns); an update upserts those it names.
  upsertCheckSubscriptions(
    tx,
    writes.flatMap((write) => write.body.alertChannelSubscriptions.map((s) => ({ accountId: ctx.accountId, alertChannelId: s.alertChannelId, checkId: write.id, groupId: null, activated: s.activated }))),
  );
}

/** Deletes many checks of the account inside the caller's transaction (what deleteCheckById does, per check, in two statements). */
export function deleteCheckBatch(tx: Db, ctx: ServiceContext, ids: readonly string[]): void {
  deleteChecks(tx, ctx.accountId, ids);
  removeDependenciesOn(tx, ctx.accountId, ids);
}

