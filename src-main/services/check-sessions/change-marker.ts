import { accountVariablesFingerprint } from '../../db/repositories/account-variables';
import { checksChangedSince, checksFingerprint } from '../../db/repositories/runs';
import type { ServiceDeps } from '../context';

/** Changes whenever a check, group or account variable is created, changed or deleted; cheap enough to poll every few seconds. */
export interface ChangeMarker {
  checkCount: number;
  checkStamp: string;
  /** Groups and account variables: a change there can touch every check's plan. */
  shared: string;
}

export function checksChangeMarker(deps: ServiceDeps): ChangeMarker {
  const checks = checksFingerprint(deps.db);
  return { checkCount: checks.checkCount, checkStamp: checks.checkStamp, shared: `${checks.groups}|${accountVariablesFingerprint(deps.db)}` };
}

export type ChecksChange = { kind: 'none' } | { kind: 'some'; checkIds: string[] } | { kind: 'all' };

/**
 * What changed between two markers. Checks only created or edited since `before` are named, so
 * the scheduler reloads just those (creating thousands of monitors must not reload every check
 * every poll); a deletion (the count falls short of the rows created since), or a change of groups
 * or account variables, needs everything reloaded.
 */
export function checksChangeBetween(deps: ServiceDeps, before: ChangeMarker, after: ChangeMarker): ChecksChange {
  if (before.shared !== after.shared) return { kind: 'all' };
  if (before.checkCount === after.checkCount && before.checkStamp === after.checkStamp) return { kind: 'none' };
  if (before.checkStamp === '') return { kind: 'all' };
  const changed = checksChangedSince(deps.db, before.checkStamp);
  const created = changed.filter((row) => row.createdAfter).length;
  if (after.checkCount !== before.checkCount + created) return { kind: 'all' };
  return { kind: 'some', checkIds: changed.map((row) => row.id) };
}
