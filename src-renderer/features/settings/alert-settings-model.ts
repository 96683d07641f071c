import { AlertSettings } from '../../../src-shared/schemas/check-common';
import { mirroredField, validateWithSchema, type FieldForPath, type FormValidation } from '../../lib/schema-form';
import { formatPercent } from '../../lib/number-format';

/** Select values are strings; the body turns them back into the schema's literals. */
export interface AlertSettingsValues {
  escalationType: 'RUN_BASED' | 'TIME_BASED';
  failedRunThreshold: string;
  minutesFailingThreshold: string;
  reminderAmount: string;
  reminderInterval: string;
  parallelEnabled: boolean;
  parallelPercentage: string;
}

const options = (values: readonly number[], unit: (n: number) => string) => values.map((n) => ({ value: String(n), label: unit(n) }));
export const RUN_THRESHOLDS = options([1, 2, 3, 4, 5], (n) => (n === 1 ? 'After 1 failed run' : `After ${n} failed runs`));
export const TIME_THRESHOLDS = options([5, 10, 15, 30], (n) => `After ${n} minutes failing`);
export const REMINDER_AMOUNTS = options([0, 1, 2, 3, 4, 5, 100000], (n) => (n === 0 ? 'No reminders' : n === 100000 ? 'Until resolved' : `${n}`));
export const REMINDER_INTERVALS = options([1, 2, 3, 4, 5, 10, 15, 30], (n) => `Every ${n} min`);
export const PARALLEL_PERCENTAGES = options([10, 20, 30, 40, 50, 60, 70, 80, 90, 100], (n) => `${formatPercent(n)} of locations`);

export function alertSettingsValuesOf(settings: AlertSettings): AlertSettingsValues {
  return {
    escalationType: settings.escalationType,
    failedRunThreshold: String(settings.runBasedEscalation?.failedRunThreshold ?? 1),
    minutesFailingThreshold: String(settings.timeBasedEscalation?.minutesFailingThreshold ?? 5),
    reminderAmount: String(settings.reminders?.amount ?? 0),
    reminderInterval: String(settings.reminders?.interval ?? 5),
    parallelEnabled: settings.parallelRunFailureThreshold?.enabled ?? false,
    parallelPercentage: String(settings.parallelRunFailureThreshold?.percentage ?? 10),
  };
}

/** Members the form does not edit (SSL certificate alerts) keep what is stored. */
export function toAlertSettingsBody(values: AlertSettingsValues, stored: AlertSettings): unknown {
  return {
    ...stored,
    escalationType: values.escalationType,
    runBasedEscalation: { failedRunThreshold: Number(values.failedRunThreshold) },
    timeBasedEscalation: { minutesFailingThreshold: Number(values.minutesFailingThreshold) },
    reminders: { amount: Number(values.reminderAmount), interval: Number(values.reminderInterval) },
    parallelRunFailureThreshold: { enabled: values.parallelEnabled, percentage: Number(values.parallelPercentage) },
  };
}

const FIELDS: Record<string, keyof AlertSettingsValues> = {
  escalationType: 'escalationType',
  'runBasedEscalation.failedRunThreshold': 'failedRunThreshold',
  'timeBasedEscalation.minutesFailingThreshold': 'minutesFailingThreshold',
  'reminders.amount': 'reminderAmount',
  'reminders.interval': 'reminderInterval',
  'parallelRunFailureThreshold.enabled': 'parallelEnabled',
  'parallelRunFailureThreshold.percentage': 'parallelPercentage',
};

const fieldForPath: FieldForPath = (path) => FIELDS[mirroredField(path) ?? ''] ?? null;

export function validateAlertSettings(values: AlertSettingsValues, stored: AlertSettings): FormValidation {
  return validateWithSchema(AlertSettings, toAlertSettingsBody(values, stored), fieldForPath);
}
