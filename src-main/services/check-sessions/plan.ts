import type { CheckRunRow, GroupRow } from '../../db/repositories/runs';
import { checkSettingsOf, groupSettingsOf, resolveEffectiveCheckSettings, type GroupSettings } from '../check-groups';
import type { EnvironmentVariable } from '../../../src-shared/schemas/check-common';
import { LOCAL_LOCATION } from '../../../src-shared/enums';
import type { RetryPolicy } from '../../../src-shared/rules/retry';
import { cadenceOf, type Cadence } from '../../../src-shared/rules/schedule';
import { isAgentRunType, isRunType, plannedExecution, type PlannedExecution } from '../../../src-shared/schemas/run-job';
import { CHECK_TYPE_MODULES } from '../../../src-shared/check-types';
import type { CheckTypeModule } from '../../../src-shared/check-types/define';

/** Everything the scheduler needs to run one check, resolved from the check and its group. */
export interface CheckPlan {
  checkId: string;
  accountId: string;
  checkNum: number;
  checkType: string;
  name: string;
  tags: string[];
  /** Why a check of a runnable type cannot run (its stored body does not parse); null otherwise. */
  problem: string | null;
  /** Runs on schedule: it can run (an execution), and the check and its group are activated. */
  scheduled: boolean;
  cadence: Cadence;
  nextRunAt: number | null;
  lastLocationIndex: number;
  locations: string[];
  runParallel: boolean;
  retry: { strategy: RetryPolicy | null; doubleCheck: boolean };
  groupId: number | null;
  groupConcurrency: number | null;
  /** What its runs execute; null when it cannot run here. */
  execution: PlannedExecution | null;
}

function num(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** A plan whose check runs here: its type has an executor and its stored body parses as that executor's input. */
export type RunnablePlan = CheckPlan & { execution: PlannedExecution };

export function isRunnable(plan: CheckPlan): plan is RunnablePlan {
  return plan.execution !== null;
}

/** A check's group as its plans need it: its settings read once, whatever the number of member checks. */
export interface PlannedGroup {
  tags: string[];
  settings: GroupSettings;
  /** The stored group, for what a check type takes from it at run time (API checks: apiCheckDefaults). */
  body: Record<string, unknown>;
}

export function plannedGroup(group: GroupRow): PlannedGroup {
  const tags = group.body.tags;
  return { tags: Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : [], settings: groupSettingsOf(group.body), body: group.body };
}

/** Account variables under the check's effective ones (group, then check): the more specific value wins on the same key. */
function withAccountVariables(account: readonly EnvironmentVariable[], effective: readonly EnvironmentVariable[]): EnvironmentVariable[] {
  if (account.length === 0) return [...effective];
  const byKey = new Map<string, EnvironmentVariable>();
  for (const variable of account) byKey.set(variable.key, variable);
  for (const variable of effective) byKey.set(variable.key, variable);
  return [...byKey.values()];
}

/** `accountVariables` (still sealed) are the account-level ones of /v1/variables. */
export function planCheck(row: CheckRunRow, group: PlannedGroup | null, accountVariables: readonly EnvironmentVariable[] = []): CheckPlan {
  const body = row.body;
  const checkSettings = checkSettingsOf(body, { activated: row.activated, muted: row.muted });
  const effective = resolveEffectiveCheckSettings(checkSettings, group?.settings ?? null);
  const locations = [...effective.privateLocations, ...effective.locations];
  const frequency = num(body.frequency, 10);
  const offset = typeof body.frequencyOffset === 'number' ? body.frequencyOffset : null;
  const fromGroup = group && isRunType(row.checkType) ? (CHECK_TYPE_MODULES[row.checkType].run as CheckTypeModule['run']).groupDefaults?.(group.body) : undefined;
  const execution = plannedExecution(row.id, row.checkType, fromGroup ? { ...body, ...fromGroup } : body, withAccountVariables(accountVariables, effective.environmentVariables));
  const runnable = !('problem' in execution);
  return {
    checkId: row.id,
    accountId: row.accountId,
    checkNum: row.checkNum,
    checkType: row.checkType,
    name: row.name,
    // "Group tags also match" (the public API's matchTags).
    tags: [...new Set([...row.tags, ...(group?.tags ?? [])])],
    // A heartbeat has no execution by design (the server judges it): not a problem to log.
    problem: 'problem' in execution && isAgentRunType(row.checkType) ? execution.problem : null,
    scheduled: runnable && effective.activated,
    cadence: cadenceOf(frequency, offset, row.id),
    nextRunAt: row.nextRunAt,
    lastLocationIndex: row.lastLocationIndex,
    locations: locations.length > 0 ? [...new Set(locations)] : [LOCAL_LOCATION],
    runParallel: effective.runParallel,
    retry: { strategy: effective.retryStrategy, doubleCheck: effective.doubleCheck },
    groupId: row.groupId,
    groupConcurrency: effective.concurrency,
    execution: 'problem' in execution ? null : execution,
  };
}
