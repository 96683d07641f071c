import { isDeepStrictEqual } from 'node:util';
import { randomUUID } from 'node:crypto';
import { AppError } from '../../core/errors';
import { transaction, type Db } from '../../db/connection';
import { listAllAlertChannels } from '../../db/repositories/alert-channels';
import { upsertCheckSubscriptions } from '../../db/repositories/alert-subscriptions';
import {
  accountChecksWrittenSince,
  beginStaging,
  checksStamp,
  clearPublishedMarks,
  deleteChecks,
  discardStagedChecks,
  endStaging,
  findChecks,
  insertChecks,
  openStagings,
  publishedMarksLeft,
  replaceChecks,
  type CheckRow,
} from '../../db/repositories/checks';
import { reserveCheckGroupIds } from '../../db/repositories/check-groups';
import { removeDependenciesOn } from '../../db/repositories/dependencies';
import type { AnyCheckWrite } from '../../../src-shared/schemas/check-common';
import type { ServiceContext } from '../context';
import { assertCheckDependencies } from '../dependencies';
import { assertOwnPrivateLocations } from '../private-locations';
import { sealNewEnvironment } from '../secrets';
import { parseOrThrow } from '../validation';
import { checkTypeNamed } from './check-types';
import { assertGroupExists, assertPlanAllows, columnsOf, lockForDependencies, type ValidatedCheckBody } from './store';
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
export async function storedChecks(ctx: ServiceContext, ids: readonly string[]): Promise<Map<string, CheckRow>> {
  return new Map((await findChecks(ctx.db, ctx.accountId, ids)).map((row) => [row.id, row]));
}

/** Changes when any of these checks is written or deleted: a plan made outside the transaction still holds while it does not. */
export async function checksStampOf(ctx: ServiceContext, ids: readonly string[]): Promise<string> {
  return await checksStamp(ctx.db, ctx.accountId, ids);
}

/** When a stored check was last written (its stamp in checksStamp). */
export const writtenAtOf = (row: CheckRow): string => row.updatedAt ?? row.createdAt;

/**
 * Whether any of these checks (id → when it was last written, as read) was written again since:
 * every check write stamps `updated_at` (the scheduler's change detection relies on it too), so
 * only the account's checks written at or after `since` (taken before they were read) are
 * compared. One pass over the account's rows instead of a lookup per id. Deletes are not seen here.
 */
export async function checksWrittenSince(ctx: ServiceContext, read: ReadonlyMap<string, string>, since: string): Promise<boolean> {
  if (read.size === 0) return false;
  return (await accountChecksWrittenSince(ctx.db, ctx.accountId, since)).some(({ id, writtenAt }) => read.has(id) && read.get(id) !== writtenAt);
}

/** One check as POST /v1/checks (no existing row) or PUT /v1/checks/{id} would validate it; reads nothing. */
export function prepareCheckWrite(ctx: ServiceContext, existing: CheckRow | null, input: AnyCheckWrite, newId: string = randomUUID()): PreparedCheckWrite {
  if (!existing) return { id: newId, existing: null, body: sealNewEnvironment(ctx.keyring, withIssuedPingToken(parseOrThrow(checkTypeNamed(input.checkType).create, input))) };
  const type = updatableTypeOf(existing, input);
  return { id: existing.id, existing, body: mergedCheckBody(ctx, type, existing, parseOrThrow(type.update, input)) };
}

/** A write that would store exactly what is stored (nothing but the stamp would change). */
/**
 * Equal JSON documents. The text compare is the fast path (a body read back from SQLite keeps the
 * order it was written in); PostgreSQL's jsonb gives objects back with their keys in its own order,
 * so texts that differ are compared again by value, key order aside.
 */
function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b) || isDeepStrictEqual(JSON.parse(JSON.stringify(a)), b);
}

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
    sameJson(next.body, stored.body)
  );
}

/** The first write the check fails, rethrown by `label` so the message names the construct. */
type Labelled = <T>(write: PreparedCheckWrite, work: () => T) => T;

async function assertReferencesHold(tx: Db, ctx: ServiceContext, writes: readonly PreparedCheckWrite[], labelled: Labelled): Promise<void> {
  const knownGroups = new Set<number>();
  const channels = new Set((await listAllAlertChannels(tx, ctx.accountId)).map((channel) => channel.id));
  const knownSlugs = new Set<string>();
  for (const write of writes) {
    const { groupId, privateLocations, alertChannelSubscriptions, dependsOn } = write.body;
    if (groupId !== null && groupId !== write.existing?.groupId && !knownGroups.has(groupId)) {
      await labelled(write, () => assertGroupExists(tx, ctx.accountId, groupId));
      knownGroups.add(groupId);
    }
    const slugs = (privateLocations ?? []).filter((slug) => !knownSlugs.has(slug.toLowerCase()));
    if (slugs.length > 0) {
      await labelled(write, () => assertOwnPrivateLocations(tx, ctx.accountId, privateLocations, write.existing?.body.privateLocations));
      for (const slug of slugs) knownSlugs.add(slug.toLowerCase());
    }
    const unknown = alertChannelSubscriptions.map((s, index) => ({ id: s.alertChannelId, index })).filter(({ id }) => !channels.has(id));
    if (unknown.length > 0) {
      const problems = unknown.map(({ id, index }) => `alertChannelSubscriptions[${index}].alertChannelId: no alert channel with id ${id}`);
      labelled(write, () => {
        throw new AppError('validation', problems.join('; '));
      });
    }
    if (dependsOn && dependsOn.length > 0) await labelled(write, () => assertCheckDependencies(tx, ctx.accountId, write.existing ? write.id : null, dependsOn, groupId));
  }
}

/**
 * Writes prepared checks inside the caller's transaction: the plan limit for the new ones, then
 * their references (each group, channel and location looked up once), then a few multi-row
 * statements. Unchanged checks are not rewritten. `labelled` names the construct in an error.
 */
export async function writeCheckBatch(tx: Db, ctx: ServiceContext, writes: readonly PreparedCheckWrite[], labelled: Labelled, options: { validateOnly: boolean; staged?: StagedChecks }): Promise<void> {
  const now = ctx.clock.now().toISOString();
  const staged = options.staged;
  const created = writes.filter((write) => !write.existing);
  // Cycles are asked of the whole account (assertReferencesHold): under its row, taken before any other (projects' deploy holds it already).
  if (writes.some((write) => (write.body.dependsOn?.length ?? 0) > 0)) await lockForDependencies(tx, ctx.accountId);
  if (created.length > 0) await assertPlanAllows(tx, ctx.accountId, created.length);
  // The rows staged before this transaction become visible here, all at once, before their references are asked.
  if (staged && !options.validateOnly) await staged.publish(tx);
  // A preview writes nothing it would roll back, unless a dependency must be found among the batch's own rows.
  if (options.validateOnly && !writes.some((write) => (write.body.dependsOn?.length ?? 0) > 0)) {
    await assertReferencesHold(tx, ctx, writes, labelled);
    return;
  }
  const changed = writes.filter((write) => write.existing && !(write.unchanged ?? isUnchanged(write)));
  const columns = (write: PreparedCheckWrite) => ({ ...(write.columns ?? storedColumnsOf(write)), groupId: write.body.groupId });
  await insertChecks(
    tx,
    created.filter((write) => !staged?.holds(write.id)).map((write) => ({ id: write.id, accountId: ctx.accountId, ...columns(write), createdAt: now, updatedAt: null })),
  );
  await replaceChecks(
    tx,
    changed.map((write) => ({ ...(write.existing as CheckRow), ...columns(write), updatedAt: now })),
  );
  // After the rows are written, so that a dependency on another check of the batch is found. A check
  // left as stored holds its references already (a group, location or channel it uses cannot have
  // gone without writing it): only what it subscribes to and depends on is asked again.
  await assertReferencesHold(tx, ctx, writes.filter((write) => !write.existing || !(write.unchanged ?? isUnchanged(write)) || write.body.alertChannelSubscriptions.length > 0 || (write.body.dependsOn?.length ?? 0) > 0), labelled);
  // A new check gets only the subscriptions it names (a deploy never auto-assigns); an update upserts those it names.
  await upsertCheckSubscriptions(
    tx,
    writes.flatMap((write) => write.body.alertChannelSubscriptions.map((s) => ({ accountId: ctx.accountId, alertChannelId: s.alertChannelId, checkId: write.id, groupId: null, activated: s.activated }))),
  );
}

/** Deletes many checks of the account inside the caller's transaction (what deleteCheckById does, per check, in two statements). */
export async function deleteCheckBatch(tx: Db, ctx: ServiceContext, ids: readonly string[]): Promise<void> {
  await deleteChecks(tx, ctx.accountId, ids);
  await removeDependenciesOn(tx, ctx.accountId, ids);
}


/**
 * A deploy's new checks written before its commit, a short transaction a batch with turns of the
 * event loop between, hidden from every reader (the `checks` view) while the deploy's row of
 * `staged_deploys` exists. The commit publishes them by deleting that row (writeCheckBatch with
 * `staged`); a deploy that fails or plans again discards them; a start deletes what a stopped
 * process left (settleStagedChecks). Only rows whose stored form is known before the commit are
 * staged: a group the commit creates gets its id reserved now (it is created with it); a check
 * whose body names another resource the commit creates is written by the commit as before.
 */
export class StagedChecks {
  readonly by = randomUUID();
  private readonly ids = new Set<string>();
  /** Placeholder of a group the commit creates → the id reserved for it; and by the group's logical id. */
  private readonly groups = new Map<number, number>();
  private readonly groupsByLogicalId = new Map<string, number>();
  private begun = false;

  constructor(private readonly ctx: ServiceContext) {}

  holds(id: string): boolean {
    return this.ids.has(id);
  }

  /** The id reserved for the group with this logical id, if checks were staged in it: the commit creates it with that id. */
  reservedGroupId(logicalId: string): number | undefined {
    return this.groupsByLogicalId.get(logicalId);
  }

  /**
   * Writes the new checks among `writes` that can be staged, in batches with a turn of the event
   * loop between. `groupPlaceholders`: the plan's placeholders of groups its commit creates, with their logical ids.
   */
  async stage(writes: readonly PreparedCheckWrite[], groupPlaceholders: ReadonlyMap<number, string>, nextTurn: () => Promise<void>, paced: { next: number; timed<T>(count: number, write: () => Promise<T>): Promise<T> }): Promise<void> {
    const now = this.ctx.clock.now().toISOString();
    const stageable = writes.filter((write) => !write.existing && write.columns !== undefined);
    if (stageable.length === 0) return;
    const placeholders = [...new Set(stageable.map((write) => write.body.groupId).filter((id): id is number => id !== null && groupPlaceholders.has(id)))];
    await transaction(this.ctx.db, async (tx) => {
      await beginStaging(tx, this.by, this.ctx.accountId, now);
      (await reserveCheckGroupIds(tx, placeholders.length)).forEach((id, index) => {
        this.groups.set(placeholders[index], id);
        this.groupsByLogicalId.set(groupPlaceholders.get(placeholders[index]) as string, id);
      });
    });
    this.begun = true;
    const rows = stageable.map((write) => {
      const groupId = write.body.groupId === null ? null : (this.groups.get(write.body.groupId) ?? write.body.groupId);
      return { id: write.id, accountId: this.ctx.accountId, ...(write.columns as StoredColumns), groupId, createdAt: now, updatedAt: null };
    });
    for (let i = 0; i < rows.length; ) {
      const batch = rows.slice(i, i + paced.next);
      i += batch.length;
      await paced.timed(batch.length, () => transaction(this.ctx.db, (tx) => insertChecks(tx, batch, this.by)));
      for (const row of batch) this.ids.add(row.id);
      await nextTurn();
    }
  }

  /** Inside the commit's transaction: every staged row visible at once. */
  async publish(tx: Db): Promise<void> {
    if (!this.begun) return;
    if (!await endStaging(tx, this.by)) throw new Error(`the checks a deploy staged (${this.by}) were no longer staged at its commit`);
  }

  /**
   * After the deploy: when its commit published the rows, their marks are cleared (readers see no
   * change); when it did not (it failed, rolled back, or plans again), the rows are deleted. A
   * batch per turn either way.
   */
  async settle(nextTurn: () => Promise<void>): Promise<void> {
    if (!this.begun) return;
    this.begun = false;
    const db = this.ctx.db;
    while (await discardStagedChecks(db, this.by, 500) > 0) await nextTurn();
    await endStaging(db, this.by);
    while (await clearPublishedMarks(db, this.by, 500) > 0) await nextTurn();
    this.ids.clear();
    this.groups.clear();
    this.groupsByLogicalId.clear();
  }
}

/**
 * At start, before requests: the checks of stagings a stopped process left open are deleted (no
 * reader ever saw them), and marks of published ones it did not clear are cleared. Answers how
 * many checks were deleted.
 */
export async function settleStagedChecks(db: Db): Promise<number> {
  let removed = 0;
  for (const stagedBy of await openStagings(db)) {
    for (let n = await discardStagedChecks(db, stagedBy, 1000); n > 0; n = await discardStagedChecks(db, stagedBy, 1000)) removed += n;
    await endStaging(db, stagedBy);
  }
  for (const by of await publishedMarksLeft(db)) while (await clearPublishedMarks(db, by, 1000) > 0);
  return removed;
}
