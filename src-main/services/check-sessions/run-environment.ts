import type { MultiStepCheckInput } from '../../runner/types';
import type { CheckPlan } from './plan';

export interface RunVariable {
  key: string;
  value: string;
}

/**
 * Variables given for one run (`checkly trigger -e KEY=value`) reach that run's multi-step scripts and
 * win over the check's own of the same name; other check types take no variables.
 */
export function withRunEnvironment(plan: CheckPlan, variables: readonly RunVariable[]): CheckPlan {
  const execution = plan.execution;
  if (variables.length === 0 || execution.checkType !== 'MULTI_STEP') return plan;
  const given = new Set(variables.map((v) => v.key));
  const check = execution.check as MultiStepCheckInput;
  const own = (check.environmentVariables ?? []).filter((v) => !given.has(v.key));
  const environmentVariables = [...own, ...variables.map((v) => ({ key: v.key, value: v.value, secret: false }))];
  return { ...plan, execution: { ...execution, check: { ...check, environmentVariables } } };
}
