import { AppError } from '../../core/errors';
import type { Db } from '../../db/connection';
import { findCheckGroup } from '../../db/repositories/check-groups';
import { checkNamesOf, dependencyLists, idsOf } from '../../db/repositories/dependencies';
import { effectiveDependencies, findDependencyCycle } from '../../../src-shared/rules/dependencies';

async function groupListOf(tx: Db, accountId: string, groupId: number | null): Promise<string[]> {
  if (groupId === null) return [];
  const value = (await findCheckGroup(tx, accountId, groupId))?.body.dependsOn;
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

async function assertKnown(tx: Db, accountId: string, dependsOn: readonly string[]): Promise<Map<string, string>> {
  const names = await checkNamesOf(tx, accountId, [...new Set(dependsOn)]);
  const unknown = dependsOn.filter((id) => !names.has(id));
  if (unknown.length > 0) throw new AppError('validation', `dependsOn: no check with id ${unknown.join(', ')} in this account`);
  return names;
}

/** The account's graph (check → checks it depends on, group lists applied), with one change laid over it. */
async function graphWith(tx: Db, accountId: string, change: { checkId?: string; own?: string[]; groupId?: number | null; group?: { id: number; list: string[] } }) {
  const graph = new Map<string, string[]>();
  const names = new Map<string, string>();
  const changedGroupList = change.checkId !== undefined && change.groupId !== undefined ? await groupListOf(tx, accountId, change.groupId) : [];
  for (const row of await dependencyLists(tx, accountId)) {
    names.set(row.id, row.name);
    const lists = idsOf(row);
    const isChanged = row.id === change.checkId;
    const own = isChanged && change.own ? change.own : lists.own;
    const groupId = isChanged && change.groupId !== undefined ? change.groupId : row.groupId;
    let group = isChanged && change.groupId !== undefined ? changedGroupList : lists.group;
    if (change.group && groupId === change.group.id) group = change.group.list;
    graph.set(row.id, effectiveDependencies(row.id, own, group));
  }
  return { graph, names };
}

/** Long cycles are named by their first checks and the one that closes them, so the message stays readable. */
const CYCLE_NAMES_SHOWN = 10;

function cycleError(cycle: string[], names: Map<string, string>): AppError {
  const named = cycle.map((id) => `"${names.get(id) ?? id}"`);
  const path = named.length <= CYCLE_NAMES_SHOWN + 1 ? named.join(' → ') : `${named.slice(0, CYCLE_NAMES_SHOWN).join(' → ')} → … (${named.length - 1} checks) → ${named[named.length - 1]}`;
  return new AppError('validation', `dependsOn: this would make a dependency cycle: ${path}. Remove one of these dependencies first.`);
}

/**
 * A check's `dependsOn` names checks of the account, never itself, and closes no cycle through
 * checks and groups (400 naming the field). `checkId` is null for a new check: nothing depends on
 * it yet, so it cannot close a cycle.
 */
export async function assertCheckDependencies(tx: Db, accountId: string, checkId: string | null, dependsOn: readonly string[] | undefined, groupId: number | null): Promise<void> {
  const own = [...(dependsOn ?? [])];
  if (checkId !== null && own.includes(checkId)) throw new AppError('validation', 'dependsOn: a check cannot depend on itself');
  await assertKnown(tx, accountId, own);
  if (checkId === null) return;
  const effective = effectiveDependencies(checkId, own, await groupListOf(tx, accountId, groupId));
  if (effective.length === 0) return;
  const { graph, names } = await graphWith(tx, accountId, { checkId, own, groupId });
  const cycle = findDependencyCycle(graph, [checkId]);
  if (cycle) throw cycleError(cycle, names);
}

/**
 * A group's `dependsOn` applies to its members (a member it names does not depend on itself): the
 * ids must be checks of the account, and no member may close a cycle through them.
 */
export async function assertGroupDependencies(tx: Db, accountId: string, groupId: number | null, dependsOn: readonly string[] | undefined): Promise<void> {
  const list = [...(dependsOn ?? [])];
  await assertKnown(tx, accountId, list);
  if (groupId === null || list.length === 0) return;
  const { graph, names } = await graphWith(tx, accountId, { group: { id: groupId, list } });
  const members = (await dependencyLists(tx, accountId))
    .filter((row) => row.groupId === groupId)
    .map((row) => row.id);
  const cycle = findDependencyCycle(graph, members);
  if (cycle) throw cycleError(cycle, names);
}
