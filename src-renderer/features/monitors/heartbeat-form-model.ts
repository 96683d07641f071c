import { HEARTBEAT_UNITS, HeartbeatCheckCreate, HeartbeatCheckUpdate, type HeartbeatCheckCreateInput, type HeartbeatUnit } from '../../../src-shared/schemas/heartbeat-check';
import { numberField, optionalNumber } from '../../lib/form-values';
import { validateWithSchema, type FormValidation } from '../../lib/schema-form';
import { COMMON_LABELS, INITIAL_COMMON_VALUES, commonBody, commonFieldForPath, commonValuesOf, type CommonCheckValues } from './check-form-common';

export { HEARTBEAT_UNITS, type HeartbeatUnit };

export interface HeartbeatFormValues extends CommonCheckValues {
  period: number | string;
  periodUnit: HeartbeatUnit;
  grace: number | string;
  graceUnit: HeartbeatUnit;
}

export type HeartbeatFormField = keyof HeartbeatFormValues;

export const INITIAL_HEARTBEAT_FORM_VALUES: HeartbeatFormValues = {
  ...INITIAL_COMMON_VALUES,
  period: 1,
  periodUnit: 'days',
  grace: 30,
  graceUnit: 'minutes',
};

export const HEARTBEAT_FIELD_LABELS: Record<HeartbeatFormField, string> = {
  ...COMMON_LABELS,
  period: 'Period',
  periodUnit: 'Period unit',
  grace: 'Grace',
  graceUnit: 'Grace unit',
};

export function toHeartbeatCreateBody(values: HeartbeatFormValues): HeartbeatCheckCreateInput {
  // A heartbeat has no frequency: its job's pings set the pace.
  const { frequency: _frequency, ...common } = commonBody(values);
  return {
    checkType: 'HEARTBEAT',
    ...common,
    heartbeat: {
      period: optionalNumber(values.period) as number,
      periodUnit: values.periodUnit,
      grace: optionalNumber(values.grace) as number,
      graceUnit: values.graceUnit,
    },
  };
}

/** A stored heartbeat as the form edits it. */
export function heartbeatValuesOf(check: Record<string, unknown>): HeartbeatFormValues {
  const parsed = HeartbeatCheckUpdate.safeParse(check);
  const stored = parsed.success ? parsed.data : {};
  return {
    ...commonValuesOf(check),
    period: numberField(stored.heartbeat?.period),
    periodUnit: stored.heartbeat?.periodUnit ?? 'minutes',
    grace: numberField(stored.heartbeat?.grace),
    graceUnit: stored.heartbeat?.graceUnit ?? 'minutes',
  };
}

function fieldForPath(path: readonly PropertyKey[]): string | null {
  const [head, next] = path;
  if (head === 'heartbeat') return next === 'period' || next === 'periodUnit' || next === 'grace' || next === 'graceUnit' ? next : 'period';
  return commonFieldForPath(path);
}

export function validateHeartbeatForm(values: HeartbeatFormValues): FormValidation {
  return validateWithSchema(HeartbeatCheckCreate, toHeartbeatCreateBody(values), fieldForPath, HEARTBEAT_FIELD_LABELS);
}
