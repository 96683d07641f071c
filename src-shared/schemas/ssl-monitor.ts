import { z } from 'zod';
import { ASSERTION_COMPARISONS, IP_FAMILIES } from '../enums';
import { AssertionText, LIMITS } from './limits';
import { Frequency, checkCrossFieldRules, checkReadSchema, requiredOnCreate, sharedCheckFields, withDefault, type CheckReadOnly, type SchemaMode } from './check-common';
import { hasControlCharacter } from './traceroute-monitor';

/**
 * The SSL monitor (`checkType: SSL`, the reference's ChecksV1SslMonitor): a TLS handshake with
 * `sslConfig.hostname:port`, the chain it got described, and assertions on the certificate, the
 * connection and the handshake time. The grammar of its assertions is the one the public CLI 8.23.2
 * validates (`ssl-assertion-grammar.js`): a property per source, each with its own comparisons.
 */

export const SSL_ASSERTION_SOURCES = ['CERTIFICATE', 'CONNECTION', 'RESPONSE_TIME', 'JSON_RESPONSE', 'TEXT_RESPONSE'] as const;
export type SslAssertionSource = (typeof SSL_ASSERTION_SOURCES)[number];

const NUMBER = ['EQUALS', 'NOT_EQUALS', 'GREATER_THAN', 'LESS_THAN'] as const;
const TEXT = ['EQUALS', 'NOT_EQUALS', 'CONTAINS', 'NOT_CONTAINS'] as const;
const WHOLE = ['EQUALS', 'NOT_EQUALS'] as const;
const MEMBERSHIP = ['CONTAINS', 'NOT_CONTAINS'] as const;
const FLAG = ['EQUALS'] as const;

type PropertyGrammar = Record<string, { comparisons: readonly string[]; value: 'number' | 'string' | 'boolean' }>;

/** CERTIFICATE properties (of the leaf certificate) and the comparisons each takes. */
export const SSL_CERTIFICATE_PROPERTIES = {
  daysUntilExpiry: { comparisons: NUMBER, value: 'number' },
  keySizeBits: { comparisons: NUMBER, value: 'number' },
  subjectCN: { comparisons: TEXT, value: 'string' },
  issuerCN: { comparisons: TEXT, value: 'string' },
  serialNumber: { comparisons: WHOLE, value: 'string' },
  fingerprintSha256: { comparisons: WHOLE, value: 'string' },
  issuerFingerprintSha256: { comparisons: WHOLE, value: 'string' },
  keyAlgorithm: { comparisons: WHOLE, value: 'string' },
  signatureAlgorithm: { comparisons: WHOLE, value: 'string' },
  sans: { comparisons: MEMBERSHIP, value: 'string' },
  selfSigned: { comparisons: FLAG, value: 'boolean' },
  isCA: { comparisons: FLAG, value: 'boolean' },
} as const satisfies PropertyGrammar;

/** CONNECTION properties (of the handshake) and the comparisons each takes. */
export const SSL_CONNECTION_PROPERTIES = {
  tlsVersion: { comparisons: NUMBER, value: 'string' },
  cipherSuite: { comparisons: TEXT, value: 'string' },
  hostnameVerified: { comparisons: FLAG, value: 'boolean' },
  chainTrusted: { comparisons: FLAG, value: 'boolean' },
  ocspStapled: { comparisons: FLAG, value: 'boolean' },
  ocspStatus: { comparisons: WHOLE, value: 'string' },
  resolvedIp: { comparisons: TEXT, value: 'string' },
} as const satisfies PropertyGrammar;

/** The comparisons of the sources that take no property grammar. */
export const SSL_SOURCE_COMPARISONS = {
  RESPONSE_TIME: NUMBER,
  JSON_RESPONSE: ['EQUALS', 'NOT_EQUALS', 'IS_EMPTY', 'NOT_EMPTY', 'GREATER_THAN', 'LESS_THAN', 'CONTAINS', 'NOT_CONTAINS', 'IS_NULL', 'NOT_NULL'],
  TEXT_RESPONSE: ['EQUALS', 'NOT_EQUALS', 'IS_EMPTY', 'NOT_EMPTY', 'CONTAINS', 'NOT_CONTAINS', 'GREATER_THAN', 'LESS_THAN'],
} as const;

const PROPERTY_GRAMMARS: Partial<Record<SslAssertionSource, PropertyGrammar>> = { CERTIFICATE: SSL_CERTIFICATE_PROPERTIES, CONNECTION: SSL_CONNECTION_PROPERTIES };

const quoted = (names: readonly string[]) => names.map((n) => `"${n}"`).join(', ');

export const SslAssertion = z
  .object({
    source: z.enum(SSL_ASSERTION_SOURCES),
    comparison: z.enum(ASSERTION_COMPARISONS),
    property: AssertionText.default(''),
    target: AssertionText.default(''),
    regex: AssertionText.nullable().default(''),
  })
  .superRefine((assertion, ctx) => {
    const grammar = PROPERTY_GRAMMARS[assertion.source];
    let comparisons: readonly string[];
    let value: 'number' | 'string' | 'boolean' | null = null;
    if (grammar) {
      const rule = Object.hasOwn(grammar, assertion.property) ? grammar[assertion.property] : undefined;
      if (!rule) {
        ctx.addIssue({ code: 'custom', path: ['property'], message: `${assertion.source} assertions take property ${quoted(Object.keys(grammar))}, not "${assertion.property}"` });
        return;
      }
      comparisons = rule.comparisons;
      value = rule.value;
    } else {
      comparisons = SSL_SOURCE_COMPARISONS[assertion.source as keyof typeof SSL_SOURCE_COMPARISONS];
      if (assertion.source === 'RESPONSE_TIME') value = 'number';
    }
    if (!comparisons.includes(assertion.comparison)) {
      const what = grammar ? `${assertion.source} "${assertion.property}"` : assertion.source;
      ctx.addIssue({ code: 'custom', path: ['comparison'], message: `${what} assertions take comparison ${quoted(comparisons)}, not "${assertion.comparison}"` });
    }
    if (value === 'number' && (assertion.target.trim() === '' || !Number.isFinite(Number(assertion.target)))) {
      ctx.addIssue({ code: 'custom', path: ['target'], message: `must be a number, not "${assertion.target}"` });
    }
    if (value === 'boolean' && assertion.target !== 'true' && assertion.target !== 'false') {
      ctx.addIssue({ code: 'custom', path: ['target'], message: `must be "true" or "false", not "${assertion.target}"` });
    }
  });
export type SslAssertion = z.infer<typeof SslAssertion>;

/** A host name or address given to the TLS connect: 1..2048 characters, no control characters. */
const SslName = z
  .string()
  .min(1)
  .max(2048)
  .refine((v) => !hasControlCharacter(v), 'must not contain control characters');

const Severity = z.enum(['fail', 'degrade', 'ignore']);
/** Stored as given and returned; Sightline does not grade a security baseline yet (docs/DECISIONS.md, issue 33 item 4). */
const SecurityBaseline = z.strictObject({
  enabled: z.boolean().optional(),
  minTLSVersion: z.strictObject({ value: z.enum(['TLS1.2', 'TLS1.3']).optional(), severity: Severity.optional() }).optional(),
  minKeySizeBits: z.strictObject({ value: z.number().int().min(1024).max(16384).optional(), severity: Severity.optional() }).optional(),
  weakSignatureAlgorithm: z.strictObject({ severity: Severity.optional() }).optional(),
  weakCipherSuite: z.strictObject({ severity: Severity.optional() }).optional(),
  knownBadCA: z.strictObject({ severity: Severity.optional() }).optional(),
  recommendedTLSVersion: z.strictObject({ value: z.enum(['TLS1.2', 'TLS1.3']).optional(), severity: Severity.optional() }).optional(),
  recommendedKeySizeBits: z.strictObject({ value: z.number().int().min(1024).max(16384).optional(), severity: Severity.optional() }).optional(),
  ocspMustStapleRespected: z.strictObject({ severity: Severity.optional() }).optional(),
  sctPresent: z.strictObject({ severity: Severity.optional() }).optional(),
});

/** The sslConfig's defaults (the reference's ChecksV1SslConfig), written once. */
export const SSL_CONFIG_DEFAULTS = { port: 443, ipFamily: 'IPv4', skipChainValidation: false, handshakeTimeoutMs: 10_000, alertDaysBeforeExpiry: 20 } as const;

function sslConfig<M extends SchemaMode>(mode: M) {
  const d = <T extends z.ZodType>(schema: T, value: z.output<T>) => withDefault(mode, schema, value);
  const D = SSL_CONFIG_DEFAULTS;
  return z.object({
    // Required whenever an sslConfig is given, also on PUT (the reference's ChecksV1SslConfigPatch).
    hostname: SslName,
    port: d(z.number().int().min(1).max(65535), D.port),
    serverName: z.union([SslName, z.literal('')]).nullable().optional(),
    ipFamily: d(z.enum(IP_FAMILIES), D.ipFamily),
    skipChainValidation: d(z.boolean(), D.skipChainValidation),
    handshakeTimeoutMs: d(z.number().int().min(1000).max(30000), D.handshakeTimeoutMs),
    alertDaysBeforeExpiry: d(z.number().int().min(1).max(365), D.alertDaysBeforeExpiry),
    securityBaseline: SecurityBaseline.optional(),
    clientCertificateMode: z.enum(['auto', 'explicit']).optional(),
  });
}

function sslRequest<M extends SchemaMode>(mode: M) {
  const d = <T extends z.ZodType>(schema: T, value: z.output<T>) => withDefault(mode, schema, value);
  return z.object({
    sslConfig: sslConfig(mode),
    sslClientCertificateId: z.uuid().nullable().optional(),
    assertions: d(z.array(SslAssertion).max(LIMITS.assertions), []),
  });
}

export const SslRequest = sslRequest('create');
export type SslRequest = z.infer<typeof SslRequest>;

const responseTime = z.number().min(0).max(30000).nullable();

function sslFields<M extends SchemaMode>(mode: M) {
  const d = <T extends z.ZodType>(schema: T, value: z.output<T>) => withDefault(mode, schema, value);
  return {
    ...sharedCheckFields(mode, { descriptionMax: 500, environmentVariablesMax: 200 }),
    checkType: d(z.literal('SSL'), 'SSL'),
    frequency: d(Frequency, 10),
    request: requiredOnCreate(mode, sslRequest(mode)),
    // The CLI's SslMonitor: "Backend default applied when maxResponseTime is omitted: 10 000".
    degradedResponseTime: d(responseTime, 5000),
    maxResponseTime: d(responseTime, 10000),
  };
}

const sslCreateFields = sslFields('create');
const D = SSL_CONFIG_DEFAULTS;
/** What the SSL executor takes, parsed from a stored check body. */
export const SslRunInput = z.object({
  request: sslCreateFields.request.transform((request) => ({
    ...request,
    sslConfig: {
      ...request.sslConfig,
      port: request.sslConfig.port ?? D.port,
      handshakeTimeoutMs: request.sslConfig.handshakeTimeoutMs ?? D.handshakeTimeoutMs,
      alertDaysBeforeExpiry: request.sslConfig.alertDaysBeforeExpiry ?? D.alertDaysBeforeExpiry,
    },
  })),
  shouldFail: sslCreateFields.shouldFail,
  degradedResponseTime: sslCreateFields.degradedResponseTime,
  maxResponseTime: sslCreateFields.maxResponseTime,
});
export type SslRunInput = z.infer<typeof SslRunInput>;

export const SslMonitorCreate = z.object(sslCreateFields).superRefine(checkCrossFieldRules);
export type SslMonitorCreate = z.infer<typeof SslMonitorCreate>;
export type SslMonitorCreateInput = z.input<typeof SslMonitorCreate>;

/** PUT body: every member optional; the stored monitor is merged with it and checked again as a whole. */
export const SslMonitorUpdate = z.object(sslFields('update'));
export type SslMonitorUpdate = z.infer<typeof SslMonitorUpdate>;

/** The returned shape (spec 2.1 read-only members included), for the API description. */
export const SslMonitorRead = checkReadSchema(SslMonitorUpdate.shape);

export type SslMonitor = SslMonitorCreate & CheckReadOnly;
