import type { CheckRunRow, GroupRow } from '../../db/repositories/runs';
import type { ExecutionJob, IcmpCheckInput, MultiStepCheckInput, TracerouteCheckInput } from '../../runner/types';
import { resolveEffectiveCheckSettings, type GroupSettings } from '../check-groups/resolve-effective-settings';
import { checkSettingsOf, groupSettingsOf } from '../check-groups/stored-settings';
import type { EnvironmentVariable } from '../../../src-shared/schemas/check-common';
import { LOCAL_LOCATION } from '../../../src-shared/enums';
import type { RetryPolicy } from '../../../src-shared/rules/retry';
import { cadenceOf, type Cadence } from '../../../src-shared/rules/schedule';

export const RUNNABLE_TYPES = new Set(['ICMP', 'TRACEROUTE', 'MULTI_STEP']);

/** Everything the scheduler needs to run one check, resolved from the check and its group. */
export interface CheckPlan {
  checkId: string;
  accountId: string;
  checkNum: number;
  checkType: string;
  name: string;
  tags: string[];
  /** Runs on schedule: the check and its group are activated and the type has an executor. */
  runnable: boolean;
  scheduled: boolean;
  cadence: Cadence;
  nextRunAt: number | null;
  lastLocationIndex: number;
  locations: string[];
  runParallel: boolean;
  retry: { strategy: RetryPolicy | null; doubleCheck: boolean };
  groupId: number | null;
  groupConcurrency: number | null;
  execution: Omit<ExecutionJob, 'signal' | 'runLocation'>;
}

function num(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** A multi-step run's limit when the check sets no maxResponseTime: API flows finish in seconds. */
export const DEFAULT_MULTI_STEP_TIMEOUT_MS = 30_000;
/** The shortest multi-step limit, whatever maxResponseTime says (Playwright needs a moment per step). */
const MIN_MULTI_STEP_TIMEOUT_MS = 1_000;

/**
 * The run's hard time limit: ping needs about a second per packet; traceroute gets mtr's limit; a
 * multi-step script its maxResponseTime (a slower run fails anyway), else 30 s. The multi-step
 * executor adds a start-up allowance for Playwright on top.
 */
export function timeoutOf(checkType: string, body: Record<string, unknown>): number {
  const request = (body.request ?? {}) as Record<string, unknown>;
  if (checkType === 'ICMP') return num(request.pingCount, 10) * 1000 + 10_000;
  if (checkType === 'MULTI_STEP') {
    const max = body.maxResponseTime;
    return typeof max === 'number' && Number.isFinite(max) ? Math.max(MIN_MULTI_STEP_TIMEOUT_MS, Math.ceil(max)) : DEFAULT_MULTI_STEP_TIMEOUT_MS;
  }
  return 120_000;
}

/** A stored body is what its type's create schema parsed when it was written: the executor's input. */
function executionOf(row: CheckRunRow, environment: EnvironmentVariable[]): CheckPlan['execution'] {
  const body: object = row.body;
  const base = { checkId: row.id, timeoutMs: timeoutOf(row.checkType, row.body) };
  if (row.checkType === 'TRACEROUTE') return { ...base, checkType: 'TRACEROUTE', check: body as TracerouteCheckInput };
  if (row.checkType === 'MULTI_STEP') {
    const variables = environment.map((variable) => ({ ...variable, value: variable.value ?? null }));
    return { ...base, checkType: 'MULTI_STEP', check: { ...(body as MultiStepCheckInput), environmentVariables: variables } };
  }
  return { ...base, checkType: 'ICMP', check: body as IcmpCheckInput };
}

/** A check's group as its plans need it: its settings read once, whatever the number of member checks. */
export interface PlannedGroup {
  tags: string[];
  settings: GroupSettings;
}

export function plannedGroup(group: GroupRow): PlannedGroup {
  const tags = group.body.tags;
  return { tags: Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : [], settings: groupSettingsOf(group.body) };
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
  const runnable = RUNNABLE_TYPES.has(row.checkType);
  return {
    checkId: row.id,
    accountId: row.accountId,
    checkNum: row.checkNum,
    checkType: row.checkType,
    name: row.name,
    // "Group tags also match" (the public API's matchTags).
    tags: [...new Set([...row.tags, ...(group?.tags ?? [])])],
    runnable,
    scheduled: runnable && effective.activated,
    cadence: cadenceOf(frequency, offset, row.id),
    nextRunAt: row.nextRunAt,
    lastLocationIndex: row.lastLocationIndex,
    locations: locations.length > 0 ? [...new Set(locations)] : [LOCAL_LOCATION],
    runParallel: effective.runParallel,
    retry: { strategy: effective.retryStrategy, doubleCheck: effective.doubleCheck },
    groupId: row.groupId,
    groupConcurrency: effective.concurrency,
    execution: executionOf(row, withAccountVariables(accountVariables, effective.environmentVariables)),
  };
}
