import { transaction } from '../../db/connection';
import { accountVariablesFingerprint, listVariablesOfAccounts } from '../../db/repositories/account-variables';
import { assignMissingCheckNums, checksChangedSince, checksFingerprint, listCheckRuns, listGroupsById } from '../../db/repositories/runs';
import type { EnvironmentVariable } from '../../../src-shared/schemas/check-common';
import type { ServiceDeps } from '../context';
import { planCheck, plannedGroup, type CheckPlan } from './plan';

export interface PlanFilter {
  /** Only activated checks (the scheduler's start); otherwise every check named or of the account. */
  activatedOnly?: boolean;
  checkIds?: readonly string[];
  accountId?: string;
  /** A page in check_num order: the checks after this one... */
  afterCheckNum?: number;
  /** ...at most this many. */
  limit?: number;
}

/**
 * Run plans of checks. A check gets its integer surrogate (`check_num`) here, lazily, the first
 * time it is scheduled or triggered, so the checks' own services need not know about runs.
 */
export async function loadCheckPlans(deps: ServiceDeps, filter: PlanFilter): Promise<CheckPlan[]> {
  return await transaction(deps.db, async (tx) => {
    await assignMissingCheckNums(tx, filter.checkIds);
    const rows = await listCheckRuns(tx, filter);
    const groupIds = [...new Set(rows.map((r) => r.groupId).filter((id): id is number => id !== null))];
    const groups = new Map((await listGroupsById(tx, groupIds)).map((g) => [g.id, plannedGroup(g)]));
    const variables = new Map<string, EnvironmentVariable[]>();
    for (const v of await listVariablesOfAccounts(tx, [...new Set(rows.map((r) => r.accountId))])) {
      const list = variables.get(v.accountId) ?? [];
      list.push({ key: v.key, value: v.value, locked: v.locked, secret: v.secret });
      variables.set(v.accountId, list);
    }
    const plans = rows.map((row) => planCheck(row, row.groupId === null ? null : (groups.get(row.groupId) ?? null), variables.get(row.accountId) ?? []));
    // Never expected (every body was parsed on write), but a check that silently stopped running must leave a trace.
    for (const plan of plans) if (plan.problem) deps.logger.error({ checkId: plan.checkId, problem: plan.problem }, 'a stored check cannot run');
    return plans;
  });
}

/** Changes whenever a check, group or account variable is created, changed or deleted; cheap enough to poll every few seconds. */
export interface ChangeMarker {
  checkCount: number;
  checkStamp: string;
  /** Groups and account variables: a change there can touch every check's plan. */
  shared: string;
}

export async function checksChangeMarker(deps: ServiceDeps): Promise<ChangeMarker> {
  const checks = await checksFingerprint(deps.db);
  return { checkCount: checks.checkCount, checkStamp: checks.checkStamp, shared: `${checks.groups}|${await accountVariablesFingerprint(deps.db)}` };
}

export type ChecksChange = { kind: 'none' } | { kind: 'some'; checkIds: string[] } | { kind: 'all' };

/**
 * What changed between two markers. Checks only created or edited since `before` are named, so
 * the scheduler reloads just those (creating thousands of monitors must not reload every check
 * every poll); a deletion (the count falls short of the rows created since), or a change of groups
 * or account variables, needs everything reloaded.
 */
export async function checksChangeBetween(deps: ServiceDeps, before: ChangeMarker, after: ChangeMarker): Promise<ChecksChange> {
  if (before.shared !== after.shared) return { kind: 'all' };
  if (before.checkCount === after.checkCount && before.checkStamp === after.checkStamp) return { kind: 'none' };
  if (before.checkStamp === '') return { kind: 'all' };
  const changed = await checksChangedSince(deps.db, before.checkStamp);
  const created = changed.filter((row) => row.createdAfter).length;
  if (after.checkCount !== before.checkCount + created) return { kind: 'all' };
  return { kind: 'some', checkIds: changed.map((row) => row.id) };
}
