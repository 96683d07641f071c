import { alertTitle, formatResponseTime, heldDownOf, resultUrl, trimText } from '../describe';
import { e164, postToTwilio } from '../twilio';
import type { AlertEvent, DeliverySettings, PhoneChannelConfig, Provider } from '../types';

/** Two SMS segments at most: long enough for the facts, short enough not to cost ten messages. */
const SMS_MAX_CHARS = 320;

export function smsText(event: AlertEvent, settings: DeliverySettings): string {
  const facts = [event.runLocation, formatResponseTime(event.responseTime), event.errorMessage, heldDownOf(event)].filter((f): f is string => !!f);
  const link = resultUrl(event, settings);
  const head = `[Sightline] ${alertTitle(event)}${facts.length > 0 ? ` (${facts.join(', ')})` : ''}`;
  return link ? `${trimText(head, SMS_MAX_CHARS - link.length - 1)} ${link}` : trimText(head, SMS_MAX_CHARS);
}

export const deliverSms: Provider<PhoneChannelConfig> = async (event, config, settings, deps) =>
  postToTwilio('Messages', { To: e164(config.number), Body: smsText(event, settings) }, event.notificationId, settings, deps);
