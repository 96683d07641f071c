import { DNS_SOURCE_COMPARISONS, DnsMonitorCreate, DnsMonitorUpdate, type DNS_PROTOCOLS, type DNS_RECORD_TYPES, type DnsAssertion, type DnsMonitorCreateInput } from '../../../src-shared/schemas/dns-monitor';
import { numberField, optionalNumber } from '../../lib/form-values';
import { validateWithSchema, type FormValidation } from '../../lib/schema-form';
import { assertionItemsOf, assertionLabels, toAssertionBodies, type AssertionItem, type AssertionSourceSpec } from './assertion-model';
import { COMMON_LABELS, INITIAL_COMMON_VALUES, commonBody, commonFieldForPath, commonValuesOf, type CommonCheckValues } from './check-form-common';

export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];
export type DnsProtocol = (typeof DNS_PROTOCOLS)[number];

/** The sources ChecksV1DnsAssertion lists, each with the comparisons it takes. */
export const DNS_ASSERTION_SOURCES: readonly AssertionSourceSpec[] = [
  { source: 'RESPONSE_CODE', property: 'none', comparisons: DNS_SOURCE_COMPARISONS.RESPONSE_CODE },
  { source: 'TEXT_ANSWER', property: 'none', comparisons: DNS_SOURCE_COMPARISONS.TEXT_ANSWER },
  { source: 'JSON_ANSWER', property: 'path', comparisons: DNS_SOURCE_COMPARISONS.JSON_ANSWER },
  { source: 'RESPONSE_TIME', property: 'none', comparisons: DNS_SOURCE_COMPARISONS.RESPONSE_TIME, unit: 'ms' },
];

export interface DnsFormValues extends CommonCheckValues {
  query: string;
  recordType: DnsRecordType;
  nameServer: string;
  port: number | string;
  protocol: DnsProtocol;
  degradedResponseTime: number | string;
  maxResponseTime: number | string;
  assertions: AssertionItem[];
}

export type DnsFormField = keyof DnsFormValues;

export const INITIAL_DNS_FORM_VALUES: DnsFormValues = {
  ...INITIAL_COMMON_VALUES,
  query: '',
  recordType: 'A',
  nameServer: '',
  port: '',
  protocol: 'UDP',
  degradedResponseTime: 2000,
  maxResponseTime: 5000,
  assertions: [{ source: 'RESPONSE_CODE', comparison: 'EQUALS', property: '', target: 'NOERROR', regex: '' }],
};

export const DNS_FIELD_LABELS: Record<DnsFormField, string> = {
  ...COMMON_LABELS,
  query: 'Query',
  recordType: 'Record type',
  nameServer: 'Name server',
  port: 'Name server port',
  protocol: 'Protocol',
  degradedResponseTime: 'Degraded after (ms)',
  maxResponseTime: 'Failed after (ms)',
  assertions: 'Assertions',
};

export function toDnsCreateBody(values: DnsFormValues): DnsMonitorCreateInput {
  const nameServer = values.nameServer.trim();
  return {
    checkType: 'DNS',
    ...commonBody(values),
    degradedResponseTime: optionalNumber(values.degradedResponseTime),
    maxResponseTime: optionalNumber(values.maxResponseTime),
    request: {
      query: values.query.trim(),
      recordType: values.recordType,
      ...(nameServer === '' && values.port === '' ? {} : { nameServer, port: optionalNumber(values.port) }),
      protocol: values.protocol,
      assertions: toAssertionBodies<DnsAssertion['source'], DnsAssertion['comparison']>(values.assertions),
    },
  };
}

/** A stored DNS monitor as the form edits it. */
export function dnsValuesOf(check: Record<string, unknown>): DnsFormValues {
  const parsed = DnsMonitorUpdate.safeParse(check);
  const stored = parsed.success ? parsed.data : {};
  return {
    ...commonValuesOf(check),
    query: stored.request?.query ?? '',
    recordType: stored.request?.recordType ?? 'A',
    nameServer: stored.request?.nameServer ?? '',
    port: numberField(stored.request?.port ?? undefined),
    protocol: stored.request?.protocol ?? 'UDP',
    degradedResponseTime: numberField(stored.degradedResponseTime),
    maxResponseTime: numberField(stored.maxResponseTime),
    assertions: assertionItemsOf(stored.request?.assertions),
  };
}

function fieldForPath(path: readonly PropertyKey[]): string | null {
  const [head, next] = path;
  if (head === 'request') {
    if (next === 'query' || next === 'recordType' || next === 'nameServer' || next === 'protocol') return next;
    if (next === 'port') return 'port';
    if (next === 'assertions') return path.slice(1).map(String).join('.');
    return null;
  }
  if (head === 'degradedResponseTime' || head === 'maxResponseTime') return head;
  return commonFieldForPath(path);
}

export function validateDnsForm(values: DnsFormValues): FormValidation {
  return validateWithSchema(DnsMonitorCreate, toDnsCreateBody(values), fieldForPath, { ...DNS_FIELD_LABELS, ...assertionLabels(values.assertions.length) });
}
