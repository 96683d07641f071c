import { rejected } from './http';
import { deliverCall } from './providers/call';
import { deliverEmail } from './providers/email';
import { deliverOpsgenie } from './providers/opsgenie';
import { deliverPagerduty } from './providers/pagerduty';
import { deliverSlack } from './providers/slack';
import { deliverSlackApp } from './providers/slack-app';
import { deliverSms } from './providers/sms';
import { deliverWebhook } from './providers/webhook';
import type { AlertEvent, ChannelConfigs, ChannelDelivery, ChannelType, DeliveryResult, DeliverySettings, Provider, ProviderDeps } from './types';

export const PROVIDERS: { [T in ChannelType]: Provider<ChannelConfigs[T]> } = {
  EMAIL: deliverEmail,
  SLACK: deliverSlack,
  SLACK_APP: deliverSlackApp,
  WEBHOOK: deliverWebhook,
  SMS: deliverSms,
  CALL: deliverCall,
  PAGERDUTY: deliverPagerduty,
  OPSGENIE: deliverOpsgenie,
};

/**
 * Sends one notification to one channel. Remote failures come back as `ok: false` (retryable or
 * not); the caller records the result and decides on retries.
 */
export function deliver(channel: ChannelDelivery, event: AlertEvent, settings: DeliverySettings, deps: ProviderDeps): Promise<DeliveryResult> {
  switch (channel.type) {
    case 'EMAIL':
      return PROVIDERS.EMAIL(event, channel.config, settings, deps);
    case 'SLACK':
      return PROVIDERS.SLACK(event, channel.config, settings, deps);
    case 'SLACK_APP':
      return PROVIDERS.SLACK_APP(event, channel.config, settings, deps);
    case 'WEBHOOK':
      return PROVIDERS.WEBHOOK(event, channel.config, settings, deps);
    case 'SMS':
      return PROVIDERS.SMS(event, channel.config, settings, deps);
    case 'CALL':
      return PROVIDERS.CALL(event, channel.config, settings, deps);
    case 'PAGERDUTY':
      return PROVIDERS.PAGERDUTY(event, channel.config, settings, deps);
    case 'OPSGENIE':
      return PROVIDERS.OPSGENIE(event, channel.config, settings, deps);
  }
  // Stored data may name a type this build does not know.
  return Promise.resolve(rejected(`Unknown alert channel type: ${String((channel as { type: unknown }).type)}`));
}
