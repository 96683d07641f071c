import { AppError } from '../../core/errors';
import type { Db } from '../../db/connection';
import { bindingsWrittenSince, deleteBindings, foreignOwners, insertBindings, subscriptionActivations, updateBindings, type BindingRow, type BindingUpdate, type NewBindingRow, type ProjectRow } from '../../db/repositories/projects';
import type { DeployPayload, DeployResource, DiffEntry } from '../../../src-shared/schemas/project';
import { checksStampOf, checksWrittenSince, deleteCheckBatch, isUnchanged, writeCheckBatch, type PreparedCheckWrite, type StagedChecks } from '../checks';
import type { ServiceContext } from '../context';
import { applyOne, bodyOf, keyOf, named } from './apply-one';
import { foldedPhysicalId, foldedTargetOf, foldMembers, slugFromDatabase, subscriptionLookup, type FoldedMembers } from './folded';
import type { DeployPlan, PlannedCheck } from './plan';
import { physicalIdOf, type PhysicalId } from './resolve-refs';
import { FOLDED_TYPES, KIND_BY_TYPE, RESOURCE_KINDS } from './resource-kinds';

const isFolded = (type: string) => FOLDED_TYPES.some((folded) => folded === type);

export interface ApplyResult {
  diff: DiffEntry[];
  /** Checks created or updated by this deploy, for scheduleOnDeploy. */
  deployedCheckIds: string[];
  /**
   * The UPDATE entries (by keyOf) that changed nothing: the CLI is told UPDATE for every resource
   * that was there already ("Update and Unchanged"), the project's history counts only real changes.
   */
  unchanged: Set<string>;
}

/** What the plan read changed before the commit (another request wrote meanwhile): the deploy is planned again. */
export class StalePlan extends Error {
  constructor(reason: string) {
    super(`the deploy's plan is out of date: ${reason}`);
  }
}

async function refuseForeignOwners(ctx: ServiceContext, tx: Db, project: ProjectRow, resources: readonly DeployResource[]): Promise<void> {
  const claimed = new Map<string, DeployResource[]>();
  for (const resource of resources) {
    if (!resource.member || resource.physicalId == null) continue;
    claimed.set(resource.type, [...(claimed.get(resource.type) ?? []), resource]);
  }
  for (const [type, claims] of claimed) {
    const owners = new Map((await foreignOwners(tx, ctx.accountId, project.id, type, claims.map((r) => String(r.physicalId)))).map((owner) => [owner.resourceId, owner]));
    for (const resource of claims) {
      const owner = owners.get(String(resource.physicalId));
      if (!owner) continue;
      throw new AppError(
        'conflict',
        `${resource.type} "${resource.logicalId}" (${resource.physicalId}) is owned by project "${owner.project.logicalId}" as "${owner.logicalId}": only that project's deploys may change it. Reference it with fromId() instead.`,
      );
    }
  }
}

/**
 * The file a resource comes from, as far as the deploy payload says: the CLI sends a multi-step
 * check's spec file (`scriptPath`) and nothing for other constructs.
 */
function sourceFileOf(resource: DeployResource): string | null {
  const scriptPath = resource.payload?.scriptPath;
  return typeof scriptPath === 'string' && scriptPath.length > 0 ? scriptPath.slice(0, 1024) : null;
}

/** Replaces every placeholder value (an id or slug the commit has just made) throughout a planned body. */
function substitute(value: unknown, real: ReadonlyMap<PhysicalId, PhysicalId>): unknown {
  if ((typeof value === 'number' || typeof value === 'string') && real.has(value)) return real.get(value);
  if (Array.isArray(value)) return value.map((item) => substitute(item, real));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, substitute(item, real)]));
  return value;
}

/**
 * The bindings the plan read are the project's still: as many, and each written since the plan
 * began (readSince) written no later than the plan read it. A binding added or rewritten after the
 * read has a newer stamp (or is not among those read); one deleted changes the count.
 */
async function bindingsHold(tx: Db, plan: DeployPlan, project: ProjectRow): Promise<boolean> {
  const now = await bindingsWrittenSince(tx, project.id, plan.readSince);
  if (now.count !== plan.bindings.length) return false;
  if (now.written.length === 0) return true;
  const read = new Map(plan.bindings.map((binding) => [binding.id, binding.updatedAt ?? binding.createdAt]));
  return now.written.every(({ id, writtenAt }) => read.get(id) === writtenAt);
}

/** The plan's reads still hold: same project, same bindings, the checks it updates unwritten since. */
async function assertPlanHolds(ctx: ServiceContext, tx: Db, plan: DeployPlan, project: ProjectRow): Promise<void> {
  if (plan.projectId !== null && plan.projectId !== project.id) throw new StalePlan('the project was replaced');
  if (!await bindingsHold(tx, plan, project)) throw new StalePlan("the project's bindings changed");
  if (await checksWrittenSince(ctx, plan.readChecks, plan.readSince)) throw new StalePlan('a check of the project changed');
  if (await checksStampOf(ctx, plan.unboundAdoptedIds) !== plan.checksStamp) throw new StalePlan('a check the project adopts changed');
}

/** Collects the bindings a deploy writes, to write them in a few statements at the end. */
class BindingWrites {
  readonly inserts: NewBindingRow[] = [];
  readonly updates: BindingUpdate[] = [];

  constructor(
    private readonly ctx: ServiceContext,
    private readonly project: ProjectRow,
    private readonly bound: ReadonlyMap<string, BindingRow>,
    private readonly now: string,
  ) {}

  bind(resource: DeployResource, id: PhysicalId): void {
    const binding = this.bound.get(keyOf(resource.type, resource.logicalId));
    // A binding an import plan reserved stays pending until the plan is committed (or cancelled).
    const sourceFile = sourceFileOf(resource);
    if (binding) {
      const pending = binding.importPlanId ? binding.pending : false;
      // A binding the deploy leaves as it is keeps its stamp: nothing to write.
      if (binding.resourceId === String(id) && binding.member === resource.member && binding.pending === pending && binding.sourceFile === sourceFile) return;
      this.updates.push({ id: binding.id, set: { resourceId: String(id), member: resource.member, pending: binding.importPlanId ? binding.pending : false, sourceFile, updatedAt: this.now } });
      return;
    }
    this.inserts.push({
      accountId: this.ctx.accountId,
      projectId: this.project.id,
      resourceType: resource.type,
      resourceId: String(id),
      logicalId: resource.logicalId,
      member: resource.member,
      pending: false,
      sourceFile,
      importPlanId: null,
      createdAt: this.now,
      updatedAt: null,
    });
  }

  async write(tx: Db): Promise<void> {
    await updateBindings(tx, this.updates);
    await insertBindings(tx, this.inserts);
  }
}

/** The planned checks with the ids and slugs the commit has just made in place of their placeholders. */
async function resolvedWrites(ctx: ServiceContext, plan: DeployPlan, physical: ReadonlyMap<string, PhysicalId>): Promise<PreparedCheckWrite[]> {
  const real = new Map<PhysicalId, PhysicalId>();
  for (const [placeholder, { logicalId, slug }] of plan.placeholders) {
    const id = physical.get(logicalId);
    if (id === undefined) continue;
    real.set(placeholder, slug ? await slugFromDatabase(ctx)(id) : id);
  }
  const swap = <T>(value: T): T => (real.get(value as PhysicalId) as T | undefined) ?? value;
  return plan.checks.map(({ write, placeholders }) => {
    if (placeholders === 'none') return write;
    if (placeholders === 'deep') return { ...write, body: substitute(write.body, real) as PreparedCheckWrite['body'] };
    // In place: the plan is this commit's alone (a plan made again is a new one), and copying
    // thousands of bodies to change three members cost ~10 ms of the commit.
    const body = write.body;
    body.groupId = swap(body.groupId);
    if (body.alertChannelSubscriptions.some((s) => real.has(s.alertChannelId))) body.alertChannelSubscriptions = body.alertChannelSubscriptions.map((s) => ({ ...s, alertChannelId: swap(s.alertChannelId) }));
    if (body.privateLocations?.some((slug) => real.has(slug))) body.privateLocations = body.privateLocations.map(swap);
    return write;
  });
}

/**
 * Applies a planned deploy inside the caller's transaction: checks in a few statements, other
 * resources through their entity's verbs, in dependency order; then deletes (or, with
 * preserveResources, detaches) what the code dropped. Throws StalePlan when the plan no longer holds.
 */
export async function applyPlan(ctx: ServiceContext, tx: Db, project: ProjectRow, payload: DeployPayload, plan: DeployPlan, options: { preserveResources: boolean; dryRun: boolean; staged?: StagedChecks }): Promise<ApplyResult> {
  const now = ctx.clock.now().toISOString();
  await assertPlanHolds(ctx, tx, plan, project);
  const existing = plan.bindings;
  await refuseForeignOwners(ctx, tx, project, payload.resources);
  const bound = new Map(existing.map((binding) => [keyOf(binding.resourceType, binding.logicalId), binding]));
  const bindings = new BindingWrites(ctx, project, bound, now);
  const physical = new Map<string, PhysicalId>();
  const diff: DiffEntry[] = [];
  const deployedCheckIds: string[] = [];
  const unchanged = new Set<string>();
  const activatedBefore = await subscriptionStates(ctx, tx, existing);

  for (const resource of payload.resources.filter((r) => !r.member)) {
    const kind = KIND_BY_TYPE.get(resource.type);
    const id = physicalIdOf(resource.type, resource.physicalId ?? '');
    if (!kind || !(await named(resource, () => kind.exists(ctx, String(id))))) {
      throw new AppError('validation', `${resource.type} "${resource.logicalId}": fromId(${String(resource.physicalId)}) names no ${resource.type} of this account`);
    }
    physical.set(resource.logicalId, id);
    bindings.bind(resource, id);
  }

  let folded = new Map<string, FoldedMembers>();
  for (const kind of RESOURCE_KINDS) {
    if (kind.type === 'check') {
      await applyChecks(ctx, tx, plan, physical, diff, unchanged, bindings, options.dryRun, options.staged);
      deployedCheckIds.push(...plan.checks.map((c) => c.write.id));
      continue;
    }
    // Groups are the first kind that takes subscriptions and locations: both exist by now.
    if (kind.type === 'check-group') folded = await foldMembers(payload.resources, physical, slugFromDatabase(ctx), 'groupId');
    for (const resource of payload.resources.filter((r) => r.member && r.type === kind.type)) {
      // A group whose checks were staged before the commit is created with the id the staging reserved.
      const reservedId = kind.type === 'check-group' ? options.staged?.reservedGroupId(resource.logicalId) : undefined;
      const id = await applyOne(ctx, kind, resource, bound.get(keyOf(resource.type, resource.logicalId)), bodyOf(resource, payload, physical, folded), diff, unchanged, reservedId);
      const assumed = plan.assumedIds.get(keyOf(resource.type, resource.logicalId));
      if (assumed !== undefined && assumed !== id) throw new StalePlan(`${resource.type} "${resource.logicalId}" was deleted`);
      if (reservedId !== undefined && reservedId !== id) throw new StalePlan(`${resource.type} "${resource.logicalId}" was created meanwhile`);
      physical.set(resource.logicalId, id);
      bindings.bind(resource, id);
    }
  }
  const foldedResources = payload.resources.filter((r) => r.member && isFolded(r.type));
  if (foldedResources.length > 0) {
    // Only what the folded resources name: not every check of the deploy.
    const targets = foldedResources.map((resource) => physical.get(foldedTargetOf(resource)?.logicalId ?? '')).filter((id) => id !== undefined);
    const subscriptionIdOf = await subscriptionLookup(
      ctx,
      targets.filter((id): id is string => typeof id === 'string'),
      targets.filter((id): id is number => typeof id === 'number'),
    );
    for (const resource of foldedResources) {
      const id = foldedPhysicalId(resource, physical, subscriptionIdOf);
      // A preview wrote no check, so a check's subscription has no row yet: it is listed without an id.
      if (id === null && !(options.dryRun && foldedTargetOf(resource)?.field === 'checkId')) continue;
      const binding = bound.get(keyOf(resource.type, resource.logicalId));
      diff.push({ type: resource.type, logicalId: resource.logicalId, physicalId: id, action: binding ? 'UPDATE' : 'CREATE' });
      if (binding && id !== null && foldedUnchanged(resource, binding, id, activatedBefore)) unchanged.add(keyOf(resource.type, resource.logicalId));
      if (id !== null) bindings.bind(resource, id);
    }
  }
  // A preview's bindings and dropped checks would only be rolled back: they are left unwritten.
  if (!options.dryRun) await bindings.write(tx);
  const wanted = new Set(payload.resources.map((r) => keyOf(r.type, r.logicalId)));
  diff.push(...await dropUnwanted(ctx, tx, existing.filter((binding) => !wanted.has(keyOf(binding.resourceType, binding.logicalId))), options));
  return { diff, deployedCheckIds, unchanged };
}

/** Whether each subscription the project had bound was activated, before the deploy writes any. */
async function subscriptionStates(ctx: ServiceContext, tx: Db, existing: readonly BindingRow[]): Promise<Map<number, boolean>> {
  const ids = existing.filter((binding) => binding.resourceType === 'alert-channel-subscription').map((binding) => Number(binding.resourceId));
  return await subscriptionActivations(tx, ctx.accountId, ids.filter(Number.isInteger));
}

/**
 * A folded resource bound to the same row as before changed nothing: its id names its check or
 * group and its channel or location; a subscription also keeps whether it is activated.
 */
function foldedUnchanged(resource: DeployResource, binding: BindingRow, id: string, activatedBefore: ReadonlyMap<number, boolean>): boolean {
  if (binding.resourceId !== id) return false;
  if (resource.type !== 'alert-channel-subscription') return true;
  return activatedBefore.get(Number(id)) === (resource.payload?.activated !== false);
}

async function applyChecks(ctx: ServiceContext, tx: Db, plan: DeployPlan, physical: Map<string, PhysicalId>, diff: DiffEntry[], unchanged: Set<string>, bindings: BindingWrites, dryRun: boolean, staged: StagedChecks | undefined): Promise<void> {
  const writes = await resolvedWrites(ctx, plan, physical);
  const byId = new Map<string, PlannedCheck>(plan.checks.map((c) => [c.write.id, c]));
  await writeCheckBatch(tx, ctx, writes, (write, work) => {
    const planned = byId.get(write.id);
    return planned ? named(planned.resource, work) : work();
  }, { validateOnly: dryRun, staged });
  for (const { resource, write } of plan.checks) {
    physical.set(resource.logicalId, write.id);
    bindings.bind(resource, write.id);
    diff.push({ type: resource.type, logicalId: resource.logicalId, physicalId: write.id, action: write.existing ? 'UPDATE' : 'CREATE' });
    if (write.existing && (write.unchanged ?? isUnchanged(write))) unchanged.add(keyOf(resource.type, resource.logicalId));
  }
}

/** Bindings the code no longer names: members deleted (or detached), references and pending imports only unbound. */
export async function dropUnwanted(ctx: ServiceContext, tx: Db, gone: BindingRow[], options: { preserveResources: boolean; dryRun: boolean }): Promise<DiffEntry[]> {
  const diff: DiffEntry[] = [];
  const order = [...FOLDED_TYPES, ...RESOURCE_KINDS.map((kind) => kind.type).reverse()];
  const sorted = [...gone].sort((a, b) => order.indexOf(a.resourceType) - order.indexOf(b.resourceType));
  let checks: string[] = [];
  // Checks go in one batch, before the groups they may belong to (the sort keeps each type together).
  const flushChecks = async () => {
    if (!options.dryRun) await deleteCheckBatch(tx, ctx, checks);
    checks = [];
  };
  // Unbound first: the checks' delete trigger then finds no binding left to look for. A preview leaves both as they are.
  if (!options.dryRun) await deleteBindings(tx, sorted.filter((binding) => !binding.pending).map((binding) => binding.id));
  for (const binding of sorted) {
    // A binding an import plan reserved is the import's to commit or cancel.
    if (binding.pending) continue;
    if (!binding.member) continue;
    const entry = { type: binding.resourceType, logicalId: binding.logicalId, physicalId: physicalIdOf(binding.resourceType, binding.resourceId) };
    if (options.preserveResources) {
      diff.push({ ...entry, action: 'DETACHED' });
      continue;
    }
    if (binding.resourceType === 'check') {
      checks.push(binding.resourceId);
    } else {
      if (checks.length > 0) await flushChecks();
      const kind = KIND_BY_TYPE.get(binding.resourceType);
      // Folded resources go with the check or group that holds them (or stay with it when it stays: the update replaced them).
      if (!options.dryRun && kind && (await kind.exists(ctx, binding.resourceId))) await kind.remove(ctx, binding.resourceId);
    }
    diff.push({ ...entry, action: 'DELETE' });
  }
  if (checks.length > 0) await flushChecks();
  return diff;
}
