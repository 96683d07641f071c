import type { IP_FAMILIES } from '../../../src-shared/enums';
import {
  TRACEROUTE_REQUEST_DEFAULTS,
  TracerouteMonitorCreate,
  TracerouteMonitorUpdate,
  type TRACEROUTE_PROTOCOLS,
  type TracerouteAssertion,
  type TracerouteMonitorCreateInput,
} from '../../../src-shared/schemas/traceroute-monitor';
import { numberField, numberOrNull, optionalNumber } from '../../lib/form-values';
import { validateWithSchema, type FormValidation } from '../../lib/schema-form';
import { assertionItemsOf, assertionLabels, toAssertionBodies, type AssertionItem } from './assertion-model';
import { COMMON_LABELS, INITIAL_COMMON_VALUES, commonBody, commonFieldForPath, commonValuesOf, type CommonCheckValues } from './check-form-common';

type Protocol = (typeof TRACEROUTE_PROTOCOLS)[number];

export interface TracerouteFormValues extends CommonCheckValues {
  url: string;
  protocol: Protocol;
  port: number | string;
  ipFamily: (typeof IP_FAMILIES)[number];
  maxHops: number | string;
  maxUnknownHops: number | string;
  timeout: number | string;
  ptrLookup: boolean;
  degradedResponseTime: number | string;
  maxResponseTime: number | string;
  assertions: AssertionItem[];
}

export type TracerouteFormField = keyof TracerouteFormValues;

export const INITIAL_TRACEROUTE_FORM_VALUES: TracerouteFormValues = {
  ...INITIAL_COMMON_VALUES,
  url: '',
  protocol: TRACEROUTE_REQUEST_DEFAULTS.protocol,
  port: '',
  ipFamily: TRACEROUTE_REQUEST_DEFAULTS.ipFamily,
  maxHops: TRACEROUTE_REQUEST_DEFAULTS.maxHops,
  maxUnknownHops: '',
  timeout: TRACEROUTE_REQUEST_DEFAULTS.timeout,
  ptrLookup: TRACEROUTE_REQUEST_DEFAULTS.ptrLookup,
  degradedResponseTime: 10000,
  maxResponseTime: 20000,
  assertions: [],
};

export const TRACEROUTE_LABELS: Record<TracerouteFormField, string> = {
  ...COMMON_LABELS,
  url: 'Target',
  protocol: 'Protocol',
  port: 'Port',
  ipFamily: 'IP family',
  maxHops: 'Max hops',
  maxUnknownHops: 'Max unknown hops',
  timeout: 'Timeout (s)',
  ptrLookup: 'Resolve hop names',
  degradedResponseTime: 'Degraded after (ms)',
  maxResponseTime: 'Failed after (ms)',
  assertions: 'Assertions',
};

const REQUEST_FIELDS = ['url', 'protocol', 'port', 'ipFamily', 'maxHops', 'maxUnknownHops', 'timeout', 'ptrLookup'] as const;

export function toTracerouteBody(values: TracerouteFormValues): TracerouteMonitorCreateInput {
  return {
    checkType: 'TRACEROUTE',
    ...commonBody(values),
    degradedResponseTime: optionalNumber(values.degradedResponseTime),
    maxResponseTime: optionalNumber(values.maxResponseTime),
    request: {
      url: values.url.trim(),
      protocol: values.protocol,
      port: numberOrNull(values.port),
      ipFamily: values.ipFamily,
      maxHops: optionalNumber(values.maxHops),
      maxUnknownHops: numberOrNull(values.maxUnknownHops),
      timeout: optionalNumber(values.timeout),
      ptrLookup: values.ptrLookup,
      assertions: toAssertionBodies<TracerouteAssertion['source'], TracerouteAssertion['comparison']>(values.assertions),
    },
  };
}

export function tracerouteValuesOf(check: Record<string, unknown>): TracerouteFormValues {
  const parsed = TracerouteMonitorUpdate.safeParse(check);
  const stored = parsed.success ? parsed.data : {};
  const request = stored.request ?? {};
  return {
    ...commonValuesOf(check),
    url: request.url ?? '',
    protocol: request.protocol ?? 'TCP',
    port: numberField(request.port),
    ipFamily: request.ipFamily ?? 'IPv4',
    maxHops: numberField(request.maxHops),
    maxUnknownHops: numberField(request.maxUnknownHops),
    timeout: numberField(request.timeout),
    ptrLookup: request.ptrLookup !== false,
    degradedResponseTime: numberField(stored.degradedResponseTime),
    maxResponseTime: numberField(stored.maxResponseTime),
    assertions: assertionItemsOf(request.assertions),
  };
}

function fieldForPath(path: readonly PropertyKey[]): string | null {
  const [head, next] = path;
  if (head === 'request' && next === 'assertions') return path.slice(1).map(String).join('.');
  if (head === 'request') return REQUEST_FIELDS.find((field) => field === next) ?? null;
  if (head === 'degradedResponseTime' || head === 'maxResponseTime') return head;
  return commonFieldForPath(path);
}

export function validateTracerouteForm(values: TracerouteFormValues): FormValidation {
  return validateWithSchema(TracerouteMonitorCreate, toTracerouteBody(values), fieldForPath, { ...TRACEROUTE_LABELS, ...assertionLabels(values.assertions.length) });
}
