import type { CheckChannelSubscription } from '../../db/repositories/alert-subscriptions';
import type { CheckReadOnly, KeyValue } from '../../../src-shared/schemas/check-common';
import { redactChannelConfig } from '../../../src-shared/rules/secrets';

type AlertChannels = CheckReadOnly['alertChannels'];

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function keyValues(value: unknown): KeyValue[] {
  if (!Array.isArray(value)) return [];
  return value.map(asRecord).map((item) => ({ key: text(item.key), value: text(item.value), locked: item.locked === true }));
}

/** Spec 2.1 `alertChannels`: the activated channels a check is subscribed to, by type, from each channel's config. */
export function summariseAlertChannels(subscriptions: readonly CheckChannelSubscription[]): AlertChannels {
  const summary: AlertChannels = { email: [], webhook: [], slack: [], sms: [] };
  for (const subscription of subscriptions) {
    if (!subscription.activated) continue;
    // Credentials never show here either: secret header and query values and URL parts are masked.
    const config = redactChannelConfig(subscription.channelType, asRecord(subscription.channelBody.config));
    switch (subscription.channelType) {
      case 'EMAIL':
        summary.email.push({ address: text(config.address) });
        break;
      case 'WEBHOOK':
        summary.webhook.push({
          name: text(config.name),
          url: text(config.url),
          method: typeof config.method === 'string' ? config.method : 'POST',
          headers: keyValues(config.headers),
          queryParameters: keyValues(config.queryParameters),
        });
        break;
      case 'SLACK':
        summary.slack.push({ url: text(config.url) });
        break;
      case 'SMS':
        summary.sms.push({ name: text(config.name), number: text(config.number) });
        break;
    }
  }
  return summary;
}
