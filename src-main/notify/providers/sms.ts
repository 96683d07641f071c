import { alertTitle, formatResponseTime, heldDownOf, resultUrl, trimText } from '../describe';
import { e164, postToTwilio } from '../twilio';
import type { AlertEvent, DeliverySettings, PhoneChannelConfig, Provider } from '../types';

/** Two SMS segments at most: long enough for the facts, short enough not to cost ten messages. */
const SMS_MAX_CHARS = 320;

export function smsText(event: AlertEvent, settings: DeliverySettings): string {
  // The evidence says what the error says, and more (the expected value, the certificate's days left):
  // two segments have room for one of them, so the evidence comes first, without its labels, and replaces the error.
  const evidence = (event.evidence ?? []).map((line) => line.value.replace(/\s+/g, ' '));
  const facts = [...evidence, event.runLocation, formatResponseTime(event.responseTime), evidence.length > 0 ? null : event.errorMessage, heldDownOf(event)].filter((f): f is string => !!f);
  const link = resultUrl(event, settings);
  const head = `[Sightline] ${alertTitle(event)}${facts.length > 0 ? ` (${facts.join(', ')})` : ''}`;
  return link ? `${trimText(head, SMS_MAX_CHARS - link.length - 1)} ${link}` : trimText(head, SMS_MAX_CHARS);
}

export const deliverSms: Provider<PhoneChannelConfig> = async (event, config, settings, deps) =>
  postToTwilio('Messages', { To: e164(config.number), Body: smsText(event, settings) }, event.notificationId, settings, deps);
