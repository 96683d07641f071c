import { z } from 'zod';
import { AssertionText, LIMITS } from './limits';
import { Frequency, checkCrossFieldRules, checkReadSchema, requiredOnCreate, sharedCheckFields, withDefault, type CheckReadOnly, type SchemaMode } from './check-common';
import { hasControlCharacter } from './traceroute-monitor';

/**
 * The DNS monitor (`checkType: DNS`, the reference's ChecksV1DnsMonitor): one query of `recordType` for
 * `query`, asked of `nameServer:port` (else the system's resolvers) over UDP or TCP, and assertions on
 * the response code, the time, the answer as text and the answer as JSON (ChecksV1DnsAssertion).
 */

export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SOA', 'NS', 'HTTPS'] as const;
export const DNS_PROTOCOLS = ['UDP', 'TCP'] as const;
export const DNS_ASSERTION_SOURCES = ['RESPONSE_TIME', 'RESPONSE_CODE', 'TEXT_ANSWER', 'JSON_ANSWER'] as const;
export const DNS_COMPARISONS = ['EQUALS', 'NOT_EQUALS', 'HAS_KEY', 'NOT_HAS_KEY', 'HAS_VALUE', 'NOT_HAS_VALUE', 'IS_EMPTY', 'NOT_EMPTY', 'GREATER_THAN', 'LESS_THAN', 'CONTAINS', 'NOT_CONTAINS', 'IS_NULL', 'NOT_NULL'] as const;
/** The response codes of RFC 1035 and RFC 2136 a RESPONSE_CODE assertion may name. */
export const DNS_RCODES = ['NOERROR', 'FORMERR', 'SERVFAIL', 'NXDOMAIN', 'NOTIMP', 'REFUSED', 'YXDOMAIN', 'YXRRSET', 'NXRRSET', 'NOTAUTH', 'NOTZONE'] as const;

/** The comparisons each source takes (JSON_ANSWER takes every one the schema lists). */
export const DNS_SOURCE_COMPARISONS: Record<(typeof DNS_ASSERTION_SOURCES)[number], readonly string[]> = {
  RESPONSE_TIME: ['EQUALS', 'NOT_EQUALS', 'GREATER_THAN', 'LESS_THAN'],
  RESPONSE_CODE: ['EQUALS', 'NOT_EQUALS'],
  TEXT_ANSWER: ['EQUALS', 'NOT_EQUALS', 'IS_EMPTY', 'NOT_EMPTY', 'CONTAINS', 'NOT_CONTAINS'],
  JSON_ANSWER: DNS_COMPARISONS,
};

export const DnsAssertion = z
  .object({
    source: z.enum(DNS_ASSERTION_SOURCES),
    comparison: z.enum(DNS_COMPARISONS),
    property: AssertionText.default(''),
    target: AssertionText.default(''),
    regex: AssertionText.nullable().default(''),
  })
  .superRefine((assertion, ctx) => {
    const comparisons = DNS_SOURCE_COMPARISONS[assertion.source];
    if (!comparisons.includes(assertion.comparison)) {
      ctx.addIssue({ code: 'custom', path: ['comparison'], message: `${assertion.source} assertions take comparison ${comparisons.join(', ')}, not "${assertion.comparison}"` });
    }
    if (assertion.source === 'RESPONSE_TIME' && (assertion.target.trim() === '' || !Number.isFinite(Number(assertion.target)))) {
      ctx.addIssue({ code: 'custom', path: ['target'], message: `must be a number of milliseconds, not "${assertion.target}"` });
    }
    if (assertion.source === 'RESPONSE_CODE' && !(DNS_RCODES as readonly string[]).includes(assertion.target.toUpperCase())) {
      ctx.addIssue({ code: 'custom', path: ['target'], message: `must be a response code (${DNS_RCODES.join(', ')}), not "${assertion.target}"` });
    }
  });
export type DnsAssertion = z.infer<typeof DnsAssertion>;

const DnsName = z
  .string()
  .min(1)
  .max(100)
  .refine((v) => !hasControlCharacter(v) && !/\s/.test(v), 'must not contain spaces or control characters');

export const DNS_REQUEST_DEFAULTS = { protocol: 'UDP' } as const;

function dnsRequest<M extends SchemaMode>(mode: M) {
  const d = <T extends z.ZodType>(schema: T, value: z.output<T>) => withDefault(mode, schema, value);
  return z.object({
      query: requiredOnCreate(mode, DnsName),
      recordType: requiredOnCreate(mode, z.enum(DNS_RECORD_TYPES)),
      nameServer: z.union([DnsName, z.literal('')]).nullable().optional(),
      port: z.number({ error: 'must be a whole number from 1 to 65535' }).int('must be a whole number from 1 to 65535').min(1, 'must be from 1 to 65535').max(65535, 'must be from 1 to 65535').nullable().optional(),
      protocol: d(z.enum(DNS_PROTOCOLS), DNS_REQUEST_DEFAULTS.protocol),
      assertions: d(z.array(DnsAssertion).max(LIMITS.assertions), []),
    });
}

/** As the public CLI's DnsMonitor says: nameServer and port go together (checked on the whole monitor, so a PUT may change one). */
function nameServerWithPort(check: { request?: { nameServer?: string | null; port?: number | null } }, ctx: z.RefinementCtx): void {
  const request = check.request;
  if (!request) return;
  const hasPort = request.port !== undefined && request.port !== null;
  if (request.nameServer && !hasPort) ctx.addIssue({ code: 'custom', path: ['request', 'port'], message: 'is required when nameServer is set' });
  if (!request.nameServer && hasPort) ctx.addIssue({ code: 'custom', path: ['request', 'nameServer'], message: 'is required when port is set' });
}

export const DnsRequest = dnsRequest('create');
export type DnsRequest = z.infer<typeof DnsRequest>;

const responseTime = z.number().min(0).max(30000).nullable();

function dnsFields<M extends SchemaMode>(mode: M) {
  const d = <T extends z.ZodType>(schema: T, value: z.output<T>) => withDefault(mode, schema, value);
  return {
    ...sharedCheckFields(mode, { descriptionMax: 500, environmentVariablesMax: 200 }),
    checkType: d(z.literal('DNS'), 'DNS'),
    frequency: d(Frequency, 10),
    request: requiredOnCreate(mode, dnsRequest(mode)),
    degradedResponseTime: d(responseTime, 2000),
    maxResponseTime: d(responseTime, 5000),
  };
}

const dnsCreateFields = dnsFields('create');
/** What the DNS executor takes, parsed from a stored check body. */
export const DnsRunInput = z.object({
  request: dnsCreateFields.request.transform((request) => ({ ...request, nameServer: request.nameServer || null, port: request.port ?? null, protocol: request.protocol ?? DNS_REQUEST_DEFAULTS.protocol })),
  shouldFail: dnsCreateFields.shouldFail,
  degradedResponseTime: dnsCreateFields.degradedResponseTime,
  maxResponseTime: dnsCreateFields.maxResponseTime,
});
export type DnsRunInput = z.infer<typeof DnsRunInput>;

export const DnsMonitorCreate = z
  .object(dnsCreateFields)
  .superRefine(checkCrossFieldRules)
  .superRefine(nameServerWithPort);
export type DnsMonitorCreate = z.infer<typeof DnsMonitorCreate>;
export type DnsMonitorCreateInput = z.input<typeof DnsMonitorCreate>;

/** PUT body: every member optional; the stored monitor is merged with it and checked again as a whole. */
export const DnsMonitorUpdate = z.object(dnsFields('update'));
export type DnsMonitorUpdate = z.infer<typeof DnsMonitorUpdate>;

/** The returned shape (spec 2.1 read-only members included), for the API description. */
export const DnsMonitorRead = checkReadSchema(DnsMonitorUpdate.shape);

export type DnsMonitor = DnsMonitorCreate & CheckReadOnly;
