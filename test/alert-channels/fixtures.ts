/** The smallest valid config of each channel type, and what the API stores for it (defaults filled in). */
export const MINIMAL_CONFIGS = {
  EMAIL: { address: 'ops@example.com' },
  SLACK: { url: 'https://hooks.slack.com/services/T0/B0/XYZ' },
  SLACK_APP: { slackChannels: ['#ops'] },
  WEBHOOK: { name: 'Pager bridge', url: 'http://127.0.0.1:9/hook' },
  SMS: { name: 'On call', number: '+14155550123' },
  PAGERDUTY: { serviceKey: 'pd-service-key' },
  OPSGENIE: { name: 'Opsgenie EU', apiKey: 'og-key', region: 'EU', priority: 'P3' },
  CALL: { name: 'On call phone', number: '+4915123456789' },
} as const;

export type ChannelType = keyof typeof MINIMAL_CONFIGS;
export const CHANNEL_TYPES = Object.keys(MINIMAL_CONFIGS) as ChannelType[];

/** What the API returns for MINIMAL_CONFIGS: defaults filled in, credentials write-only (`…Set`, masked URL secrets). */
export const STORED_CONFIGS: Record<ChannelType, Record<string, unknown>> = {
  EMAIL: { address: 'ops@example.com' },
  SLACK: { url: 'https://hooks.slack.com/*****', channel: null },
  SLACK_APP: { slackChannels: ['#ops'] },
  WEBHOOK: {
    name: 'Pager bridge',
    url: 'http://127.0.0.1:9/hook',
    method: 'POST',
    headers: [],
    queryParameters: [],
    template: null,
    webhookSecretSet: false,
    webhookType: 'WEBHOOK_GENERIC',
  },
  SMS: { name: 'On call', number: '+14155550123' },
  PAGERDUTY: { serviceKeySet: true, account: null, serviceName: null },
  OPSGENIE: { name: 'Opsgenie EU', apiKeySet: true, region: 'EU', priority: 'P3' },
  CALL: { name: 'On call phone', number: '+4915123456789' },
};

export const CHANNEL_DEFAULTS = {
  subscriptions: [],
  sendRecovery: true,
  sendFailure: true,
  sendDegraded: false,
  sslExpiry: false,
  sslExpiryThreshold: 30,
  autoSubscribe: false,
  sendSystemNotices: true,
  projectBindings: { owner: null, references: [] },
};

export function channelBody(type: ChannelType = 'EMAIL', overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { type, config: { ...MINIMAL_CONFIGS[type] }, ...overrides };
}
