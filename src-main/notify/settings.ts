import type { DeliverySettings } from './types';

/** Each provider's documented API origin; the providers append the documented paths. */
export const DEFAULT_BASE_URLS: DeliverySettings['baseUrls'] = {
  /** + /chat.postMessage */
  slackApp: 'https://slack.com/api',
  /** + /v2/enqueue */
  pagerduty: 'https://events.pagerduty.com',
  /** + /v2/alerts */
  opsgenieUs: 'https://api.opsgenie.com',
  opsgenieEu: 'https://api.eu.opsgenie.com',
  /** + /2010-04-01/Accounts/{sid}/Messages.json and /Calls.json */
  twilio: 'https://api.twilio.com',
};

export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
  smtp: { host: 'localhost', port: 25, secure: false, user: null, password: null, from: 'Sightline <sightline@localhost>' },
  baseUrls: DEFAULT_BASE_URLS,
  twilio: { accountSid: '', authToken: '', from: '' },
  slackAppToken: null,
  timeoutMs: 10_000,
  publicBaseUrl: 'http://127.0.0.1:4310',
};

export interface DeliverySettingsInput {
  smtp?: Partial<DeliverySettings['smtp']>;
  baseUrls?: Partial<DeliverySettings['baseUrls']>;
  twilio?: Partial<DeliverySettings['twilio']>;
  slackAppToken?: string | null;
  timeoutMs?: number;
  publicBaseUrl?: string;
}

/**
 * Fills what Settings leaves out with the defaults above. `consoleBaseUrl` is where this server's
 * console is reached (--public-url, else the address it listens on); alert links use it unless
 * Settings names another public base URL.
 */
export function resolveDeliverySettings(input: DeliverySettingsInput = {}, consoleBaseUrl = ''): DeliverySettings {
  const d = DEFAULT_DELIVERY_SETTINGS;
  return {
    smtp: { ...d.smtp, ...defined(input.smtp) },
    baseUrls: { ...d.baseUrls, ...defined(input.baseUrls) },
    twilio: { ...d.twilio, ...defined(input.twilio) },
    slackAppToken: input.slackAppToken ?? d.slackAppToken,
    timeoutMs: input.timeoutMs ?? d.timeoutMs,
    publicBaseUrl: input.publicBaseUrl ?? (consoleBaseUrl || d.publicBaseUrl),
  };
}

function defined<T extends object>(value: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(value ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** `base` may carry a path prefix (an on-premise gateway); a trailing slash is ignored. */
export function apiUrl(base: string, path: string): string {
  return base.replace(/\/+$/, '') + path;
}
