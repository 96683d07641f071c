import {
  SSL_CERTIFICATE_PROPERTIES,
  SSL_CONFIG_DEFAULTS,
  SSL_CONNECTION_PROPERTIES,
  SSL_SOURCE_COMPARISONS,
  SslMonitorCreate,
  SslMonitorUpdate,
  type SslAssertion,
  type SslMonitorCreateInput,
} from '../../../src-shared/schemas/ssl-monitor';
import { numberField, optionalNumber } from '../../lib/form-values';
import { validateWithSchema, type FormValidation } from '../../lib/schema-form';
import { assertionItemsOf, assertionLabels, toAssertionBodies, type AssertionItem, type AssertionSourceSpec } from './assertion-model';
import { COMMON_LABELS, INITIAL_COMMON_VALUES, commonBody, commonFieldForPath, commonValuesOf, type CommonCheckValues } from './check-form-common';

export interface SslFormValues extends CommonCheckValues {
  hostname: string;
  port: number | string;
  serverName: string;
  skipChainValidation: boolean;
  handshakeTimeoutMs: number | string;
  alertDaysBeforeExpiry: number | string;
  degradedResponseTime: number | string;
  maxResponseTime: number | string;
  assertions: AssertionItem[];
}

export type SslFormField = keyof SslFormValues;

export const INITIAL_SSL_FORM_VALUES: SslFormValues = {
  ...INITIAL_COMMON_VALUES,
  hostname: '',
  port: SSL_CONFIG_DEFAULTS.port,
  serverName: '',
  skipChainValidation: SSL_CONFIG_DEFAULTS.skipChainValidation,
  handshakeTimeoutMs: SSL_CONFIG_DEFAULTS.handshakeTimeoutMs,
  alertDaysBeforeExpiry: SSL_CONFIG_DEFAULTS.alertDaysBeforeExpiry,
  degradedResponseTime: 5000,
  maxResponseTime: 10000,
  assertions: [],
};

export const SSL_FIELD_LABELS: Record<SslFormField, string> = {
  ...COMMON_LABELS,
  hostname: 'Hostname',
  port: 'Port',
  serverName: 'Server name (SNI)',
  skipChainValidation: 'Skip chain validation',
  handshakeTimeoutMs: 'Handshake timeout (ms)',
  alertDaysBeforeExpiry: 'Fail days before expiry',
  degradedResponseTime: 'Degraded after (ms)',
  maxResponseTime: 'Failed after (ms)',
  assertions: 'Assertions',
};

const grammarComparisons = (grammar: Record<string, { comparisons: readonly string[] }>) => (property: string) =>
  Object.hasOwn(grammar, property) ? (grammar[property]?.comparisons ?? []) : [];

/** The SSL assertion grammar (src-shared/schemas/ssl-monitor.ts) as the assertion editor offers it. */
export const SSL_ASSERTION_SPECS: readonly AssertionSourceSpec[] = [
  {
    source: 'CERTIFICATE',
    property: 'choice',
    properties: Object.keys(SSL_CERTIFICATE_PROPERTIES),
    comparisons: [],
    comparisonsFor: grammarComparisons(SSL_CERTIFICATE_PROPERTIES),
  },
  {
    source: 'CONNECTION',
    property: 'choice',
    properties: Object.keys(SSL_CONNECTION_PROPERTIES),
    comparisons: [],
    comparisonsFor: grammarComparisons(SSL_CONNECTION_PROPERTIES),
  },
  { source: 'RESPONSE_TIME', property: 'none', comparisons: SSL_SOURCE_COMPARISONS.RESPONSE_TIME, unit: 'ms' },
];

export function toSslCreateBody(values: SslFormValues): SslMonitorCreateInput {
  const serverName = values.serverName.trim();
  return {
    checkType: 'SSL',
    ...commonBody(values),
    degradedResponseTime: optionalNumber(values.degradedResponseTime),
    maxResponseTime: optionalNumber(values.maxResponseTime),
    request: {
      sslConfig: {
        hostname: values.hostname.trim(),
        port: optionalNumber(values.port),
        serverName: serverName === '' ? null : serverName,
        skipChainValidation: values.skipChainValidation,
        handshakeTimeoutMs: optionalNumber(values.handshakeTimeoutMs),
        alertDaysBeforeExpiry: optionalNumber(values.alertDaysBeforeExpiry),
      },
      assertions: toAssertionBodies<SslAssertion['source'], SslAssertion['comparison']>(values.assertions),
    },
  };
}

/** A stored SSL monitor as the form edits it. */
export function sslValuesOf(check: Record<string, unknown>): SslFormValues {
  const parsed = SslMonitorUpdate.safeParse(check);
  const stored = parsed.success ? parsed.data : {};
  const config = stored.request?.sslConfig;
  return {
    ...commonValuesOf(check),
    hostname: config?.hostname ?? '',
    port: numberField(config?.port),
    serverName: config?.serverName ?? '',
    skipChainValidation: config?.skipChainValidation ?? false,
    handshakeTimeoutMs: numberField(config?.handshakeTimeoutMs),
    alertDaysBeforeExpiry: numberField(config?.alertDaysBeforeExpiry),
    degradedResponseTime: numberField(stored.degradedResponseTime),
    maxResponseTime: numberField(stored.maxResponseTime),
    assertions: assertionItemsOf(stored.request?.assertions),
  };
}

const CONFIG_FIELDS = ['hostname', 'port', 'serverName', 'skipChainValidation', 'handshakeTimeoutMs', 'alertDaysBeforeExpiry'];

function fieldForPath(path: readonly PropertyKey[]): string | null {
  const [head, next, third] = path;
  if (head === 'request') {
    if (next === 'sslConfig' && typeof third === 'string' && CONFIG_FIELDS.includes(third)) return third;
    if (next === 'assertions') return path.slice(1).map(String).join('.');
    return null;
  }
  if (head === 'degradedResponseTime' || head === 'maxResponseTime') return head;
  return commonFieldForPath(path);
}

export function validateSslForm(values: SslFormValues): FormValidation {
  return validateWithSchema(SslMonitorCreate, toSslCreateBody(values), fieldForPath, { ...SSL_FIELD_LABELS, ...assertionLabels(values.assertions.length) });
}
