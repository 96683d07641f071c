import { z } from 'zod';
import { ASSERTION_COMPARISONS, IP_FAMILIES } from '../enums';
import { AssertionText, LIMITS } from './limits';
import { Frequency, checkCrossFieldRules, checkReadSchema, requiredOnCreate, sharedCheckFields, withDefault, type CheckReadOnly, type SchemaMode } from './check-common';

export function hasSpaceOrControl(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** A hostname or IP literal handed to ping as one argument: no whitespace or control characters, no leading "-". */
export const Hostname = z
  .string()
  .min(1)
  .max(2048)
  .refine((v) => !hasSpaceOrControl(v), 'must not contain spaces or control characters')
  .refine((v) => !v.startsWith('-'), 'must not start with "-"');

export const IcmpAssertion = z.object({
  source: z.enum(['LATENCY', 'JSON_RESPONSE']),
  comparison: z.enum(ASSERTION_COMPARISONS),
  property: AssertionText.default(''),
  target: AssertionText.default(''),
  regex: AssertionText.nullable().default(''),
});
export type IcmpAssertion = z.infer<typeof IcmpAssertion>;

/** The request's defaults, written once: the create schema stores them, the run input fills a stored null with them. */
export const ICMP_REQUEST_DEFAULTS = { ipFamily: 'IPv4', pingCount: 10 } as const;

function icmpRequest<M extends SchemaMode>(mode: M) {
  const d = <T extends z.ZodType>(schema: T, value: z.output<T>) => withDefault(mode, schema, value);
  return z.object({
    // Required whenever a request is given, also on PUT (the reference's ChecksV1IcmpMonitorUpdate); its other members merge.
    hostname: Hostname,
    ipFamily: d(z.enum(IP_FAMILIES).nullable(), ICMP_REQUEST_DEFAULTS.ipFamily),
    pingCount: d(z.number().int().min(1).max(50).nullable(), ICMP_REQUEST_DEFAULTS.pingCount),
    assertions: d(z.array(IcmpAssertion).max(LIMITS.assertions), []),
  });
}

export const IcmpRequest = icmpRequest('create');
export type IcmpRequest = z.infer<typeof IcmpRequest>;

const packetLoss = z.number().gt(0).max(100).nullable();
const responseTime = z.number().min(0).max(300000).nullable();

function icmpFields<M extends SchemaMode>(mode: M) {
  const d = <T extends z.ZodType>(schema: T, value: z.output<T>) => withDefault(mode, schema, value);
  return {
    ...sharedCheckFields(mode, { descriptionMax: 510, environmentVariablesMax: 200 }),
    checkType: d(z.literal('ICMP'), 'ICMP'),
    frequency: d(Frequency, 10),
    request: requiredOnCreate(mode, icmpRequest(mode)),
    degradedResponseTime: d(responseTime, 10000),
    maxResponseTime: d(responseTime, 20000),
    degradedPacketLossThreshold: d(packetLoss, 10),
    maxPacketLossThreshold: d(packetLoss, 20),
  };
}

/**
 * What the ICMP executor takes, parsed from a stored check body: the create schema's own fields, with a
 * stored null read as the default, so no executor re-applies one.
 */
const icmpCreateFields = icmpFields('create');
export const IcmpRunInput = z.object({
  request: icmpCreateFields.request.transform((request) => ({
    ...request,
    ipFamily: request.ipFamily ?? ICMP_REQUEST_DEFAULTS.ipFamily,
    pingCount: request.pingCount ?? ICMP_REQUEST_DEFAULTS.pingCount,
  })),
  shouldFail: icmpCreateFields.shouldFail,
  degradedResponseTime: icmpCreateFields.degradedResponseTime,
  maxResponseTime: icmpCreateFields.maxResponseTime,
  degradedPacketLossThreshold: icmpCreateFields.degradedPacketLossThreshold,
  maxPacketLossThreshold: icmpCreateFields.maxPacketLossThreshold,
});
export type IcmpRunInput = z.infer<typeof IcmpRunInput>;

export const IcmpMonitorCreate = z.object(icmpCreateFields).superRefine(checkCrossFieldRules);
export type IcmpMonitorCreate = z.infer<typeof IcmpMonitorCreate>;
export type IcmpMonitorCreateInput = z.input<typeof IcmpMonitorCreate>;

/** PUT body: every member optional; the stored monitor is merged with it and checked again as a whole. */
export const IcmpMonitorUpdate = z.object(icmpFields('update'));
export type IcmpMonitorUpdate = z.infer<typeof IcmpMonitorUpdate>;

/** The returned shape (spec 2.1 read-only members included), for the API description. */
export const IcmpMonitorRead = checkReadSchema(IcmpMonitorUpdate.shape);

export type IcmpMonitor = IcmpMonitorCreate & CheckReadOnly;
