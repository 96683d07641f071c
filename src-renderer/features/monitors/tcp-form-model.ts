import type { IP_FAMILIES } from '../../../src-shared/enums';
import { TCP_COMPARISONS, TcpMonitorCreate, TcpMonitorUpdate, type TcpAssertion, type TcpMonitorCreateInput } from '../../../src-shared/schemas/tcp-monitor';
import { numberField, optionalNumber } from '../../lib/form-values';
import { validateWithSchema, type FormValidation } from '../../lib/schema-form';
import { assertionItemsOf, assertionLabels, toAssertionBodies, type AssertionItem, type AssertionSourceSpec } from './assertion-model';
import { COMMON_LABELS, INITIAL_COMMON_VALUES, commonBody, commonFieldForPath, commonValuesOf, type CommonCheckValues } from './check-form-common';

export type IpFamily = (typeof IP_FAMILIES)[number];

/** The sources and comparisons ChecksV1TcpAssertion lists: the reply's text, and the time in ms. */
export const TCP_ASSERTION_SOURCES: readonly AssertionSourceSpec[] = [
  { source: 'RESPONSE_DATA', property: 'none', comparisons: TCP_COMPARISONS },
  { source: 'RESPONSE_TIME', property: 'none', comparisons: ['LESS_THAN', 'GREATER_THAN', 'EQUALS', 'NOT_EQUALS'], unit: 'ms' },
];

export interface TcpFormValues extends CommonCheckValues {
  hostname: string;
  port: number | string;
  data: string;
  ipFamily: IpFamily;
  degradedResponseTime: number | string;
  maxResponseTime: number | string;
  assertions: AssertionItem[];
}

export type TcpFormField = keyof TcpFormValues;

export const INITIAL_TCP_FORM_VALUES: TcpFormValues = {
  ...INITIAL_COMMON_VALUES,
  hostname: '',
  port: '',
  data: '',
  ipFamily: 'IPv4',
  degradedResponseTime: 4000,
  maxResponseTime: 5000,
  assertions: [],
};

export const TCP_FIELD_LABELS: Record<TcpFormField, string> = {
  ...COMMON_LABELS,
  hostname: 'Hostname',
  port: 'Port',
  data: 'Data to send',
  ipFamily: 'IP family',
  degradedResponseTime: 'Degraded after (ms)',
  maxResponseTime: 'Failed after (ms)',
  assertions: 'Assertions',
};

export function toTcpCreateBody(values: TcpFormValues): TcpMonitorCreateInput {
  return {
    checkType: 'TCP',
    ...commonBody(values),
    degradedResponseTime: optionalNumber(values.degradedResponseTime),
    maxResponseTime: optionalNumber(values.maxResponseTime),
    request: {
      hostname: values.hostname.trim(),
      port: optionalNumber(values.port) as number,
      data: values.data === '' ? null : values.data,
      ipFamily: values.ipFamily,
      assertions: toAssertionBodies<TcpAssertion['source'], TcpAssertion['comparison']>(values.assertions),
    },
  };
}

/** A stored TCP monitor as the form edits it. */
export function tcpValuesOf(check: Record<string, unknown>): TcpFormValues {
  const parsed = TcpMonitorUpdate.safeParse(check);
  const stored = parsed.success ? parsed.data : {};
  return {
    ...commonValuesOf(check),
    hostname: stored.request?.hostname ?? '',
    port: numberField(stored.request?.port),
    data: stored.request?.data ?? '',
    ipFamily: stored.request?.ipFamily ?? 'IPv4',
    degradedResponseTime: numberField(stored.degradedResponseTime),
    maxResponseTime: numberField(stored.maxResponseTime),
    assertions: assertionItemsOf(stored.request?.assertions),
  };
}

function fieldForPath(path: readonly PropertyKey[]): string | null {
  const [head, next] = path;
  if (head === 'request') {
    if (next === 'hostname' || next === 'port' || next === 'data' || next === 'ipFamily') return next;
    if (next === 'assertions') return path.slice(1).map(String).join('.');
    return null;
  }
  if (head === 'degradedResponseTime' || head === 'maxResponseTime') return head;
  return commonFieldForPath(path);
}

export function validateTcpForm(values: TcpFormValues): FormValidation {
  return validateWithSchema(TcpMonitorCreate, toTcpCreateBody(values), fieldForPath, { ...TCP_FIELD_LABELS, ...assertionLabels(values.assertions.length) });
}
