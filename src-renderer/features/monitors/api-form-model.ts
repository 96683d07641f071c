import type { z } from 'zod';
import { API_ASSERTION_COMPARISONS } from '../../../src-shared/schemas/check-group';
import { ApiCheckCreate, ApiCheckUpdate, type BODY_TYPES, type HTTP_METHODS, type ApiAssertion } from '../../../src-shared/schemas/api-check';
import type { EnvVarItem } from '../../components/env-vars-editor';
import type { KeyValueItem } from '../../components/key-value-editor';
import { envVarItemsOf, toEnvironmentVariables } from '../../lib/env-vars';
import { numberField, numberOrNull, optionalNumber } from '../../lib/form-values';
import { validateWithSchema, type FormValidation } from '../../lib/schema-form';
import { assertionItemsOf, assertionLabels, toAssertionBodies, type AssertionItem, type AssertionSourceSpec } from './assertion-model';
import { COMMON_LABELS, INITIAL_COMMON_VALUES, commonBody, commonFieldForPath, commonValuesOf, type CommonCheckValues } from './check-form-common';

export type HttpMethod = (typeof HTTP_METHODS)[number];
export type BodyType = (typeof BODY_TYPES)[number];
export type ApiCheckCreateInput = z.input<typeof ApiCheckCreate>;

export interface ApiFormValues extends CommonCheckValues {
  method: HttpMethod;
  url: string;
  headers: KeyValueItem[];
  queryParameters: KeyValueItem[];
  bodyType: BodyType;
  body: string;
  basicAuthUsername: string;
  basicAuthPassword: string;
  followRedirects: boolean;
  skipSSL: boolean;
  shouldFail: boolean;
  degradedResponseTime: number | string;
  maxResponseTime: number | string;
  certificateExpiryDays: number | string;
  assertions: AssertionItem[];
  /** `{{NAME}}` in the URL, headers, query and body; `process.env.NAME` in the scripts. */
  environmentVariables: EnvVarItem[];
  /** Empty: no script (the run never touches the script runtime). */
  localSetupScript: string;
  localTearDownScript: string;
}

export type ApiFormField = keyof ApiFormValues;

export const INITIAL_API_FORM_VALUES: ApiFormValues = {
  ...INITIAL_COMMON_VALUES,
  method: 'GET',
  url: '',
  headers: [],
  queryParameters: [],
  bodyType: 'NONE',
  body: '',
  basicAuthUsername: '',
  basicAuthPassword: '',
  followRedirects: true,
  skipSSL: false,
  shouldFail: false,
  degradedResponseTime: 10000,
  maxResponseTime: 20000,
  certificateExpiryDays: '',
  assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', property: '', target: '200', regex: '' }],
  environmentVariables: [],
  localSetupScript: '',
  localTearDownScript: '',
};

export const API_FIELD_LABELS: Record<ApiFormField, string> = {
  ...COMMON_LABELS,
  method: 'Method',
  url: 'URL',
  headers: 'Headers',
  queryParameters: 'Query parameters',
  bodyType: 'Body type',
  body: 'Body',
  basicAuthUsername: 'Basic auth user',
  basicAuthPassword: 'Basic auth password',
  followRedirects: 'Follow redirects',
  skipSSL: 'Skip TLS verification',
  shouldFail: 'Should fail',
  degradedResponseTime: 'Degraded after (ms)',
  maxResponseTime: 'Failed after (ms)',
  certificateExpiryDays: 'Fail days before certificate expiry',
  assertions: 'Assertions',
  environmentVariables: 'Environment variables',
  localSetupScript: 'Setup script',
  localTearDownScript: 'Teardown script',
};

const NUMERIC = ['EQUALS', 'NOT_EQUALS', 'LESS_THAN', 'GREATER_THAN'] as const;
const TEXTUAL = ['EQUALS', 'NOT_EQUALS', 'CONTAINS', 'NOT_CONTAINS', 'IS_EMPTY', 'NOT_EMPTY'] as const;

/** The API assertion vocabulary as the assertion editor offers it. */
export const API_ASSERTION_SPECS: readonly AssertionSourceSpec[] = [
  { source: 'STATUS_CODE', property: 'none', comparisons: NUMERIC },
  { source: 'JSON_BODY', property: 'path', comparisons: API_ASSERTION_COMPARISONS, placeholder: 'JSON path, e.g. $.status', regex: true },
  { source: 'HEADERS', property: 'text', comparisons: [...TEXTUAL, 'IS_NULL', 'NOT_NULL'], placeholder: 'Header, e.g. content-type', regex: true },
  { source: 'TEXT_BODY', property: 'none', comparisons: TEXTUAL, regex: true },
  { source: 'RESPONSE_TIME', property: 'none', comparisons: ['LESS_THAN', 'GREATER_THAN'], unit: 'ms' },
];

/** A script left blank is no script. */
const scriptOrNull = (script: string) => (script.trim() === '' ? null : script);

const pairs = (items: readonly KeyValueItem[]) => items.map((item) => ({ key: item.key.trim(), value: item.value, locked: item.locked === true }));

export function toApiCreateBody(values: ApiFormValues): ApiCheckCreateInput {
  const hasAuth = values.basicAuthUsername !== '' || values.basicAuthPassword !== '';
  return {
    checkType: 'API',
    ...commonBody(values),
    shouldFail: values.shouldFail,
    degradedResponseTime: optionalNumber(values.degradedResponseTime),
    maxResponseTime: optionalNumber(values.maxResponseTime),
    certificateExpiryDays: numberOrNull(values.certificateExpiryDays),
    environmentVariables: toEnvironmentVariables(values.environmentVariables),
    localSetupScript: scriptOrNull(values.localSetupScript),
    localTearDownScript: scriptOrNull(values.localTearDownScript),
    request: {
      method: values.method,
      url: values.url.trim(),
      headers: pairs(values.headers),
      queryParameters: pairs(values.queryParameters),
      bodyType: values.bodyType,
      body: values.bodyType === 'NONE' ? '' : values.body,
      basicAuth: hasAuth ? { username: values.basicAuthUsername, password: values.basicAuthPassword } : null,
      followRedirects: values.followRedirects,
      skipSSL: values.skipSSL,
      assertions: toAssertionBodies<ApiAssertion['source'], ApiAssertion['comparison']>(values.assertions),
    },
  };
}

const pairItems = (stored: readonly { key: string; value: string; locked?: boolean }[] | undefined): KeyValueItem[] =>
  (stored ?? []).map((item) => ({ key: item.key, value: item.value, locked: item.locked }));

/** A stored API check as the form edits it; members the form does not show (snippet ids, ipFamily) keep their stored value on PUT. */
export function apiValuesOf(check: Record<string, unknown>): ApiFormValues {
  const parsed = ApiCheckUpdate.safeParse(check);
  const stored = parsed.success ? parsed.data : {};
  const request = stored.request;
  return {
    ...commonValuesOf(check),
    method: request?.method ?? 'GET',
    url: request?.url ?? '',
    headers: pairItems(request?.headers),
    queryParameters: pairItems(request?.queryParameters),
    bodyType: request?.bodyType ?? 'NONE',
    body: request?.body ?? '',
    basicAuthUsername: request?.basicAuth?.username ?? '',
    basicAuthPassword: request?.basicAuth?.password ?? '',
    followRedirects: request?.followRedirects ?? true,
    skipSSL: request?.skipSSL ?? false,
    shouldFail: stored.shouldFail ?? false,
    degradedResponseTime: numberField(stored.degradedResponseTime),
    maxResponseTime: numberField(stored.maxResponseTime),
    certificateExpiryDays: numberField(stored.certificateExpiryDays),
    assertions: assertionItemsOf(request?.assertions),
    environmentVariables: envVarItemsOf(check.environmentVariables),
    localSetupScript: stored.localSetupScript ?? '',
    localTearDownScript: stored.localTearDownScript ?? '',
  };
}

const REQUEST_FIELDS: Record<string, ApiFormField> = {
  method: 'method',
  url: 'url',
  bodyType: 'bodyType',
  body: 'body',
  followRedirects: 'followRedirects',
  skipSSL: 'skipSSL',
};

/** The form field a schema issue belongs to; shared by the URL monitor's form, whose request is a subset. */
export function httpFieldForPath(path: readonly PropertyKey[]): string | null {
  const [head, next, third] = path;
  if (head === 'request') {
    if (typeof next === 'string' && Object.hasOwn(REQUEST_FIELDS, next)) return REQUEST_FIELDS[next] ?? null;
    if (next === 'assertions' || next === 'headers' || next === 'queryParameters') return path.slice(1).map(String).join('.');
    if (next === 'basicAuth') return third === 'password' ? 'basicAuthPassword' : 'basicAuthUsername';
    return null;
  }
  if (head === 'degradedResponseTime' || head === 'maxResponseTime' || head === 'certificateExpiryDays' || head === 'shouldFail') return head;
  if (head === 'localSetupScript' || head === 'localTearDownScript') return head;
  if (head === 'environmentVariables' && path.length === 3) return path.map(String).join('.');
  return commonFieldForPath(path);
}

export function validateApiForm(values: ApiFormValues): FormValidation {
  return validateWithSchema(ApiCheckCreate, toApiCreateBody(values), httpFieldForPath, { ...API_FIELD_LABELS, ...assertionLabels(values.assertions.length) });
}
