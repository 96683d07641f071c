import type { IP_FAMILIES } from '../../../src-shared/enums';
import { ICMP_REQUEST_DEFAULTS, IcmpMonitorCreate, IcmpMonitorUpdate, type IcmpAssertion, type IcmpMonitorCreateInput } from '../../../src-shared/schemas/icmp-monitor';
import { numberField, optionalNumber } from '../../lib/form-values';
import { validateWithSchema, type FormValidation } from '../../lib/schema-form';
import { assertionItemsOf, assertionLabels, toAssertionBodies, type AssertionItem } from './assertion-model';
import { COMMON_LABELS, INITIAL_COMMON_VALUES, commonBody, commonFieldForPath, commonValuesOf, type CommonCheckValues } from './check-form-common';

export type IpFamily = (typeof IP_FAMILIES)[number];

export interface IcmpFormValues extends CommonCheckValues {
  hostname: string;
  pingCount: number | string;
  ipFamily: IpFamily;
  degradedPacketLossThreshold: number | string;
  maxPacketLossThreshold: number | string;
  degradedResponseTime: number | string;
  maxResponseTime: number | string;
  assertions: AssertionItem[];
}

export type IcmpFormField = keyof IcmpFormValues;

export const INITIAL_ICMP_FORM_VALUES: IcmpFormValues = {
  ...INITIAL_COMMON_VALUES,
  hostname: '',
  pingCount: ICMP_REQUEST_DEFAULTS.pingCount,
  ipFamily: ICMP_REQUEST_DEFAULTS.ipFamily,
  degradedPacketLossThreshold: 10,
  maxPacketLossThreshold: 20,
  degradedResponseTime: 10000,
  maxResponseTime: 20000,
  assertions: [],
};

export const FIELD_LABELS: Record<IcmpFormField, string> = {
  ...COMMON_LABELS,
  hostname: 'Hostname',
  pingCount: 'Ping count',
  ipFamily: 'IP family',
  degradedPacketLossThreshold: 'Degraded at packet loss',
  maxPacketLossThreshold: 'Failed at packet loss',
  degradedResponseTime: 'Degraded after (ms)',
  maxResponseTime: 'Failed after (ms)',
  assertions: 'Assertions',
};

export function toIcmpCreateBody(values: IcmpFormValues): IcmpMonitorCreateInput {
  return {
    checkType: 'ICMP',
    ...commonBody(values),
    degradedPacketLossThreshold: optionalNumber(values.degradedPacketLossThreshold),
    maxPacketLossThreshold: optionalNumber(values.maxPacketLossThreshold),
    degradedResponseTime: optionalNumber(values.degradedResponseTime),
    maxResponseTime: optionalNumber(values.maxResponseTime),
    request: {
      hostname: values.hostname.trim(),
      ipFamily: values.ipFamily,
      pingCount: optionalNumber(values.pingCount),
      assertions: toAssertionBodies<IcmpAssertion['source'], IcmpAssertion['comparison']>(values.assertions),
    },
  };
}

/** A stored ICMP monitor as the form edits it; members the form does not show keep their stored value on PUT. */
export function icmpValuesOf(check: Record<string, unknown>): IcmpFormValues {
  const parsed = IcmpMonitorUpdate.safeParse(check);
  const stored = parsed.success ? parsed.data : {};
  return {
    ...commonValuesOf(check),
    hostname: stored.request?.hostname ?? '',
    pingCount: numberField(stored.request?.pingCount),
    ipFamily: stored.request?.ipFamily ?? 'IPv4',
    degradedPacketLossThreshold: numberField(stored.degradedPacketLossThreshold),
    maxPacketLossThreshold: numberField(stored.maxPacketLossThreshold),
    degradedResponseTime: numberField(stored.degradedResponseTime),
    maxResponseTime: numberField(stored.maxResponseTime),
    assertions: assertionItemsOf(stored.request?.assertions),
  };
}

function fieldForPath(path: readonly PropertyKey[]): string | null {
  const [head, next] = path;
  if (head === 'request') {
    if (next === 'hostname' || next === 'pingCount' || next === 'ipFamily') return next;
    if (next === 'assertions') return path.slice(1).map(String).join('.');
    return null;
  }
  if (head === 'degradedPacketLossThreshold' || head === 'maxPacketLossThreshold' || head === 'degradedResponseTime' || head === 'maxResponseTime') return head;
  return commonFieldForPath(path);
}

export function validateIcmpForm(values: IcmpFormValues): FormValidation {
  return validateWithSchema(IcmpMonitorCreate, toIcmpCreateBody(values), fieldForPath, { ...FIELD_LABELS, ...assertionLabels(values.assertions.length) });
}
