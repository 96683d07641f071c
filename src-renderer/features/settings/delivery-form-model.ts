import { DeliverySettingsUpdate, type DeliverySettingsView } from '../../../src-shared/schemas/delivery-settings';
import { optionalNumber, textOrNull } from '../../lib/form-values';
import { mirroredField, validateWithSchema, type FormValidation } from '../../lib/schema-form';

/** Secrets are never read back: their fields start empty and an empty field keeps the stored value. */
export interface DeliveryValues {
  smtp: { host: string; port: number | string; secure: boolean; user: string; password: string; from: string };
  baseUrls: { slackApp: string; pagerduty: string; opsgenieUs: string; opsgenieEu: string; twilio: string };
  twilio: { accountSid: string; authToken: string; from: string };
  slackAppToken: string;
  publicBaseUrl: string;
  timeoutMs: number | string;
  rateLimit: { max: number | string; windowMinutes: number | string };
}

export const DELIVERY_LABELS: Record<string, string> = {
  'smtp.host': 'SMTP host',
  'smtp.port': 'SMTP port',
  'smtp.from': 'From address',
  'baseUrls.slackApp': 'Slack app API',
  'baseUrls.pagerduty': 'PagerDuty API',
  'baseUrls.opsgenieUs': 'Opsgenie US API',
  'baseUrls.opsgenieEu': 'Opsgenie EU API',
  'baseUrls.twilio': 'Twilio-compatible gateway',
  publicBaseUrl: 'Public base URL',
  timeoutMs: 'Delivery timeout',
  'rateLimit.max': 'Notifications per window',
  'rateLimit.windowMinutes': 'Window (minutes)',
};

export function deliveryValuesOf(view: DeliverySettingsView): DeliveryValues {
  return {
    smtp: { host: view.smtp.host, port: view.smtp.port, secure: view.smtp.secure, user: view.smtp.user ?? '', password: '', from: view.smtp.from },
    baseUrls: { ...view.baseUrls },
    twilio: { accountSid: view.twilio.accountSid, authToken: '', from: view.twilio.from },
    slackAppToken: '',
    publicBaseUrl: view.publicBaseUrl,
    timeoutMs: view.timeoutMs,
    rateLimit: { ...view.rateLimit },
  };
}

const secret = (value: string) => (value === '' ? undefined : value);

export function toDeliveryBody(values: DeliveryValues): DeliverySettingsUpdate {
  const { smtp, twilio } = values;
  return {
    smtp: { host: smtp.host.trim(), port: optionalNumber(smtp.port), secure: smtp.secure, user: textOrNull(smtp.user), password: secret(smtp.password), from: smtp.from.trim() },
    baseUrls: Object.fromEntries(Object.entries(values.baseUrls).map(([name, url]) => [name, url.trim()])),
    twilio: { accountSid: twilio.accountSid.trim(), authToken: secret(twilio.authToken), from: twilio.from.trim() },
    slackAppToken: secret(values.slackAppToken),
    publicBaseUrl: values.publicBaseUrl.trim(),
    timeoutMs: optionalNumber(values.timeoutMs),
    rateLimit: { max: optionalNumber(values.rateLimit.max), windowMinutes: optionalNumber(values.rateLimit.windowMinutes) },
  };
}

export function validateDelivery(values: DeliveryValues): FormValidation {
  return validateWithSchema(DeliverySettingsUpdate, toDeliveryBody(values), mirroredField, DELIVERY_LABELS);
}
