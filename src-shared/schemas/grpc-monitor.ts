import { z } from 'zod';
import { IP_FAMILIES } from '../enums';
import { AssertionText, LIMITS } from './limits';
import { Frequency, checkCrossFieldRules, checkReadSchema, requiredOnCreate, sharedCheckFields, withDefault, type CheckReadOnly, type SchemaMode } from './check-common';
import { hasControlCharacter } from './traceroute-monitor';

/**
 * The gRPC monitor (`checkType: GRPC`, the reference's ChecksV1GrpcMonitor): a call to `request.url:port`,
 * by default the standard health check (`grpc.health.v1.Health/Check`, HEALTH mode), or a unary method
 * with a JSON message (BEHAVIOR mode) described by an inline .proto (PROTO_FILE) or by the server's
 * reflection (REFLECTION); TLS or plaintext, metadata, and the assertions ChecksV1GrpcAssertionRead lists.
 */

export const GRPC_MODES = ['HEALTH', 'BEHAVIOR'] as const;
export const GRPC_SERVICE_DEFINITIONS = ['REFLECTION', 'PROTO_FILE'] as const;
export const GRPC_ASSERTION_SOURCES = ['RESPONSE_TIME', 'GRPC_RESPONSE', 'TEXT_BODY', 'GRPC_METADATA', 'GRPC_HEALTHCHECK_STATUS', 'GRPC_STATUS_CODE'] as const;
export const GRPC_COMPARISONS = ['EQUALS', 'NOT_EQUALS', 'HAS_KEY', 'NOT_HAS_KEY', 'HAS_VALUE', 'NOT_HAS_VALUE', 'IS_EMPTY', 'NOT_EMPTY', 'GREATER_THAN', 'LESS_THAN', 'CONTAINS', 'NOT_CONTAINS', 'IS_NULL', 'NOT_NULL'] as const;
export type GrpcAssertionSource = (typeof GRPC_ASSERTION_SOURCES)[number];

const NUMERIC = ['EQUALS', 'NOT_EQUALS', 'LESS_THAN', 'GREATER_THAN'] as const;
/**
 * The comparisons each source takes: numbers compare as numbers, the health status (a serving-status
 * number, as the CLI's builder emits it) only by equality, the message, its text and the metadata by
 * every comparison the schema lists.
 */
export const GRPC_SOURCE_COMPARISONS: Record<GrpcAssertionSource, readonly string[]> = {
  RESPONSE_TIME: NUMERIC,
  GRPC_STATUS_CODE: NUMERIC,
  GRPC_HEALTHCHECK_STATUS: ['EQUALS', 'NOT_EQUALS'],
  GRPC_RESPONSE: GRPC_COMPARISONS,
  TEXT_BODY: GRPC_COMPARISONS,
  GRPC_METADATA: GRPC_COMPARISONS,
};

/** grpc.health.v1.HealthCheckResponse.ServingStatus, by number (the CLI's GRPC_HEALTHCHECK_STATUS targets). */
export const GRPC_HEALTH_STATUSES = ['UNKNOWN', 'SERVING', 'NOT_SERVING', 'SERVICE_UNKNOWN'] as const;
/** The gRPC status codes by number (0 OK … 16 UNAUTHENTICATED). */
export const GRPC_STATUS_NAMES = ['OK', 'CANCELLED', 'UNKNOWN', 'INVALID_ARGUMENT', 'DEADLINE_EXCEEDED', 'NOT_FOUND', 'ALREADY_EXISTS', 'PERMISSION_DENIED', 'RESOURCE_EXHAUSTED', 'FAILED_PRECONDITION', 'ABORTED', 'OUT_OF_RANGE', 'UNIMPLEMENTED', 'INTERNAL', 'UNAVAILABLE', 'DATA_LOSS', 'UNAUTHENTICATED'] as const;

/** How much of the response message (as JSON text) a result keeps. */
export const GRPC_RESPONSE_KEEP_CHARS = 16 * 1024;
/** The largest response message a run accepts (larger: RESOURCE_EXHAUSTED, memory stays bounded). */
export const GRPC_MAX_RECEIVE_BYTES = 1024 * 1024;
/** Longest inline .proto and JSON message a monitor stores. */
export const GRPC_PROTO_MAX = 256 * 1024;
export const GRPC_MESSAGE_MAX = 64 * 1024;

const isNumber = (text: string) => text.trim() !== '' && Number.isFinite(Number(text));

export const GrpcAssertion = z
  .object({
    source: z.enum(GRPC_ASSERTION_SOURCES),
    comparison: z.enum(GRPC_COMPARISONS),
    property: AssertionText.default(''),
    target: AssertionText.default(''),
    regex: AssertionText.nullable().default(''),
  })
  .superRefine((assertion, ctx) => {
    const comparisons = GRPC_SOURCE_COMPARISONS[assertion.source];
    if (!comparisons.includes(assertion.comparison)) {
      ctx.addIssue({ code: 'custom', path: ['comparison'], message: `${assertion.source} assertions take comparison ${comparisons.join(', ')}, not "${assertion.comparison}"` });
    }
    if (assertion.source === 'RESPONSE_TIME' && !isNumber(assertion.target)) {
      ctx.addIssue({ code: 'custom', path: ['target'], message: `must be a number of milliseconds, not "${assertion.target}"` });
    }
    if (assertion.source === 'GRPC_STATUS_CODE' && !isNumber(assertion.target)) {
      ctx.addIssue({ code: 'custom', path: ['target'], message: `must be a gRPC status code number (0 OK … 16 UNAUTHENTICATED), not "${assertion.target}"` });
    }
    if (assertion.source === 'GRPC_HEALTHCHECK_STATUS' && !['0', '1', '2', '3'].includes(assertion.target)) {
      ctx.addIssue({ code: 'custom', path: ['target'], message: `must be a serving-status number: 0 UNKNOWN, 1 SERVING, 2 NOT_SERVING or 3 SERVICE_UNKNOWN, not "${assertion.target}"` });
    }
  });
export type GrpcAssertion = z.infer<typeof GrpcAssertion>;

/** A host name or address, without a scheme, a path or a port (those go elsewhere). */
const GrpcHost = z
  .string()
  .min(1)
  .max(2048)
  .refine((v) => !hasControlCharacter(v) && !/\s/.test(v), 'must not contain spaces or control characters')
  .refine((v) => !v.includes('/'), 'must be a host name or address, without a scheme or a path (the port goes in request.port)');

const Port = z
  .union([z.number({ error: 'must be a whole number from 1 to 65535' }), z.string().regex(/^\d{1,5}$/, 'must be a whole number from 1 to 65535').transform(Number)])
  .pipe(z.number().int('must be a whole number from 1 to 65535').min(1, 'must be from 1 to 65535').max(65535, 'must be from 1 to 65535'));

/** A metadata key as HTTP/2 carries it; `grpc-` keys and pseudo-headers belong to the protocol. */
export const GrpcMetadataItem = z
  .object({
    key: z
      .string()
      .min(1)
      .max(256)
      .regex(/^[0-9A-Za-z_.-]+$/, 'must be letters, digits, "-", "_" or "." (a gRPC metadata key)')
      .refine((key) => !key.toLowerCase().startsWith('grpc-'), 'keys starting with "grpc-" are reserved for gRPC itself'),
    value: z.string().max(8192),
  })
  .superRefine((item, ctx) => {
    if (item.key.toLowerCase().endsWith('-bin')) {
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(item.value)) ctx.addIssue({ code: 'custom', path: ['value'], message: 'a "-bin" key takes its binary value in base64' });
    } else if (hasControlCharacter(item.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'must not contain control characters' });
    }
  });
export type GrpcMetadataItem = z.infer<typeof GrpcMetadataItem>;

/** "pkg.Service/Method", with or without the leading "/" the wire path has. */
const GRPC_METHOD_PATTERN = /^\/?[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*\/[A-Za-z_][A-Za-z0-9_]*$/;

function emptyToNull<T extends z.ZodType>(schema: T) {
  return z.union([schema, z.literal('')]).nullable();
}

export const GRPC_CONFIG_DEFAULTS = { tls: true } as const;

function grpcConfig<M extends SchemaMode>(mode: M) {
  const d = <T extends z.ZodType>(schema: T, value: z.output<T>) => withDefault(mode, schema, value);
  return z.object({
    // No default: left out, a monitor with a method is BEHAVIOR (the CLI's default) and one without is HEALTH.
    mode: z.enum(GRPC_MODES).optional(),
    tls: d(z.boolean(), GRPC_CONFIG_DEFAULTS.tls),
    metadata: d(z.array(GrpcMetadataItem).max(50), []),
    service: z.string().max(1000).refine((v) => !hasControlCharacter(v), 'must not contain control characters').nullable().optional(),
    // Only protobuf is spoken here; FLATBUFFERS (and its bfbsContent) is refused by name.
    encoding: emptyToNull(z.literal('PROTOBUF', { error: 'must be PROTOBUF: FLATBUFFERS is not supported here' })).optional(),
    bfbsContent: z.union([z.literal(''), z.null()], { error: 'is for FLATBUFFERS, which is not supported here' }).optional(),
    serviceDefinition: emptyToNull(z.enum(GRPC_SERVICE_DEFINITIONS)).optional(),
    method: z.string().max(1000).regex(GRPC_METHOD_PATTERN, 'must name a method as package.Service/Method').nullable().optional(),
    protoContent: z.string().max(GRPC_PROTO_MAX).nullable().optional(),
    message: z
      .string()
      .max(GRPC_MESSAGE_MAX)
      .refine((text) => text.trim() === '' || isJsonObject(text), 'must be a JSON object (the request message)')
      .nullable()
      .optional(),
  });
}

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value);
  } catch {
    return false;
  }
}

type ConfigShape = z.output<ReturnType<typeof grpcConfig<'create'>>>;

/** The mode a stored or sent config runs in: as given, else BEHAVIOR with a method and HEALTH without. */
export function grpcModeOf(config: Pick<ConfigShape, 'mode' | 'method'>): (typeof GRPC_MODES)[number] {
  return config.mode ?? (config.method ? 'BEHAVIOR' : 'HEALTH');
}

/** How a BEHAVIOR call finds its method: as given, else PROTO_FILE with protoContent and REFLECTION without. */
export function grpcServiceDefinitionOf(config: Pick<ConfigShape, 'serviceDefinition' | 'protoContent'>): (typeof GRPC_SERVICE_DEFINITIONS)[number] {
  return config.serviceDefinition || (config.protoContent ? 'PROTO_FILE' : 'REFLECTION');
}

/** The members each mode forbids or needs, named in the 400 (as the public CLI's GrpcConfig documents them). */
function modeRules(request: { grpcConfig: ConfigShape; assertions: GrpcAssertion[] }, ctx: z.RefinementCtx): void {
  const config = request.grpcConfig;
  const mode = grpcModeOf(config);
  const issue = (member: string, message: string) => ctx.addIssue({ code: 'custom', path: ['grpcConfig', member], message });
  if (mode === 'HEALTH') {
    if (config.method) issue('method', 'is for BEHAVIOR mode: HEALTH mode always calls grpc.health.v1.Health/Check (set mode BEHAVIOR to call a method)');
    if (config.serviceDefinition) issue('serviceDefinition', 'is for BEHAVIOR mode, not HEALTH');
  } else {
    if (!config.method) issue('method', 'is required in BEHAVIOR mode (package.Service/Method)');
    if (config.service) issue('service', 'is for HEALTH mode (the health service name), not BEHAVIOR');
    if (grpcServiceDefinitionOf(config) === 'PROTO_FILE' && !config.protoContent?.trim()) issue('protoContent', 'is required when serviceDefinition is PROTO_FILE');
  }
  request.assertions.forEach((assertion, index) => {
    if (mode === 'BEHAVIOR' && assertion.source === 'GRPC_HEALTHCHECK_STATUS') {
      ctx.addIssue({ code: 'custom', path: ['assertions', index, 'source'], message: 'GRPC_HEALTHCHECK_STATUS is for HEALTH mode; a BEHAVIOR call asserts on GRPC_STATUS_CODE, GRPC_RESPONSE or TEXT_BODY' });
    }
  });
}

export const GRPC_REQUEST_DEFAULTS = { ipFamily: 'IPv4', skipSSL: false, timeout: 60 } as const;

function grpcRequest<M extends SchemaMode>(mode: M) {
  const d = <T extends z.ZodType>(schema: T, value: z.output<T>) => withDefault(mode, schema, value);
  return z.object({
    url: requiredOnCreate(mode, GrpcHost),
    port: requiredOnCreate(mode, Port),
    ipFamily: d(z.enum(IP_FAMILIES).nullable(), GRPC_REQUEST_DEFAULTS.ipFamily),
    skipSSL: d(z.boolean(), GRPC_REQUEST_DEFAULTS.skipSSL),
    // Seconds, as the CLI documents it (1 to 180, 60 by default).
    timeout: d(z.number().int('must be a whole number of seconds from 1 to 180').min(1, 'must be from 1 to 180 seconds').max(180, 'must be from 1 to 180 seconds').nullable(), GRPC_REQUEST_DEFAULTS.timeout),
    grpcConfig: requiredOnCreate(mode, grpcConfig(mode)),
    assertions: d(z.array(GrpcAssertion).max(LIMITS.assertions), []),
  });
}

const createRequest = grpcRequest('create').superRefine(modeRules);
export const GrpcRequest = createRequest;
export type GrpcRequest = z.infer<typeof GrpcRequest>;

// The CLI checks up to 180 s ("calls can run to the 180 s timeout").
const responseTime = z.number().min(0).max(180_000).nullable();

function grpcFields<M extends SchemaMode>(mode: M) {
  const d = <T extends z.ZodType>(schema: T, value: z.output<T>) => withDefault(mode, schema, value);
  return {
    ...sharedCheckFields(mode, { descriptionMax: 500, environmentVariablesMax: 200 }),
    checkType: d(z.literal('GRPC'), 'GRPC'),
    frequency: d(Frequency, 10),
    request: requiredOnCreate(mode, mode === 'create' ? createRequest : grpcRequest(mode)) as M extends 'create' ? typeof createRequest : z.ZodOptional<ReturnType<typeof grpcRequest<'update'>>>,
    degradedResponseTime: d(responseTime, 10_000),
    // The CLI's "backend default applied when maxResponseTime is omitted".
    maxResponseTime: d(responseTime, 20_000),
  };
}

const grpcCreateFields = grpcFields('create');
/** What the gRPC executor takes, parsed from a stored check body: the mode and service definition resolved. */
export const GrpcRunInput = z.object({
  // What this yields is parsed again by a remote agent (its job carries it): each member stays within what
  // the mode allows, so a HEALTH run carries no serviceDefinition.
  request: grpcCreateFields.request.transform((request) => ({
    ...request,
    ipFamily: request.ipFamily ?? GRPC_REQUEST_DEFAULTS.ipFamily,
    timeout: request.timeout ?? GRPC_REQUEST_DEFAULTS.timeout,
    grpcConfig: {
      ...request.grpcConfig,
      mode: grpcModeOf(request.grpcConfig),
      serviceDefinition: grpcModeOf(request.grpcConfig) === 'BEHAVIOR' ? grpcServiceDefinitionOf(request.grpcConfig) : null,
      service: request.grpcConfig.service ?? '',
      method: request.grpcConfig.method ?? null,
      protoContent: request.grpcConfig.protoContent ?? null,
      message: request.grpcConfig.message?.trim() ? request.grpcConfig.message : '{}',
    },
  })),
  shouldFail: grpcCreateFields.shouldFail,
  degradedResponseTime: grpcCreateFields.degradedResponseTime,
  maxResponseTime: grpcCreateFields.maxResponseTime,
});
export type GrpcRunInput = z.infer<typeof GrpcRunInput>;

export const GrpcMonitorCreate = z.object(grpcCreateFields).superRefine(checkCrossFieldRules);
export type GrpcMonitorCreate = z.infer<typeof GrpcMonitorCreate>;
export type GrpcMonitorCreateInput = z.input<typeof GrpcMonitorCreate>;

/** PUT body: every member optional; the stored monitor is merged with it and checked again as a whole. */
export const GrpcMonitorUpdate = z.object(grpcFields('update'));
export type GrpcMonitorUpdate = z.infer<typeof GrpcMonitorUpdate>;

/** The returned shape (spec 2.1 read-only members included), for the API description. */
export const GrpcMonitorRead = checkReadSchema(GrpcMonitorUpdate.shape);

export type GrpcMonitor = GrpcMonitorCreate & CheckReadOnly;
