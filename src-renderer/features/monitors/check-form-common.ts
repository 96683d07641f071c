import type { FREQUENCIES } from '../../../src-shared/enums';
import { stringArray } from '../../lib/form-values';
import { LOCAL_RUN_LOCATION, runLocationsOf, toLocationLists } from '../../lib/run-locations';
import { FLAP_LABELS, FLAP_MEMBER_LABELS, INITIAL_FLAP_VALUES, flapFieldForPath, flapValuesOf, toFlapDetection, type FlapFormValues } from './flap-form-model';
import { INITIAL_CHANNEL_PICKER_VALUES, channelPickerValuesOf, toSubscriptions, type ChannelPickerValues } from '../alert-channels/subscription-picker-model';

/** Fields every monitor form has, whatever the type. */
export interface CommonCheckValues extends ChannelPickerValues, FlapFormValues {
  name: string;
  frequency: string;
  tags: string[];
  activated: boolean;
  muted: boolean;
  /** The Select's value: a group id as text, or null for "no group". */
  groupId: string | null;
  /** Where it runs, as tagged values (lib/run-locations.ts): this machine, private locations, public names. */
  runLocations: string[];
  /** Ids of the checks it depends on. */
  dependsOn: string[];
}

export type CommonCheckField = keyof CommonCheckValues;

/** The fields' labels, and the words of the schema's messages that name a flap member ("must be less than windowRuns"). */
export const COMMON_LABELS: Record<CommonCheckField, string> & Record<string, string> = {
  name: 'Name',
  frequency: 'Frequency',
  tags: 'Tags',
  activated: 'Active',
  muted: 'Muted',
  groupId: 'Group',
  runLocations: 'Locations',
  dependsOn: 'Depends on',
  alertChannelIds: 'Alert channels',
  storedAlertChannelIds: 'Alert channels',
  chooseAllChannels: 'Alert channels',
  ...FLAP_LABELS,
  ...FLAP_MEMBER_LABELS,
};

export const INITIAL_COMMON_VALUES: CommonCheckValues = {
  name: '',
  frequency: '10',
  tags: [],
  activated: true,
  muted: false,
  groupId: null,
  runLocations: [LOCAL_RUN_LOCATION],
  dependsOn: [],
  ...INITIAL_FLAP_VALUES,
  ...INITIAL_CHANNEL_PICKER_VALUES,
};

type Frequency = (typeof FREQUENCIES)[number];

export function commonBody(values: CommonCheckValues) {
  return {
    name: values.name.trim(),
    activated: values.activated,
    muted: values.muted,
    frequency: Number(values.frequency) as Frequency,
    tags: values.tags,
    groupId: values.groupId ? Number(values.groupId) : null,
    dependsOn: values.dependsOn,
    flapDetection: toFlapDetection(values),
    alertChannelSubscriptions: toSubscriptions(values),
    ...toLocationLists(values.runLocations),
  };
}

/** A stored check's common fields as the form edits them. */
export function commonValuesOf(check: Record<string, unknown>): CommonCheckValues {
  return {
    name: typeof check.name === 'string' ? check.name : '',
    frequency: typeof check.frequency === 'number' ? String(check.frequency) : INITIAL_COMMON_VALUES.frequency,
    tags: stringArray(check.tags),
    activated: check.activated !== false,
    muted: check.muted === true,
    groupId: typeof check.groupId === 'number' ? String(check.groupId) : null,
    runLocations: runLocationsOf(check, true),
    dependsOn: stringArray(check.dependsOn),
    ...flapValuesOf(check.flapDetection),
    ...channelPickerValuesOf(check.alertChannelSubscriptions),
  };
}

export function commonFieldForPath(path: readonly PropertyKey[]): CommonCheckField | null {
  const [head] = path;
  if (head === 'flapDetection') return flapFieldForPath(path);
  if (head === 'locations' || head === 'privateLocations') return 'runLocations';
  if (head === 'alertChannelSubscriptions') return 'alertChannelIds';
  return typeof head === 'string' && head in COMMON_LABELS ? (head as CommonCheckField) : null;
}
