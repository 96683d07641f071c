import { z } from 'zod';
import { KeyValue, withDefault, type SchemaMode } from './check-common';

export const ALERT_CHANNEL_TYPES = ['EMAIL', 'SLACK', 'SLACK_APP', 'WEBHOOK', 'SMS', 'PAGERDUTY', 'OPSGENIE', 'CALL'] as const;
export const AlertChannelType = z.enum(ALERT_CHANNEL_TYPES);
export type AlertChannelType = z.infer<typeof AlertChannelType>;

export const WEBHOOK_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const;
/** WEBHOOK_GENERIC plus the integrations the public API's clients (Terraform provider, CLI) send. */
export const WEBHOOK_TYPES = [
  'WEBHOOK_GENERIC',
  'WEBHOOK_DISCORD',
  'WEBHOOK_FIREHYDRANT',
  'WEBHOOK_GITLAB_ALERT',
  'WEBHOOK_SPIKESH',
  'WEBHOOK_SPLUNK',
  'WEBHOOK_MSTEAMS',
  'WEBHOOK_TELEGRAM',
] as const;
export const OPSGENIE_REGIONS = ['EU', 'US'] as const;
export const OPSGENIE_PRIORITIES = ['P1', 'P2', 'P3', 'P4', 'P5'] as const;

const nonEmpty = z.string().min(1);
const optionalText = z.string().nullable().default(null);
const HttpUrl = z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).max(2048);
/** E.164-like: optional "+", no leading zero, 7..15 digits. */
const PhoneNumber = z.string().regex(/^\+?[1-9]\d{6,14}$/, 'must be a phone number in international format, e.g. +14155550123');

export const EmailConfig = z.object({ address: z.email({ error: 'must be an email address' }) });
export type EmailConfig = z.infer<typeof EmailConfig>;

export const SlackConfig = z.object({ url: HttpUrl, channel: optionalText });
export type SlackConfig = z.infer<typeof SlackConfig>;

export const SlackAppConfig = z.object({ slackChannels: z.array(nonEmpty).min(1) });
export type SlackAppConfig = z.infer<typeof SlackAppConfig>;

export const WebhookConfig = z.object({
  name: nonEmpty,
  url: HttpUrl,
  method: z.enum(WEBHOOK_METHODS).default('POST'),
  headers: z.array(KeyValue).default([]),
  queryParameters: z.array(KeyValue).default([]),
  template: optionalText,
  webhookSecret: optionalText,
  webhookType: z.enum(WEBHOOK_TYPES).default('WEBHOOK_GENERIC'),
});
export type WebhookConfig = z.infer<typeof WebhookConfig>;

/** SMS and CALL share a shape. */
export const PhoneConfig = z.object({ name: nonEmpty, number: PhoneNumber });
export type PhoneConfig = z.infer<typeof PhoneConfig>;

export const PagerdutyConfig = z.object({ serviceKey: nonEmpty, account: optionalText, serviceName: optionalText });
export type PagerdutyConfig = z.infer<typeof PagerdutyConfig>;

export const OpsgenieConfig = z.object({
  name: nonEmpty,
  apiKey: nonEmpty,
  region: z.enum(OPSGENIE_REGIONS),
  priority: z.enum(OPSGENIE_PRIORITIES),
});
export type OpsgenieConfig = z.infer<typeof OpsgenieConfig>;

export const ALERT_CHANNEL_CONFIGS = {
  EMAIL: EmailConfig,
  SLACK: SlackConfig,
  SLACK_APP: SlackAppConfig,
  WEBHOOK: WebhookConfig,
  SMS: PhoneConfig,
  PAGERDUTY: PagerdutyConfig,
  OPSGENIE: OpsgenieConfig,
  CALL: PhoneConfig,
} as const;

/** One subscription: a check or a group, never both (reference AlertChannelSubscriptionCreate). */
export const AlertChannelSubscriptionCreate = z
  .object({
    checkId: z.guid().nullable().optional(),
    groupId: z.number().int().positive().nullable().optional(),
    activated: z.boolean(),
  })
  .superRefine((value, ctx) => {
    const hasCheck = value.checkId !== undefined && value.checkId !== null;
    const hasGroup = value.groupId !== undefined && value.groupId !== null;
    if (hasCheck && hasGroup) ctx.addIssue({ code: 'custom', path: ['groupId'], message: 'pass either checkId or groupId, not both' });
    if (!hasCheck && !hasGroup) ctx.addIssue({ code: 'custom', path: ['checkId'], message: 'checkId or groupId is required' });
  });
export type AlertChannelSubscriptionCreate = z.infer<typeof AlertChannelSubscriptionCreate>;

function commonFields<M extends SchemaMode>(mode: M) {
  const d = <T extends z.ZodType>(schema: T, value: z.output<T>) => withDefault(mode, schema, value);
  return {
    subscriptions: d(z.array(AlertChannelSubscriptionCreate), []),
    sendRecovery: d(z.boolean(), true),
    sendFailure: d(z.boolean(), true),
    sendDegraded: d(z.boolean(), false),
    sslExpiry: d(z.boolean(), false),
    sslExpiryThreshold: d(z.number().int().min(1).max(30), 30),
    autoSubscribe: d(z.boolean(), false),
  };
}

/** A discriminated union on `type`, so a bad config names its member: `config.address: ...`. */
function channelBody<S extends z.ZodRawShape>(common: S) {
  const variant = <T extends AlertChannelType>(type: T) => z.object({ type: z.literal(type), config: ALERT_CHANNEL_CONFIGS[type], ...common });
  return z.discriminatedUnion('type', [
    variant('EMAIL'),
    variant('SLACK'),
    variant('SLACK_APP'),
    variant('WEBHOOK'),
    variant('SMS'),
    variant('PAGERDUTY'),
    variant('OPSGENIE'),
    variant('CALL'),
  ]);
}

export const AlertChannelCreate = channelBody(commonFields('create'));
export type AlertChannelCreate = z.infer<typeof AlertChannelCreate>;
export type AlertChannelCreateInput = z.input<typeof AlertChannelCreate>;

/** PUT body: type and config are required (spec 4.6) and replace the stored ones; other members left out keep their value. */
export const AlertChannelUpdate = channelBody(commonFields('update'));
export type AlertChannelUpdate = z.infer<typeof AlertChannelUpdate>;

export type AlertChannelConfig = AlertChannelCreate['config'];

export const AlertChannelSubscriptionRead = z.object({
  id: z.number().int(),
  checkId: z.string().nullable(),
  groupId: z.number().int().nullable(),
  activated: z.boolean(),
});
export type AlertChannelSubscriptionRead = z.infer<typeof AlertChannelSubscriptionRead>;

export const AlertChannelRead = z.object({
  id: z.number().int(),
  type: AlertChannelType,
  config: z.record(z.string(), z.unknown()).describe('The per-type configuration; its members depend on type.'),
  subscriptions: z.array(AlertChannelSubscriptionRead),
  sendRecovery: z.boolean(),
  sendFailure: z.boolean(),
  sendDegraded: z.boolean(),
  sslExpiry: z.boolean(),
  sslExpiryThreshold: z.number().int(),
  autoSubscribe: z.boolean(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
  projectBindings: z.object({ owner: z.null(), references: z.array(z.never()) }),
});
export type AlertChannelRead = z.infer<typeof AlertChannelRead>;
