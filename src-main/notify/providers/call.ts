import { alertTitle, trimText } from '../describe';
import { e164, postToTwilio } from '../twilio';
import type { AlertEvent, PhoneChannelConfig, Provider } from '../types';

function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** What the call says, twice, so someone who picks up late still hears it. No links: they cannot be read out. */
export function callTwiml(event: AlertEvent): string {
  const parts = [`Sightline alert. ${alertTitle(event)}.`];
  if (event.runLocation) parts.push(`Location: ${event.runLocation}.`);
  if (event.errorMessage) parts.push(`Error: ${trimText(event.errorMessage, 200)}.`);
  // What can be read out: the failing assertion, the status, the certificate; not a body.
  for (const line of event.evidence ?? []) if (line.label !== 'Body') parts.push(`${line.label}: ${trimText(line.value, 200)}.`);
  if (event.heldDown) parts.push(`${event.heldDown.count} dependent checks held down.`);
  const say = `<Say>${xmlEscape(parts.join(' '))}</Say>`;
  return `<Response>${say}<Pause length="1"/>${say}</Response>`;
}

export const deliverCall: Provider<PhoneChannelConfig> = async (event, config, settings, deps) =>
  postToTwilio('Calls', { To: e164(config.number), Twiml: callTwiml(event) }, event.notificationId, settings, deps);
