import { z } from 'zod';
import { KeyValue, withDefault, type SchemaMode } from './check-common';
import { BoundedName, LIMITS } from './limits';
import { ProjectBindings } from './project-bindings';

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
  'WEBHOOK_INCIDENTIO',
] as const;
export const OPSGENIE_REGIONS = ['EU', 'US'] as const;
export const OPSGENIE_PRIORITIES = ['P1', 'P2', 'P3', 'P4', 'P5'] as const;

const nonEmpty = z.string().min(1).max(LIMITS.name);
const optionalText = z.string().max(LIMITS.name).nullable().default(null);
const Credential = z.string().min(1).max(LIMITS.credential);
const HttpUrl = z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).max(2048);
/** E.164-like: optional "+", no leading zero, 7..15 digits. */
const PhoneNumber = z.string().regex(/^\+?[1-9]\d{6,14}$/, 'must be a phone number in international format, e.g. +14155550123');

export const EmailConfig = z.object({ address: z.email({ error: 'must be an email address' }).max(254) });
export type EmailConfig = z.infer<typeof EmailConfig>;

export const SlackConfig = z.object({ url: HttpUrl, channel: optionalText });
export type SlackConfig = z.infer<typeof SlackConfig>;

export const SlackAppConfig = z.object({ slackChannels: z.array(nonEmpty).min(1).max(LIMITS.keyValues) });
export type SlackAppConfig = z.infer<typeof SlackAppConfig>;

export const WebhookConfig = z.object({
  name: BoundedName,
  url: HttpUrl,
  method: z.enum(WEBHOOK_METHODS).default('POST'),
  headers: z.array(KeyValue).max(LIMITS.keyValues).default([]),
  queryParameters: z.array(KeyValue).max(LIMITS.keyValues).default([]),
  template: z.string().max(LIMITS.webhookTemplate).nullable().default(null),
  webhookSecret: z.string().max(LIMITS.credential).nullable().default(null),
  webhookType: z.enum(WEBHOOK_TYPES).default('WEBHOOK_GENERIC'),
});
export type WebhookConfig = z.infer<typeof WebhookConfig>;

/** SMS and CALL share a shape. */
export const PhoneConfig = z.object({ name: nonEmpty, number: PhoneNumber });
export type PhoneConfig = z.infer<typeof PhoneConfig>;

export const PagerdutyConfig = z.object({ serviceKey: Credential, account: optionalText, serviceName: optionalText });
export type PagerdutyConfig = z.infer<typeof PagerdutyConfig>;

export const OpsgenieConfig = z.object({
  name: nonEmpty,
  apiKey: Credential,
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
    /** Sightline's extension: the agent-offline and back-online notices go to this channel. */
    sendSystemNotices: d(z.boolean(), true),
  };
}

/**
 * On PUT a stored credential may be left out, sent back as the mask, or (where it is required) sent
 * as null to keep it; the service fills it in before validating the channel as a whole
 * (docs/DECISIONS.md, "Secrets").
 */
const ALERT_CHANNEL_UPDATE_CONFIGS = {
  ...ALERT_CHANNEL_CONFIGS,
  SLACK: SlackConfig.extend({ url: SlackConfig.shape.url.optional() }),
  WEBHOOK: WebhookConfig.extend({ webhookSecret: WebhookConfig.shape.webhookSecret.unwrap().optional() }),
  PAGERDUTY: PagerdutyConfig.extend({ serviceKey: PagerdutyConfig.shape.serviceKey.nullable().optional() }),
  OPSGENIE: OpsgenieConfig.extend({ apiKey: OpsgenieConfig.shape.apiKey.nullable().optional() }),
} as const;

/** A discriminated union on `type`, so a bad config names its member: `config.address: ...`. */
function channelBody<S extends z.ZodRawShape, C extends Record<AlertChannelType, z.ZodType>>(common: S, configs: C) {
  const variant = <T extends AlertChannelType>(type: T) => z.object({ type: z.literal(type), config: configs[type], ...common });
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

export const AlertChannelCreate = channelBody(commonFields('create'), ALERT_CHANNEL_CONFIGS);
export type AlertChannelCreate = z.infer<typeof AlertChannelCreate>;
export type AlertChannelCreateInput = z.input<typeof AlertChannelCreate>;

/** PUT body: type and config are required (spec 4.6) and replace the stored ones; other members left out keep their value. */
export const AlertChannelUpdate = channelBody(commonFields('update'), ALERT_CHANNEL_UPDATE_CONFIGS);
export type AlertChannelUpdate = z.infer<typeof AlertChannelUpdate>;

export type AlertChannelConfig = AlertChannelCreate['config'];

export const AlertChannelSubscriptionRead = z.object({
  id: z.number().int(),
  checkId: z.string().nullable(),
  groupId: z.number().int().nullable(),
  activated: z.boolean(),
});
export type AlertChannelSubscriptionRead = z.infer<typeof AlertChannelSubscriptionRead>;

/**
 * Credentials are write-only (docs/DECISIONS.md, "Secrets"): a read config leaves them out and says
 * whether one is stored; secret header and query values and the secret parts of a URL read as the mask.
 */
export const WebhookConfigRead = WebhookConfig.omit({ webhookSecret: true }).extend({ webhookSecretSet: z.boolean() });
export type WebhookConfigRead = z.infer<typeof WebhookConfigRead>;
export const PagerdutyConfigRead = PagerdutyConfig.omit({ serviceKey: true }).extend({ serviceKeySet: z.boolean() });
export type PagerdutyConfigRead = z.infer<typeof PagerdutyConfigRead>;
export const OpsgenieConfigRead = OpsgenieConfig.omit({ apiKey: true }).extend({ apiKeySet: z.boolean() });
export type OpsgenieConfigRead = z.infer<typeof OpsgenieConfigRead>;

export const AlertChannelRead = z.object({
  id: z.number().int(),
  type: AlertChannelType,
  config: z
    .record(z.string(), z.unknown())
    .describe(
      'The per-type configuration; its members depend on type. Credentials are never returned: WEBHOOK webhookSecret, PAGERDUTY serviceKey and OPSGENIE apiKey read as webhookSecretSet, serviceKeySet and apiKeySet (true when one is stored); header and query values that are locked or named like a credential, and the secret parts of a URL (a Slack webhook path, a password or token in a webhook URL), read as "*****". Sending a config back unchanged keeps the stored credentials.',
    ),
  subscriptions: z.array(AlertChannelSubscriptionRead),
  sendRecovery: z.boolean(),
  sendFailure: z.boolean(),
  sendDegraded: z.boolean(),
  sslExpiry: z.boolean(),
  sslExpiryThreshold: z.number().int(),
  autoSubscribe: z.boolean(),
  sendSystemNotices: z.boolean().describe("Sightline's extension: this channel gets the notices that an agent went offline (its own network) and is back online. Default true."),
  created_at: z.string(),
  updated_at: z.string().nullable(),
  projectBindings: ProjectBindings,
});
export type AlertChannelRead = z.infer<typeof AlertChannelRead>;
