import { RETRY_FIT_RULE, retriesThatFit, retryFitText } from '../../../src-shared/rules/retry-fit';
import type { RetryPolicy } from '../../../src-shared/rules/retry';
import { cadenceOf } from '../../../src-shared/rules/schedule';
import { plannedExecution } from '../../../src-shared/schemas/run-job';
import { toGroupBody, type GroupFormValues } from './group-form-model';

/** A member check as the group's check list returns it (its body with the group's settings applied). */
export type MemberCheck = Record<string, unknown>;

interface MemberFit {
  name: string;
  periodMs: number;
  timeoutMs: number;
  fit: number;
}

function memberFit(check: MemberCheck, policy: RetryPolicy): MemberFit | null {
  const id = typeof check.id === 'string' ? check.id : '';
  const execution = plannedExecution(id, String(check.checkType), check, []);
  if ('problem' in execution) return null;
  const frequency = typeof check.frequency === 'number' ? check.frequency : 10;
  const offset = typeof check.frequencyOffset === 'number' ? check.frequencyOffset : null;
  const periodMs = cadenceOf(frequency, offset, id).periodMs;
  return { name: typeof check.name === 'string' ? check.name : 'a check', periodMs, timeoutMs: execution.timeoutMs, fit: retriesThatFit(policy, false, periodMs, execution.timeoutMs) };
}

/**
 * What the group's retry strategy allows in practice: retries are capped to end before each
 * check's next run, so the line names the member where the fewest fit. Null when each check keeps its own.
 */
export function retryFitLine(values: GroupFormValues, members: readonly MemberCheck[]): string | null {
  const strategy = toGroupBody(values).retryStrategy;
  if (!strategy || strategy === 'FALLBACK') return null;
  let tightest: MemberFit | null = null;
  for (const check of members) {
    const fit = memberFit(check, strategy);
    if (fit && (!tightest || fit.fit < tightest.fit || (fit.fit === tightest.fit && fit.periodMs < tightest.periodMs))) tightest = fit;
  }
  if (!tightest) return RETRY_FIT_RULE;
  return retryFitText(strategy, false, tightest.periodMs, tightest.timeoutMs, `${tightest.name}'s`);
}
