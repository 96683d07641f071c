import { transaction } from '../../db/connection';
import { assignMissingCheckNums, listCheckRuns, listGroupsById } from '../../db/repositories/runs';
import type { ServiceDeps } from '../context';
import { planCheck, type CheckPlan } from './plan';

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
export function loadCheckPlans(deps: ServiceDeps, filter: PlanFilter): CheckPlan[] {
  return transaction(deps.db, (tx) => {
    assignMissingCheckNums(tx, filter.checkIds);
    const rows = listCheckRuns(tx, filter);
    const groupIds = [...new Set(rows.map((r) => r.groupId).filter((id): id is number => id !== null))];
    const groups = new Map(listGroupsById(tx, groupIds).map((g) => [g.id, g]));
    return rows.map((row) => planCheck(row, row.groupId === null ? null : (groups.get(row.groupId) ?? null)));
  });
}
