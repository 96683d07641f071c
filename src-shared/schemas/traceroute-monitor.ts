import { z } from 'zod';
import { IP_FAMILIES } from '../enums';
import { AssertionText, LIMITS } from './limits';
import { Frequency, checkCrossFieldRules, checkReadSchema, requiredOnCreate, sharedCheckFields, withDefault, type CheckReadOnly, type SchemaMode } from './check-common';

export const TRACEROUTE_PROTOCOLS = ['TCP', 'ICMP', 'UDP', 'SCTP'] as const;
export const TRACEROUTE_ASSERTION_SOURCES = ['RESPONSE_TIME', 'HOP_COUNT', 'PACKET_LOSS'] as const;
export const TRACEROUTE_COMPARISONS = ['EQUALS', 'NOT_EQUALS', 'GREATER_THAN', 'LESS_THAN'] as const;

export function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 0x1f || code === 0x7f) return true;
  }
  return false;
}

/** Spec 2.6: 1..2048 characters, none of them a control character (0x00-0x1f, 0x7f). */
export const TracerouteTarget = z
  .string()
  .min(1)
  .max(2048)
  .refine((v) => !hasControlCharacter(v), 'must not contain control characters');

export const TracerouteAssertion = z.object({
  source: z.enum(TRACEROUTE_ASSERTION_SOURCES),
  comparison: z.enum(TRACEROUTE_COMPARISONS),
  property: AssertionText.default(''),
  target: AssertionText.default(''),
  regex: AssertionText.nullable().default(''),
});
export type TracerouteAssertion = z.infer<typeof TracerouteAssertion>;

/** The request's defaults, written once: the create schema stores them, the run input fills a stored null with them. */
export const TRACEROUTE_REQUEST_DEFAULTS = { protocol: 'TCP', ipFamily: 'IPv4', maxHops: 30, ptrLookup: true, timeout: 10 } as const;

function tracerouteRequest<M extends SchemaMode>(mode: M) {
  const d = <T extends z.ZodType>(schema: T, value: z.output<T>) => withDefault(mode, schema, value);
  return z.object({
    url: requiredOnCreate(mode, TracerouteTarget),
    protocol: d(z.enum(TRACEROUTE_PROTOCOLS).nullable(), TRACEROUTE_REQUEST_DEFAULTS.protocol),
    port: z.number().int().min(1).max(65535).nullable().optional(),
    ipFamily: d(z.enum(IP_FAMILIES).nullable(), TRACEROUTE_REQUEST_DEFAULTS.ipFamily),
    maxHops: d(z.number().int().min(1).max(64).nullable(), TRACEROUTE_REQUEST_DEFAULTS.maxHops),
    maxUnknownHops: z.number().int().min(1).max(30).nullable().optional(),
    ptrLookup: d(z.boolean().nullable(), TRACEROUTE_REQUEST_DEFAULTS.ptrLookup),
    timeout: d(z.number().int().min(1).max(30).nullable(), TRACEROUTE_REQUEST_DEFAULTS.timeout),
    assertions: d(z.array(TracerouteAssertion).max(LIMITS.assertions), []),
  });
}

export const TracerouteRequest = tracerouteRequest('create');
export type TracerouteRequest = z.infer<typeof TracerouteRequest>;

const responseTime = z.number().min(0).max(30000).nullable();

function tracerouteFields<M extends SchemaMode>(mode: M) {
  const d = <T extends z.ZodType>(schema: T, value: z.output<T>) => withDefault(mode, schema, value);
  return {
    ...sharedCheckFields(mode, { descriptionMax: 510, environmentVariablesMax: 200 }),
    checkType: d(z.literal('TRACEROUTE'), 'TRACEROUTE'),
    frequency: d(Frequency, 10),
    request: requiredOnCreate(mode, tracerouteRequest(mode)),
    degradedResponseTime: d(responseTime, 10000),
    maxResponseTime: d(responseTime, 20000),
  };
}

/**
 * What the traceroute executor takes, parsed from a stored check body: the create schema's own fields,
 * with a stored null read as the default, so no executor re-applies one.
 */
const tracerouteCreateFields = tracerouteFields('create');
const D = TRACEROUTE_REQUEST_DEFAULTS;
export const TracerouteRunInput = z.object({
  request: tracerouteCreateFields.request.transform((request) => ({
    ...request,
    protocol: request.protocol ?? D.protocol,
    ipFamily: request.ipFamily ?? D.ipFamily,
    maxHops: request.maxHops ?? D.maxHops,
    ptrLookup: request.ptrLookup ?? D.ptrLookup,
    timeout: request.timeout ?? D.timeout,
  })),
  shouldFail: tracerouteCreateFields.shouldFail,
  degradedResponseTime: tracerouteCreateFields.degradedResponseTime,
  maxResponseTime: tracerouteCreateFields.maxResponseTime,
});
export type TracerouteRunInput = z.infer<typeof TracerouteRunInput>;

export const TracerouteMonitorCreate = z.object(tracerouteCreateFields).superRefine(checkCrossFieldRules);
export type TracerouteMonitorCreate = z.infer<typeof TracerouteMonitorCreate>;
export type TracerouteMonitorCreateInput = z.input<typeof TracerouteMonitorCreate>;

/** PUT body: every member optional; the stored monitor is merged with it and checked again as a whole. */
export const TracerouteMonitorUpdate = z.object(tracerouteFields('update'));
export type TracerouteMonitorUpdate = z.infer<typeof TracerouteMonitorUpdate>;

/** The returned shape (spec 2.1 read-only members included), for the API description. */
export const TracerouteMonitorRead = checkReadSchema(TracerouteMonitorUpdate.shape);

export type TracerouteMonitor = TracerouteMonitorCreate & CheckReadOnly;
