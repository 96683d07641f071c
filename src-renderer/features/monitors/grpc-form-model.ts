import type { IP_FAMILIES } from '../../../src-shared/enums';
import { GRPC_SOURCE_COMPARISONS, GrpcMonitorCreate, GrpcMonitorUpdate, type GRPC_MODES, type GRPC_SERVICE_DEFINITIONS, type GrpcAssertion, type GrpcMonitorCreateInput } from '../../../src-shared/schemas/grpc-monitor';
import type { KeyValueItem } from '../../components/key-value-editor';
import { numberField, optionalNumber } from '../../lib/form-values';
import { validateWithSchema, type FormValidation } from '../../lib/schema-form';
import { assertionItemsOf, assertionLabels, toAssertionBodies, type AssertionItem, type AssertionSourceSpec } from './assertion-model';
import { COMMON_LABELS, INITIAL_COMMON_VALUES, commonBody, commonFieldForPath, commonValuesOf, type CommonCheckValues } from './check-form-common';

export type GrpcMode = (typeof GRPC_MODES)[number];
export type GrpcServiceDefinition = (typeof GRPC_SERVICE_DEFINITIONS)[number];
type IpFamily = (typeof IP_FAMILIES)[number];

/** The sources ChecksV1GrpcAssertionRead lists, each with the comparisons it takes (the health status only in HEALTH mode). */
export function grpcAssertionSources(mode: GrpcMode): readonly AssertionSourceSpec[] {
  return [
    { source: 'GRPC_STATUS_CODE', property: 'none', comparisons: GRPC_SOURCE_COMPARISONS.GRPC_STATUS_CODE, placeholder: '0' },
    ...(mode === 'HEALTH' ? [{ source: 'GRPC_HEALTHCHECK_STATUS', property: 'none' as const, comparisons: GRPC_SOURCE_COMPARISONS.GRPC_HEALTHCHECK_STATUS }] : []),
    { source: 'GRPC_RESPONSE', property: 'path', comparisons: GRPC_SOURCE_COMPARISONS.GRPC_RESPONSE, placeholder: '$.message' },
    { source: 'TEXT_BODY', property: 'none', comparisons: GRPC_SOURCE_COMPARISONS.TEXT_BODY },
    { source: 'GRPC_METADATA', property: 'text', comparisons: GRPC_SOURCE_COMPARISONS.GRPC_METADATA, placeholder: 'content-type' },
    { source: 'RESPONSE_TIME', property: 'none', comparisons: GRPC_SOURCE_COMPARISONS.RESPONSE_TIME, unit: 'ms' },
  ];
}

export interface GrpcFormValues extends CommonCheckValues {
  url: string;
  port: number | string;
  ipFamily: IpFamily;
  tls: boolean;
  skipSSL: boolean;
  timeout: number | string;
  mode: GrpcMode;
  service: string;
  serviceDefinition: GrpcServiceDefinition;
  method: string;
  protoContent: string;
  message: string;
  metadata: KeyValueItem[];
  degradedResponseTime: number | string;
  maxResponseTime: number | string;
  assertions: AssertionItem[];
}

export type GrpcFormField = keyof GrpcFormValues;

export const INITIAL_GRPC_FORM_VALUES: GrpcFormValues = {
  ...INITIAL_COMMON_VALUES,
  url: '',
  port: '',
  ipFamily: 'IPv4',
  tls: true,
  skipSSL: false,
  timeout: 60,
  mode: 'HEALTH',
  service: '',
  serviceDefinition: 'REFLECTION',
  method: '',
  protoContent: '',
  message: '',
  metadata: [],
  degradedResponseTime: 10000,
  maxResponseTime: 20000,
  assertions: [],
};

export const GRPC_FIELD_LABELS: Record<GrpcFormField, string> = {
  ...COMMON_LABELS,
  url: 'Host',
  port: 'Port',
  ipFamily: 'IP family',
  tls: 'TLS',
  skipSSL: 'Skip certificate verification',
  timeout: 'Timeout (s)',
  mode: 'Mode',
  service: 'Health service name',
  serviceDefinition: 'Service definition',
  method: 'Method',
  protoContent: '.proto file',
  message: 'Request message (JSON)',
  metadata: 'Metadata',
  degradedResponseTime: 'Degraded after (ms)',
  maxResponseTime: 'Failed after (ms)',
  assertions: 'Assertions',
};

export function toGrpcCreateBody(values: GrpcFormValues): GrpcMonitorCreateInput {
  const behavior = values.mode === 'BEHAVIOR';
  return {
    checkType: 'GRPC',
    ...commonBody(values),
    degradedResponseTime: optionalNumber(values.degradedResponseTime),
    maxResponseTime: optionalNumber(values.maxResponseTime),
    request: {
      url: values.url.trim(),
      port: optionalNumber(values.port) as number,
      ipFamily: values.ipFamily,
      skipSSL: values.tls && values.skipSSL,
      timeout: optionalNumber(values.timeout),
      grpcConfig: {
        mode: values.mode,
        tls: values.tls,
        metadata: values.metadata.map((item) => ({ key: item.key.trim(), value: item.value })),
        service: behavior ? null : values.service.trim() || null,
        serviceDefinition: behavior ? values.serviceDefinition : null,
        method: behavior ? values.method.trim() || null : null,
        protoContent: behavior && values.serviceDefinition === 'PROTO_FILE' ? values.protoContent : null,
        message: behavior ? values.message.trim() || null : null,
      },
      assertions: toAssertionBodies<GrpcAssertion['source'], GrpcAssertion['comparison']>(values.assertions),
    },
  };
}

/** A stored gRPC monitor as the form edits it. */
export function grpcValuesOf(check: Record<string, unknown>): GrpcFormValues {
  const parsed = GrpcMonitorUpdate.safeParse(check);
  const stored = parsed.success ? parsed.data : {};
  const request = stored.request;
  const config = request?.grpcConfig;
  return {
    ...commonValuesOf(check),
    url: request?.url ?? '',
    port: numberField(request?.port),
    ipFamily: request?.ipFamily ?? 'IPv4',
    tls: config?.tls ?? true,
    skipSSL: request?.skipSSL ?? false,
    timeout: numberField(request?.timeout),
    mode: config?.mode ?? (config?.method ? 'BEHAVIOR' : 'HEALTH'),
    service: config?.service ?? '',
    serviceDefinition: config?.serviceDefinition || (config?.protoContent ? 'PROTO_FILE' : 'REFLECTION'),
    method: config?.method ?? '',
    protoContent: config?.protoContent ?? '',
    message: config?.message ?? '',
    metadata: (config?.metadata ?? []).map((item) => ({ key: item.key, value: item.value })),
    degradedResponseTime: numberField(stored.degradedResponseTime),
    maxResponseTime: numberField(stored.maxResponseTime),
    assertions: assertionItemsOf(request?.assertions),
  };
}

const CONFIG_FIELDS: Record<string, GrpcFormField> = { mode: 'mode', tls: 'tls', service: 'service', serviceDefinition: 'serviceDefinition', method: 'method', protoContent: 'protoContent', message: 'message' };

function fieldForPath(path: readonly PropertyKey[]): string | null {
  const [head, next, third] = path;
  if (head === 'request') {
    if (next === 'url' || next === 'port' || next === 'ipFamily' || next === 'skipSSL' || next === 'timeout') return next;
    if (next === 'assertions') return path.slice(1).map(String).join('.');
    if (next === 'grpcConfig') {
      if (third === 'metadata') return path.slice(2).map(String).join('.');
      return typeof third === 'string' ? (CONFIG_FIELDS[third] ?? null) : null;
    }
    return null;
  }
  if (head === 'degradedResponseTime' || head === 'maxResponseTime') return head;
  return commonFieldForPath(path);
}

export function validateGrpcForm(values: GrpcFormValues): FormValidation {
  return validateWithSchema(GrpcMonitorCreate, toGrpcCreateBody(values), fieldForPath, { ...GRPC_FIELD_LABELS, ...assertionLabels(values.assertions.length) });
}
