import { AppError } from '../../core/errors';
import { findProjectByLogicalId, type BindingRow } from '../../db/repositories/projects';
import type { CheckRow } from '../../db/repositories/checks';
import type { AnyCheckWrite } from '../../../src-shared/schemas/check-common';
import type { DeployPayload, DeployResource } from '../../../src-shared/schemas/project';
import { checksStampOf, isUnchanged, writtenAtOf, prepareCheckWrite, sequentialCheckIds, storedChecks, storedColumnsOf, type PreparedCheckWrite } from '../checks';
import type { ServiceContext } from '../context';
import { bodyOf, keyOf, named } from './apply-one';
import { foldMembers, slugFromDatabase, type SlugOf } from './folded';
import { physicalIdOf, type PhysicalId } from './resolve-refs';
import { KIND_BY_TYPE, wholeCheck } from './resource-kinds';
import { readBindingsInPages } from './read-bindings';
import { Slicer } from './slices';

/** One check of the deploy, validated while planning; written in the commit. */
export interface PlannedCheck {
  resource: DeployResource;
  write: PreparedCheckWrite;
  /**
   * Whether its body names a resource the commit creates first, whose placeholder is replaced then:
   * in `groupId`, subscriptions and locations only ('fields'), or somewhere else too ('deep').
   */
  placeholders: 'none' | 'fields' | 'deep';
}

/**
 * What a deploy will do, worked out outside any transaction and a slice at a time, so that other
 * requests run meanwhile. The commit checks that what the plan read still holds (the project's
 * bindings and the stamps of the checks it updates) before it writes; if not, the deploy is planned again.
 */
export interface DeployPlan {
  projectId: string | null;
  /** The project's bindings as read (after readSince): the commit asks bindingsWrittenSince whether they still hold. */
  bindings: BindingRow[];
  /**
   * The stored checks the plan may update, and the time before the plan read any of them: the
   * commit asks whether one was written since (checksWrittenSince, ~1 ms for 5,000). A deleted
   * check that was bound shows in the bindings' stamp (its binding goes with it); the checks
   * adopted by id without a binding are few and stamped exactly (checksStampOf).
   */
  adoptedCheckIds: string[];
  /** The adopted checks that exist, with when each was last written as the plan read it. */
  readChecks: Map<string, string>;
  readSince: string;
  unboundAdoptedIds: string[];
  checksStamp: string;
  checks: PlannedCheck[];
  /** Placeholder → the logical id of the resource whose physical id (or, for a location, slug) replaces it. */
  placeholders: Map<PhysicalId, { logicalId: string; slug: boolean }>;
  /** Non-check resources the plan took as already there: the commit must find the same ids. */
  assumedIds: Map<string, PhysicalId>;
}

/** Integer placeholders above any id SQLite hands out here; string ones no user sends. */
const NUMBER_PLACEHOLDER_BASE = 2 ** 52;
const stringPlaceholder = (n: number) => `\u0000pending-${n}`;
const INTEGER_ID_TYPES = new Set(['check-group', 'alert-channel', 'maintenance-window']);

/** Rows read per turn of the event loop while planning. */
const ROWS_PER_READ = 500;

/** A map of physical ids that notes whether a lookup answered a placeholder. */
class PlanIds extends Map<string, PhysicalId> {
  touches = 0;

  constructor(private readonly placeholders: ReadonlyMap<PhysicalId, unknown>) {
    super();
  }

  override get(key: string): PhysicalId | undefined {
    const value = super.get(key);
    if (value !== undefined && this.placeholders.has(value)) this.touches++;
    return value;
  }
}

function adoptedIdOf(resource: DeployResource, binding: BindingRow | undefined): string | undefined {
  return binding?.resourceId ?? (resource.physicalId == null ? undefined : String(resource.physicalId));
}

/**
 * Plans a deploy: every check validated as its create or update verb would (the costly part), ids
 * given to new checks, placeholders to the other resources the commit creates. Yields between slices.
 */
export async function planDeploy(ctx: ServiceContext, payload: DeployPayload): Promise<DeployPlan> {
  const slicer = new Slicer();
  // Before anything is read: a check written after this is one the plan may have read before the write.
  const readSince = ctx.clock.now().toISOString();
  const project = await findProjectByLogicalId(ctx.db, ctx.accountId, payload.project.logicalId);
  const existing = project ? await readBindingsInPages(ctx.db, project.id) : [];
  const bound = new Map(existing.map((binding) => [keyOf(binding.resourceType, binding.logicalId), binding]));
  const placeholders = new Map<PhysicalId, { logicalId: string; slug: boolean }>();
  const ids = new PlanIds(placeholders);
  const assumedIds = new Map<string, PhysicalId>();
  const locationSlugs = new Map<string, string>();

  for (const resource of payload.resources) {
    await slicer.pause();
    if (resource.type === 'check' || !KIND_BY_TYPE.has(resource.type)) continue;
    const kind = KIND_BY_TYPE.get(resource.type);
    if (!kind) continue;
    if (!resource.member) {
      const id = physicalIdOf(resource.type, resource.physicalId ?? '');
      if (!(await named(resource, () => kind.exists(ctx, String(id))))) {
        throw new AppError('validation', `${resource.type} "${resource.logicalId}": fromId(${String(resource.physicalId)}) names no ${resource.type} of this account`);
      }
      ids.set(resource.logicalId, id);
      continue;
    }
    const adopted = adoptedIdOf(resource, bound.get(keyOf(resource.type, resource.logicalId)));
    if (adopted !== undefined && (await named(resource, () => kind.exists(ctx, adopted)))) {
      const id = physicalIdOf(resource.type, adopted);
      ids.set(resource.logicalId, id);
      assumedIds.set(keyOf(resource.type, resource.logicalId), id);
    } else {
      const n = placeholders.size;
      const id = INTEGER_ID_TYPES.has(resource.type) ? NUMBER_PLACEHOLDER_BASE + n : stringPlaceholder(n);
      placeholders.set(id, { logicalId: resource.logicalId, slug: false });
      ids.set(resource.logicalId, id);
    }
    // A location of the project may get a new slug in this deploy: checks name it by a placeholder until the commit.
    if (resource.type === 'private-location') {
      const slug = stringPlaceholder(placeholders.size);
      placeholders.set(slug, { logicalId: resource.logicalId, slug: true });
      locationSlugs.set(String(ids.get(resource.logicalId)), slug);
    }
  }

  const checkResources = payload.resources.filter((r) => r.type === 'check');
  const adopted = checkResources.filter((r) => r.member).map((r) => adoptedIdOf(r, bound.get(keyOf(r.type, r.logicalId))));
  const adoptedIds = adopted.filter((id): id is string => id !== undefined);
  // Stamped before the rows are read: a write in between shows as a changed stamp at the commit (planned again), never as a lost update.
  const boundIds = new Set(existing.filter((binding) => binding.resourceType === 'check').map((binding) => binding.resourceId));
  const unboundAdoptedIds = adoptedIds.filter((id) => !boundIds.has(id));
  const checksStamp = await checksStampOf(ctx, unboundAdoptedIds);
  const stored = new Map<string, CheckRow>();
  for (let i = 0; i < adoptedIds.length; i += ROWS_PER_READ) {
    await slicer.pause();
    for (const [id, row] of await storedChecks(ctx, adoptedIds.slice(i, i + ROWS_PER_READ))) stored.set(id, row);
  }
  for (const resource of checkResources) {
    if (resource.member) continue;
    const id = String(resource.physicalId ?? '');
    if (!stored.has(id) && !named(resource, () => KIND_BY_TYPE.get('check')?.exists(ctx, id))) {
      throw new AppError('validation', `check "${resource.logicalId}": fromId(${String(resource.physicalId)}) names no check of this account`);
    }
    ids.set(resource.logicalId, id);
  }
  const memberChecks = checkResources.filter((r) => r.member);
  const newIds = sequentialCheckIds(memberChecks.length);
  const rows = memberChecks.map((resource, index) => {
    const id = adopted[index];
    const row = id === undefined ? undefined : stored.get(id);
    ids.set(resource.logicalId, row?.id ?? newIds[index]);
    return row ?? null;
  });

  const databaseSlug = slugFromDatabase(ctx);
  const slugOf: SlugOf = (locationId) => {
    return locationSlugs.get(String(locationId)) ?? databaseSlug(locationId);
  };
  const checks: PlannedCheck[] = [];
  const folded = await foldMembers(payload.resources, ids, slugOf, 'checkId');
  for (const [index, resource] of memberChecks.entries()) {
    await slicer.pause();
    ids.touches = 0;
    const body = bodyOf(resource, payload, ids, folded);
    const row = rows[index];
    // An update takes the whole construct (members left out get their defaults back), as the check kind's update does.
    const write = named(resource, () => prepareCheckWrite(ctx, row, row ? wholeCheck(body) : (body as AnyCheckWrite), String(ids.get(resource.logicalId))));
    const inGroup = typeof body.groupId === 'number' && placeholders.has(body.groupId) ? 1 : 0;
    const members = folded.get(resource.logicalId);
    const inFields = inGroup > 0 || (members?.subscriptions.some((s) => placeholders.has(s.alertChannelId)) ?? false) || (members?.privateLocations.some((slug) => placeholders.has(slug)) ?? false);
    // A placeholder met anywhere but in groupId is somewhere the commit must look for it.
    const elsewhere = ids.touches - inGroup > 0;
    const uses = elsewhere ? 'deep' : inFields ? 'fields' : 'none';
    if (uses === 'none') write.unchanged = isUnchanged(write);
    // Serialized now rather than in the commit; a placeholder in groupId is a column of its own, swapped then.
    const locationPlaceholder = members?.privateLocations.some((slug) => placeholders.has(slug)) ?? false;
    if (uses === 'none' || (uses === 'fields' && !locationPlaceholder)) write.columns = storedColumnsOf(write);
    checks.push({ resource, write, placeholders: uses });
  }
  return { projectId: project?.id ?? null, bindings: existing, adoptedCheckIds: adoptedIds, readChecks: new Map([...stored].map(([id, row]) => [id, writtenAtOf(row)])), readSince, unboundAdoptedIds, checksStamp, checks, placeholders, assumedIds };
}
