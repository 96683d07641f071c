import { z } from 'zod';
import { IP_FAMILIES } from '../enums';
import { AssertionText, LIMITS } from './limits';
import { Frequency, checkCrossFieldRules, checkReadSchema, requiredOnCreate, sharedCheckFields, withDefault, type CheckReadOnly, type SchemaMode } from './check-common';
import { hasControlCharacter } from './traceroute-monitor';

/**
 * The TCP monitor (`checkType: TCP`, the reference's ChecksV1TcpCheck): a connection to
 * `request.hostname:port`, optionally `data` sent once connected, and assertions on what came back
 * (RESPONSE_DATA) and on the connect time (RESPONSE_TIME), with the comparisons ChecksV1TcpAssertion lists.
 */

export const TCP_ASSERTION_SOURCES = ['RESPONSE_DATA', 'RESPONSE_TIME'] as const;
export const TCP_COMPARISONS = ['EQUALS', 'NOT_EQUALS', 'IS_EMPTY', 'NOT_EMPTY', 'LESS_THAN', 'GREATER_THAN', 'CONTAINS', 'NOT_CONTAINS'] as const;
const NUMERIC = ['EQUALS', 'NOT_EQUALS', 'LESS_THAN', 'GREATER_THAN'] as const;

/** How much of what the peer sends a run keeps and asserts on. */
export const TCP_RESPONSE_LIMIT_BYTES = 4096;

export const TcpAssertion = z
  .object({
    source: z.enum(TCP_ASSERTION_SOURCES),
    comparison: z.enum(TCP_COMPARISONS),
    property: AssertionText.default(''),
    target: AssertionText.default(''),
    regex: AssertionText.nullable().default(''),
  })
  .superRefine((assertion, ctx) => {
    if (assertion.source !== 'RESPONSE_TIME') return;
    if (!(NUMERIC as readonly string[]).includes(assertion.comparison)) {
      ctx.addIssue({ code: 'custom', path: ['comparison'], message: `RESPONSE_TIME assertions take comparison ${NUMERIC.join(', ')}, not "${assertion.comparison}"` });
    }
    if (assertion.target.trim() === '' || !Number.isFinite(Number(assertion.target))) {
      ctx.addIssue({ code: 'custom', path: ['target'], message: `must be a number of milliseconds, not "${assertion.target}"` });
    }
  });
export type TcpAssertion = z.infer<typeof TcpAssertion>;

/** A host name or address: 1..2048 characters, no control characters. */
const TcpHost = z
  .string()
  .min(1)
  .max(2048)
  .refine((v) => !hasControlCharacter(v), 'must not contain control characters');

export const TCP_REQUEST_DEFAULTS = { ipFamily: 'IPv4' } as const;
/** Longest `data` a monitor sends (the reference sets no limit; a probe is a line or two). */
export const TCP_DATA_MAX = 4096;

function tcpRequest<M extends SchemaMode>(mode: M) {
  const d = <T extends z.ZodType>(schema: T, value: z.output<T>) => withDefault(mode, schema, value);
  return z.object({
    hostname: requiredOnCreate(mode, TcpHost),
    port: requiredOnCreate(mode, z.number({ error: 'must be a whole number from 1 to 65535' }).int('must be a whole number from 1 to 65535').min(1, 'must be from 1 to 65535').max(65535, 'must be from 1 to 65535')),
    // The reference also names `url` and `body`; the CLI sends neither. `data` is what is sent.
    data: z.string().min(1).max(TCP_DATA_MAX).nullable().optional(),
    ipFamily: d(z.enum(IP_FAMILIES).nullable(), TCP_REQUEST_DEFAULTS.ipFamily),
    assertions: d(z.array(TcpAssertion).max(LIMITS.assertions), []),
  });
}

export const TcpRequest = tcpRequest('create');
export type TcpRequest = z.infer<typeof TcpRequest>;

const responseTime = z.number().min(0).max(30000).nullable();

function tcpFields<M extends SchemaMode>(mode: M) {
  const d = <T extends z.ZodType>(schema: T, value: z.output<T>) => withDefault(mode, schema, value);
  return {
    ...sharedCheckFields(mode, { descriptionMax: 500, environmentVariablesMax: 200 }),
    checkType: d(z.literal('TCP'), 'TCP'),
    frequency: d(Frequency, 10),
    request: requiredOnCreate(mode, tcpRequest(mode)),
    degradedResponseTime: d(responseTime, 4000),
    maxResponseTime: d(responseTime, 5000),
  };
}

const tcpCreateFields = tcpFields('create');
/** What the TCP executor takes, parsed from a stored check body (a stored null ipFamily reads as IPv4). */
export const TcpRunInput = z.object({
  request: tcpCreateFields.request.transform((request) => ({ ...request, data: request.data ?? null, ipFamily: request.ipFamily ?? TCP_REQUEST_DEFAULTS.ipFamily })),
  shouldFail: tcpCreateFields.shouldFail,
  degradedResponseTime: tcpCreateFields.degradedResponseTime,
  maxResponseTime: tcpCreateFields.maxResponseTime,
});
export type TcpRunInput = z.infer<typeof TcpRunInput>;

export const TcpMonitorCreate = z.object(tcpCreateFields).superRefine(checkCrossFieldRules);
export type TcpMonitorCreate = z.infer<typeof TcpMonitorCreate>;
export type TcpMonitorCreateInput = z.input<typeof TcpMonitorCreate>;

/** PUT body: every member optional; the stored monitor is merged with it and checked again as a whole. */
export const TcpMonitorUpdate = z.object(tcpFields('update'));
export type TcpMonitorUpdate = z.infer<typeof TcpMonitorUpdate>;

/** The returned shape (spec 2.1 read-only members included), for the API description. */
export const TcpMonitorRead = checkReadSchema(TcpMonitorUpdate.shape);

export type TcpMonitor = TcpMonitorCreate & CheckReadOnly;
