import type { EvidenceLine } from '../../src-shared/check-types/define';
import type { CheckType } from '../../src-shared/enums';

/**
 * The alert codes of the public API's alert states (its webhook `{{ALERT_TYPE}}` values), plus
 * TEST for a channel's "Send test notification", and AGENT_OFFLINE / AGENT_ONLINE: system notices
 * that an agent lost its own network and got it back, AGENT_UNREACHABLE / AGENT_REACHABLE: that the
 * server stopped hearing from a remote agent and hears from it again (sent to channels with sendSystemNotices);
 * ALERT_FLAPPING: a check started flapping (its end is told by the state it settled in); DIGEST:
 * the notifications that came over a channel's budget, in one message.
 */
export const ALERT_TYPES = [
  'ALERT_FAILURE',
  'ALERT_FAILURE_REMAIN',
  'ALERT_FAILURE_DEGRADED',
  'ALERT_DEGRADED',
  'ALERT_DEGRADED_REMAIN',
  'ALERT_DEGRADED_FAILURE',
  'ALERT_DEGRADED_RECOVERY',
  'ALERT_RECOVERY',
  'TEST',
  'AGENT_OFFLINE',
  'AGENT_ONLINE',
  'AGENT_UNREACHABLE',
  'AGENT_REACHABLE',
  'ALERT_FLAPPING',
  'DIGEST',
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/** The system notices about an agent (its name is in checkName), as opposed to alerts about a check. */
export function isAgentNotice(type: AlertType): boolean {
  return type === 'AGENT_OFFLINE' || type === 'AGENT_ONLINE' || type === 'AGENT_UNREACHABLE' || type === 'AGENT_REACHABLE';
}

/** What happened to a check, as plain data: everything a provider may put in a message. */
export interface AlertEvent {
  alertType: AlertType;
  checkId: string;
  checkName: string;
  checkType: CheckType;
  checkResultId: string | null;
  /** Absolute, or a console route (`/monitors/…/results/…`) linked under `DeliverySettings.publicBaseUrl`. */
  resultLink: string | null;
  runLocation: string | null;
  /** Milliseconds. */
  responseTime: number | null;
  /** ISO 8601. */
  startedAt: string | null;
  errorMessage: string | null;
  /**
   * What a failing run showed, for the types that word it (issue 33 item 7): the failing assertion with
   * expected and actual, the response's status and first lines of its body, the certificate's days left.
   */
  evidence?: EvidenceLine[];
  tags: string[];
  groupName?: string | null;
  accountId: string;
  /** Unique per notification (channel × event): the idempotency key of every delivery attempt. */
  notificationId: string;
  /** ISO 8601: when the alert event was decided. */
  occurredAt: string;
  /** The checks that depend on this one and whose alerts it holds down while it fails (names: the first few). */
  heldDown?: { count: number; names: string[] };
  /** A DIGEST's content: each monitor once, with its latest state and how many notifications it carries. */
  digest?: { count: number; items: DigestItem[] };
}

export interface DigestItem {
  name: string;
  /** The status word of its latest notification (FAILED, RECOVERED, FLAPPING, …). */
  status: string;
  notifications: number;
}

/*
 * Channel configs as providers read them. They accept the shapes parsed by
 * src-shared/schemas/alert-channel.ts and also stored configs written before a default existed.
 */
export interface KeyValuePair {
  key: string;
  value: string;
}
export interface EmailChannelConfig {
  address: string;
}
export interface SlackChannelConfig {
  url: string;
  channel?: string | null;
}
export interface SlackAppChannelConfig {
  slackChannels: string[];
}
export interface WebhookChannelConfig {
  name?: string;
  url: string;
  method?: string | null;
  headers?: KeyValuePair[];
  queryParameters?: KeyValuePair[];
  template?: string | null;
  webhookSecret?: string | null;
  webhookType?: string | null;
}
export interface PhoneChannelConfig {
  name?: string;
  number: string;
}
export interface PagerdutyChannelConfig {
  serviceKey: string;
  account?: string | null;
  serviceName?: string | null;
}
export interface OpsgenieChannelConfig {
  name?: string;
  apiKey: string;
  region: 'EU' | 'US';
  priority: 'P1' | 'P2' | 'P3' | 'P4' | 'P5';
}

export interface ChannelConfigs {
  EMAIL: EmailChannelConfig;
  SLACK: SlackChannelConfig;
  SLACK_APP: SlackAppChannelConfig;
  WEBHOOK: WebhookChannelConfig;
  SMS: PhoneChannelConfig;
  CALL: PhoneChannelConfig;
  PAGERDUTY: PagerdutyChannelConfig;
  OPSGENIE: OpsgenieChannelConfig;
}
export type ChannelType = keyof ChannelConfigs;

/** A channel to deliver to: `{type, config}` of a stored alert channel. */
export type ChannelDelivery = { [T in ChannelType]: { type: T; config: ChannelConfigs[T] } }[ChannelType];

/** Resolved once from Settings; see settings.ts for the defaults. */
export interface DeliverySettings {
  smtp: {
    host: string;
    port: number;
    /** Implicit TLS (usually port 465). When false, STARTTLS is still used if the server offers it. */
    secure: boolean;
    user?: string | null;
    password?: string | null;
    from: string;
  };
  /** Origins (optionally with a path prefix); providers append the documented API path. */
  baseUrls: {
    slackApp: string;
    pagerduty: string;
    opsgenieUs: string;
    opsgenieEu: string;
    twilio: string;
  };
  twilio: { accountSid: string; authToken: string; from: string };
  slackAppToken?: string | null;
  timeoutMs: number;
  /** Where the console is reachable; relative result links are resolved against it. */
  publicBaseUrl: string;
}

export interface DeliveryResult {
  ok: boolean;
  /** HTTP status, or the SMTP reply code. */
  status?: number;
  /** What the receiver answered (response body or SMTP reply), at most 1,000 characters. */
  notificationResult: string;
  /** True for timeouts, network errors, 408, 429 and 5xx (and SMTP 4xx); false for other rejections. */
  retryable: boolean;
  error?: string;
}

export interface ProviderDeps {
  fetch?: typeof fetch;
  now(): Date;
}

export type Provider<C> = (event: AlertEvent, config: C, settings: DeliverySettings, deps: ProviderDeps) => Promise<DeliveryResult>;
