import { RETRY_TYPES } from '../../../src-shared/enums';
import type { AlertSettings } from '../../../src-shared/schemas/check-common';
import { CheckGroupCreate, CheckGroupUpdate, type CheckGroupCreateInput } from '../../../src-shared/schemas/check-group';
import type { EnvVarItem } from '../../components/env-vars-editor';
import { envVarItemsOf, toEnvironmentVariables } from '../../lib/env-vars';
import { numberField, optionalNumber, stringArray } from '../../lib/form-values';
import { runLocationsOf, toLocationLists } from '../../lib/run-locations';
import { labelledOptions } from '../../lib/labels';
import { validateWithSchema, type FormValidation } from '../../lib/schema-form';
import { FLAP_LABELS, FLAP_MEMBER_LABELS, INITIAL_FLAP_VALUES, flapFieldForPath, flapValuesOf, toFlapDetection, type FlapFormValues } from '../monitors/flap-form-model';
import { INITIAL_CHANNEL_PICKER_VALUES, channelPickerValuesOf, toSubscriptions, type ChannelPickerValues } from '../alert-channels/subscription-picker-model';

export const GROUP_RETRY_OPTIONS = labelledOptions(['FALLBACK', ...RETRY_TYPES]);

type RunThreshold = NonNullable<AlertSettings['runBasedEscalation']>['failedRunThreshold'];
type TimeThreshold = NonNullable<AlertSettings['timeBasedEscalation']>['minutesFailingThreshold'];
type ReminderAmount = NonNullable<AlertSettings['reminders']>['amount'];
type ReminderInterval = NonNullable<AlertSettings['reminders']>['interval'];

export interface GroupFormValues extends ChannelPickerValues, FlapFormValues {
  name: string;
  activated: boolean;
  muted: boolean;
  tags: string[];
  /** Ids of the checks every monitor of the group depends on. */
  dependsOn: string[];
  /** Tagged values (lib/run-locations.ts); empty: each check runs where it is set to. */
  runLocations: string[];
  concurrency: number | string;
  runParallel: boolean;
  retryType: string;
  baseBackoffSeconds: number | string;
  maxRetries: number | string;
  maxDurationSeconds: number | string;
  sameRegion: boolean;
  useGlobalAlertSettings: boolean;
  escalationType: 'RUN_BASED' | 'TIME_BASED';
  failedRunThreshold: string;
  minutesFailingThreshold: string;
  reminderAmount: string;
  reminderInterval: string;
  environmentVariables: EnvVarItem[];
  /** The stored alert settings, so members the form does not show survive a save. */
  storedAlertSettings: Record<string, unknown> | null;
}

export const INITIAL_GROUP_FORM_VALUES: GroupFormValues = {
  name: '',
  activated: true,
  muted: false,
  tags: [],
  dependsOn: [],
  runLocations: [],
  concurrency: 3,
  runParallel: false,
  retryType: 'FALLBACK',
  baseBackoffSeconds: 60,
  maxRetries: 2,
  maxDurationSeconds: 600,
  sameRegion: true,
  useGlobalAlertSettings: true,
  escalationType: 'RUN_BASED',
  failedRunThreshold: '1',
  minutesFailingThreshold: '5',
  reminderAmount: '0',
  reminderInterval: '5',
  environmentVariables: [],
  storedAlertSettings: null,
  ...INITIAL_FLAP_VALUES,
  ...INITIAL_CHANNEL_PICKER_VALUES,
};

export const GROUP_LABELS: Record<string, string> = {
  name: 'Name',
  concurrency: 'Concurrency',
  runLocations: 'Locations',
  tags: 'Tags',
  dependsOn: 'Depends on',
  alertChannelIds: 'Alert channels',
  retryType: 'Retry strategy',
  baseBackoffSeconds: 'Base backoff (s)',
  maxRetries: 'Max retries',
  maxDurationSeconds: 'Max retry duration (s)',
  ...FLAP_LABELS,
  ...FLAP_MEMBER_LABELS,
};

function retryStrategyOf(values: GroupFormValues): CheckGroupCreateInput['retryStrategy'] {
  if (values.retryType === 'FALLBACK') return 'FALLBACK';
  return {
    type: values.retryType as (typeof RETRY_TYPES)[number],
    baseBackoffSeconds: optionalNumber(values.baseBackoffSeconds),
    // A single retry is one retry: the form has no "Max retries" for it, and none is sent.
    maxRetries: values.retryType === 'SINGLE_RETRY' ? undefined : optionalNumber(values.maxRetries),
    maxDurationSeconds: optionalNumber(values.maxDurationSeconds),
    sameRegion: values.sameRegion,
  };
}

export function toGroupBody(values: GroupFormValues): CheckGroupCreateInput {
  return {
    name: values.name.trim(),
    activated: values.activated,
    muted: values.muted,
    tags: values.tags,
    dependsOn: values.dependsOn,
    flapDetection: toFlapDetection(values),
    ...toLocationLists(values.runLocations),
    concurrency: optionalNumber(values.concurrency),
    runParallel: values.runParallel,
    retryStrategy: retryStrategyOf(values),
    useGlobalAlertSettings: values.useGlobalAlertSettings,
    alertSettings: {
      ...values.storedAlertSettings,
      escalationType: values.escalationType,
      runBasedEscalation: { failedRunThreshold: Number(values.failedRunThreshold) as RunThreshold },
      timeBasedEscalation: { minutesFailingThreshold: Number(values.minutesFailingThreshold) as TimeThreshold },
      reminders: { amount: Number(values.reminderAmount) as ReminderAmount, interval: Number(values.reminderInterval) as ReminderInterval },
    },
    environmentVariables: toEnvironmentVariables(values.environmentVariables),
    alertChannelSubscriptions: toSubscriptions(values),
  };
}

export function groupValuesOf(group: Record<string, unknown>): GroupFormValues {
  const parsed = CheckGroupUpdate.safeParse(group);
  const stored: Partial<CheckGroupUpdate> = parsed.success ? parsed.data : {};
  const retry = stored.retryStrategy;
  const alerts = stored.alertSettings ?? null;
  const initial = INITIAL_GROUP_FORM_VALUES;
  return {
    ...initial,
    name: stored.name ?? '',
    activated: stored.activated !== false,
    muted: stored.muted === true,
    tags: stringArray(stored.tags),
    dependsOn: stringArray(stored.dependsOn),
    runLocations: runLocationsOf(stored, false),
    concurrency: numberField(stored.concurrency),
    runParallel: stored.runParallel === true,
    retryType: retry === undefined || retry === 'FALLBACK' ? 'FALLBACK' : retry.type,
    ...(retry && retry !== 'FALLBACK'
      ? {
          baseBackoffSeconds: numberField(retry.baseBackoffSeconds),
          maxRetries: numberField(retry.maxRetries),
          maxDurationSeconds: numberField(retry.maxDurationSeconds),
          sameRegion: retry.sameRegion !== false,
        }
      : {}),
    useGlobalAlertSettings: stored.useGlobalAlertSettings !== false,
    escalationType: alerts?.escalationType ?? 'RUN_BASED',
    failedRunThreshold: String(alerts?.runBasedEscalation?.failedRunThreshold ?? initial.failedRunThreshold),
    minutesFailingThreshold: String(alerts?.timeBasedEscalation?.minutesFailingThreshold ?? initial.minutesFailingThreshold),
    reminderAmount: String(alerts?.reminders?.amount ?? initial.reminderAmount),
    reminderInterval: String(alerts?.reminders?.interval ?? initial.reminderInterval),
    environmentVariables: envVarItemsOf(group.environmentVariables),
    storedAlertSettings: alerts as Record<string, unknown> | null,
    ...flapValuesOf(stored.flapDetection),
    ...channelPickerValuesOf(group.alertChannelSubscriptions),
  };
}

const ALERT_PATHS: Record<string, keyof GroupFormValues> = {
  escalationType: 'escalationType',
  runBasedEscalation: 'failedRunThreshold',
  timeBasedEscalation: 'minutesFailingThreshold',
  reminders: 'reminderAmount',
};

function fieldForPath(path: readonly PropertyKey[]): string | null {
  const [head, next] = path;
  if (head === 'flapDetection') return flapFieldForPath(path);
  if (head === 'retryStrategy') {
    if (next === 'baseBackoffSeconds' || next === 'maxRetries' || next === 'maxDurationSeconds' || next === 'sameRegion') return next;
    return 'retryType';
  }
  if (head === 'alertSettings') return typeof next === 'string' ? (ALERT_PATHS[next] ?? null) : null;
  if (head === 'environmentVariables' && path.length === 3) return path.map(String).join('.');
  if (head === 'locations' || head === 'privateLocations') return 'runLocations';
  if (head === 'alertChannelSubscriptions') return 'alertChannelIds';
  if (typeof head === 'string' && head in INITIAL_GROUP_FORM_VALUES) return head;
  return null;
}

export function validateGroupForm(values: GroupFormValues): FormValidation {
  return validateWithSchema(CheckGroupCreate, toGroupBody(values), fieldForPath, GROUP_LABELS);
}
