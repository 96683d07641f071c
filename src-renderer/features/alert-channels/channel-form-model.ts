import {
  AlertChannelCreate,
  AlertChannelUpdate,
  type AlertChannelCreateInput,
  type AlertChannelType,
  type OPSGENIE_PRIORITIES,
  type OPSGENIE_REGIONS,
  type WEBHOOK_METHODS,
  type WEBHOOK_TYPES,
} from '../../../src-shared/schemas/alert-channel';
import type { KeyValueItem } from '../../components/key-value-editor';
import { keyValueItemsOf, toKeyValues } from '../../lib/env-vars';
import { numberField, optionalNumber, stringArray, textOrNull } from '../../lib/form-values';
import { mirroredField, validateWithSchema, type FieldForPath, type FormValidation } from '../../lib/schema-form';

/** Every type's config members in one object, so switching type keeps what the members share (name, url). */
export interface ChannelConfigValues {
  address: string;
  url: string;
  channel: string;
  slackChannels: string[];
  name: string;
  method: (typeof WEBHOOK_METHODS)[number];
  headers: KeyValueItem[];
  queryParameters: KeyValueItem[];
  template: string;
  webhookSecret: string;
  webhookType: (typeof WEBHOOK_TYPES)[number];
  number: string;
  serviceKey: string;
  account: string;
  serviceName: string;
  apiKey: string;
  region: (typeof OPSGENIE_REGIONS)[number];
  priority: (typeof OPSGENIE_PRIORITIES)[number];
}

/** Which credentials the server holds for the saved type: they are never read back, only reported as set. */
export interface StoredCredentials {
  type: AlertChannelType | null;
  webhookSecret: boolean;
  serviceKey: boolean;
  apiKey: boolean;
}

export interface ChannelFormValues {
  type: AlertChannelType;
  config: ChannelConfigValues;
  stored: StoredCredentials;
  sendFailure: boolean;
  sendRecovery: boolean;
  sendDegraded: boolean;
  sslExpiry: boolean;
  sslExpiryThreshold: number | string;
  autoSubscribe: boolean;
  sendSystemNotices: boolean;
}

export const INITIAL_CHANNEL_FORM_VALUES: ChannelFormValues = {
  type: 'EMAIL',
  config: {
    address: '',
    url: '',
    channel: '',
    slackChannels: [],
    name: '',
    method: 'POST',
    headers: [],
    queryParameters: [],
    template: '',
    webhookSecret: '',
    webhookType: 'WEBHOOK_GENERIC',
    number: '',
    serviceKey: '',
    account: '',
    serviceName: '',
    apiKey: '',
    region: 'EU',
    priority: 'P3',
  },
  stored: { type: null, webhookSecret: false, serviceKey: false, apiKey: false },
  sendFailure: true,
  sendRecovery: true,
  sendDegraded: false,
  sslExpiry: false,
  sslExpiryThreshold: 30,
  autoSubscribe: false,
  sendSystemNotices: true,
};

export const CHANNEL_LABELS: Record<string, string> = {
  'config.address': 'Email address',
  'config.url': 'URL',
  'config.channel': 'Channel',
  'config.slackChannels': 'Slack channels',
  'config.name': 'Name',
  'config.number': 'Phone number',
  'config.serviceKey': 'Service key',
  'config.apiKey': 'API key',
  sslExpiryThreshold: 'Days before expiry',
};

/** An empty credential field keeps the stored value (the server fills it in), so it is left out. */
const credential = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** Whether the server holds this credential for the type the form is set to. */
export function credentialIsSet(values: ChannelFormValues, member: Exclude<keyof StoredCredentials, 'type'>): boolean {
  return values.stored.type === values.type && values.stored[member];
}

function configOf(type: AlertChannelType, c: ChannelConfigValues): AlertChannelCreateInput['config'] {
  switch (type) {
    case 'EMAIL':
      return { address: c.address.trim() };
    case 'SLACK':
      return { url: c.url.trim(), channel: textOrNull(c.channel) };
    case 'SLACK_APP':
      return { slackChannels: c.slackChannels };
    case 'WEBHOOK':
      return {
        name: c.name.trim(),
        url: c.url.trim(),
        method: c.method,
        headers: toKeyValues(c.headers),
        queryParameters: toKeyValues(c.queryParameters),
        template: textOrNull(c.template),
        webhookSecret: credential(c.webhookSecret),
        webhookType: c.webhookType,
      };
    case 'SMS':
    case 'CALL':
      return { name: c.name.trim(), number: c.number.trim() };
    case 'PAGERDUTY':
      return { serviceKey: credential(c.serviceKey), account: textOrNull(c.account), serviceName: textOrNull(c.serviceName) } as AlertChannelCreateInput['config'];
    case 'OPSGENIE':
      return { name: c.name.trim(), apiKey: credential(c.apiKey), region: c.region, priority: c.priority } as AlertChannelCreateInput['config'];
  }
}

export function toChannelBody(values: ChannelFormValues): AlertChannelCreateInput {
  return {
    type: values.type,
    config: configOf(values.type, values.config),
    sendFailure: values.sendFailure,
    sendRecovery: values.sendRecovery,
    sendDegraded: values.sendDegraded,
    sslExpiry: values.sslExpiry,
    sslExpiryThreshold: optionalNumber(values.sslExpiryThreshold),
    autoSubscribe: values.autoSubscribe,
    sendSystemNotices: values.sendSystemNotices,
  } as AlertChannelCreateInput;
}

const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);

export function channelValuesOf(channel: { type: AlertChannelType; config: Record<string, unknown> } & Record<string, unknown>): ChannelFormValues {
  const initial = INITIAL_CHANNEL_FORM_VALUES;
  const c = channel.config;
  const config: ChannelConfigValues = {
    ...initial.config,
    address: text(c.address, ''),
    url: text(c.url, ''),
    channel: text(c.channel, ''),
    slackChannels: stringArray(c.slackChannels),
    name: text(c.name, ''),
    method: text(c.method, initial.config.method) as ChannelConfigValues['method'],
    headers: keyValueItemsOf(c.headers),
    queryParameters: keyValueItemsOf(c.queryParameters),
    template: text(c.template, ''),
    // Credentials never come back: their fields start empty and say "set" instead.
    webhookSecret: '',
    webhookType: text(c.webhookType, initial.config.webhookType) as ChannelConfigValues['webhookType'],
    number: text(c.number, ''),
    serviceKey: '',
    account: text(c.account, ''),
    serviceName: text(c.serviceName, ''),
    apiKey: '',
    region: text(c.region, initial.config.region) as ChannelConfigValues['region'],
    priority: text(c.priority, initial.config.priority) as ChannelConfigValues['priority'],
  };
  return {
    type: channel.type,
    config,
    stored: { type: channel.type, webhookSecret: c.webhookSecretSet === true, serviceKey: c.serviceKeySet === true, apiKey: c.apiKeySet === true },
    sendFailure: channel.sendFailure !== false,
    sendRecovery: channel.sendRecovery !== false,
    sendDegraded: channel.sendDegraded === true,
    sslExpiry: channel.sslExpiry === true,
    sslExpiryThreshold: numberField(channel.sslExpiryThreshold),
    autoSubscribe: channel.autoSubscribe === true,
    sendSystemNotices: channel.sendSystemNotices !== false,
  };
}

/** Config members are edited where their path points; anything else the form has no input for goes to the form's alert. */
const fieldForPath: FieldForPath = (path) => {
  const field = mirroredField(path);
  return field && (field.startsWith('config.') || field in INITIAL_CHANNEL_FORM_VALUES) ? field : null;
};

/** A saved channel of the same type may leave its stored credentials out; a new one (or a new type) must give them. */
export function validateChannelForm(values: ChannelFormValues): FormValidation {
  const schema = values.stored.type === values.type ? AlertChannelUpdate : AlertChannelCreate;
  return validateWithSchema(schema, toChannelBody(values), fieldForPath, CHANNEL_LABELS);
}
