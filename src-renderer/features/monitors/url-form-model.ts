import type { z } from 'zod';
import { UrlMonitorCreate, UrlMonitorUpdate, type UrlAssertion } from '../../../src-shared/schemas/api-check';
import { numberField, numberOrNull, optionalNumber } from '../../lib/form-values';
import { validateWithSchema, type FormValidation } from '../../lib/schema-form';
import { httpFieldForPath } from './api-form-model';
import { assertionItemsOf, assertionLabels, toAssertionBodies, type AssertionItem, type AssertionSourceSpec } from './assertion-model';
import { COMMON_LABELS, INITIAL_COMMON_VALUES, commonBody, commonValuesOf, type CommonCheckValues } from './check-form-common';

export type UrlMonitorCreateInput = z.input<typeof UrlMonitorCreate>;

export interface UrlFormValues extends CommonCheckValues {
  url: string;
  followRedirects: boolean;
  skipSSL: boolean;
  degradedResponseTime: number | string;
  maxResponseTime: number | string;
  certificateExpiryDays: number | string;
  assertions: AssertionItem[];
}

export type UrlFormField = keyof UrlFormValues;

export const INITIAL_URL_FORM_VALUES: UrlFormValues = {
  ...INITIAL_COMMON_VALUES,
  url: '',
  followRedirects: true,
  skipSSL: false,
  degradedResponseTime: 10000,
  maxResponseTime: 20000,
  certificateExpiryDays: '',
  assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', property: '', target: '200', regex: '' }],
};

export const URL_FIELD_LABELS: Record<UrlFormField, string> = {
  ...COMMON_LABELS,
  url: 'URL',
  followRedirects: 'Follow redirects',
  skipSSL: 'Skip TLS verification',
  degradedResponseTime: 'Degraded after (ms)',
  maxResponseTime: 'Failed after (ms)',
  certificateExpiryDays: 'Fail days before certificate expiry',
  assertions: 'Assertions',
};

/** URL monitors assert the status code only (the reference's ChecksV1UrlAssertion). */
export const URL_ASSERTION_SPECS: readonly AssertionSourceSpec[] = [{ source: 'STATUS_CODE', property: 'none', comparisons: ['EQUALS', 'NOT_EQUALS', 'LESS_THAN', 'GREATER_THAN'] }];

export function toUrlCreateBody(values: UrlFormValues): UrlMonitorCreateInput {
  return {
    checkType: 'URL',
    ...commonBody(values),
    degradedResponseTime: optionalNumber(values.degradedResponseTime),
    maxResponseTime: optionalNumber(values.maxResponseTime),
    certificateExpiryDays: numberOrNull(values.certificateExpiryDays),
    request: {
      method: 'GET',
      url: values.url.trim(),
      followRedirects: values.followRedirects,
      skipSSL: values.skipSSL,
      assertions: toAssertionBodies<UrlAssertion['source'], UrlAssertion['comparison']>(values.assertions),
    },
  };
}

export function urlValuesOf(check: Record<string, unknown>): UrlFormValues {
  const parsed = UrlMonitorUpdate.safeParse(check);
  const stored = parsed.success ? parsed.data : {};
  return {
    ...commonValuesOf(check),
    url: stored.request?.url ?? '',
    followRedirects: stored.request?.followRedirects ?? true,
    skipSSL: stored.request?.skipSSL ?? false,
    degradedResponseTime: numberField(stored.degradedResponseTime),
    maxResponseTime: numberField(stored.maxResponseTime),
    certificateExpiryDays: numberField(stored.certificateExpiryDays),
    assertions: assertionItemsOf(stored.request?.assertions),
  };
}

export function validateUrlForm(values: UrlFormValues): FormValidation {
  return validateWithSchema(UrlMonitorCreate, toUrlCreateBody(values), httpFieldForPath, { ...URL_FIELD_LABELS, ...assertionLabels(values.assertions.length) });
}
