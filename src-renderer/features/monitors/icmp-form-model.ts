import type { z } from 'zod';
import type { IP_FAMILIES } from '../../../src-shared/enums';
import { IcmpMonitorCreate, type IcmpMonitorCreateInput } from '../../../src-shared/schemas/icmp-monitor';

export type IpFamily = (typeof IP_FAMILIES)[number];

export interface IcmpFormValues {
  name: string;
  hostname: string;
  pingCount: number | string;
  ipFamily: IpFamily;
  frequency: string;
  tags: string[];
  degradedPacketLossThreshold: number | string;
  maxPacketLossThreshold: number | string;
  activated: boolean;
}

export type IcmpFormField = keyof IcmpFormValues;

export const INITIAL_ICMP_FORM_VALUES: IcmpFormValues = {
  name: '',
  hostname: '',
  pingCount: 10,
  ipFamily: 'IPv4',
  frequency: '10',
  tags: [],
  degradedPacketLossThreshold: 10,
  maxPacketLossThreshold: 20,
  activated: true,
};

export const FIELD_LABELS: Record<IcmpFormField, string> = {
  name: 'Name',
  hostname: 'Hostname',
  pingCount: 'Ping count',
  ipFamily: 'IP family',
  frequency: 'Frequency',
  tags: 'Tags',
  degradedPacketLossThreshold: 'Degraded at packet loss',
  maxPacketLossThreshold: 'Failed at packet loss',
  activated: 'Active',
};

/** NumberInput gives '' when cleared; an empty field leaves the schema's default in place. */
function optionalNumber(value: number | string): number | undefined {
  if (value === '') return undefined;
  return typeof value === 'number' ? value : Number(value);
}

export function toIcmpCreateBody(values: IcmpFormValues): IcmpMonitorCreateInput {
  return {
    checkType: 'ICMP',
    name: values.name.trim(),
    activated: values.activated,
    frequency: Number(values.frequency) as IcmpMonitorCreateInput['frequency'],
    tags: values.tags,
    degradedPacketLossThreshold: optionalNumber(values.degradedPacketLossThreshold),
    maxPacketLossThreshold: optionalNumber(values.maxPacketLossThreshold),
    request: {
      hostname: values.hostname.trim(),
      ipFamily: values.ipFamily,
      pingCount: optionalNumber(values.pingCount),
    },
  };
}

/** Where a schema path is edited in the form; paths the form has no field for are reported with the form. */
function fieldForPath(path: readonly PropertyKey[]): IcmpFormField | null {
  const [head, next] = path;
  if (head === 'request') {
    if (next === 'hostname' || next === 'pingCount' || next === 'ipFamily') return next;
    return null;
  }
  if (typeof head === 'string' && head in FIELD_LABELS) return head as IcmpFormField;
  return null;
}

/** zod's messages either read on from the field name ("must not start with …") or stand alone ("Too small: …"). */
function withFieldName(field: IcmpFormField, message: string): string {
  const first = message.charAt(0);
  return first === first.toLowerCase() && first !== first.toUpperCase() ? `${FIELD_LABELS[field]} ${message}` : message;
}

export interface IcmpValidation {
  fieldErrors: Partial<Record<IcmpFormField, string>>;
  formErrors: string[];
}

export function issuesToErrors(issues: readonly z.core.$ZodIssue[]): IcmpValidation {
  const collected = new Map<IcmpFormField, string[]>();
  const formErrors: string[] = [];
  for (const issue of issues) {
    const field = fieldForPath(issue.path);
    if (field) {
      collected.set(field, [...(collected.get(field) ?? []), issue.message]);
    } else {
      const path = issue.path.map(String).join('.');
      formErrors.push(path ? `${path}: ${issue.message}` : issue.message);
    }
  }
  const fieldErrors: Partial<Record<IcmpFormField, string>> = {};
  for (const [field, messages] of collected) {
    fieldErrors[field] = messages.map((message, i) => (i === 0 ? withFieldName(field, message) : message)).join('; ');
  }
  return { fieldErrors, formErrors };
}

/** The shared schema is the only source of validation rules and messages. */
export function validateIcmpForm(values: IcmpFormValues): IcmpValidation {
  const result = IcmpMonitorCreate.safeParse(toIcmpCreateBody(values));
  return result.success ? { fieldErrors: {}, formErrors: [] } : issuesToErrors(result.error.issues);
}
