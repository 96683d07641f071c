import { rejected, sendHttp } from './http';
import { apiUrl } from './settings';
import type { DeliveryResult, DeliverySettings, ProviderDeps } from './types';

/** Twilio wants E.164; the channel schema lets the leading "+" be left out. */
export function e164(number: string): string {
  const compact = number.replace(/[\s()-]/g, '');
  return compact.startsWith('+') ? compact : `+${compact}`;
}

/**
 * POST a form to a Twilio-compatible gateway: `${base}/2010-04-01/Accounts/{sid}/{resource}.json`
 * with HTTP basic auth sid:token.
 */
export async function postToTwilio(
  resource: 'Messages' | 'Calls',
  form: Record<string, string>,
  idempotencyKey: string,
  settings: DeliverySettings,
  deps: ProviderDeps,
): Promise<DeliveryResult> {
  const { accountSid, authToken, from } = settings.twilio;
  if (!accountSid || !authToken || !from) return rejected('The SMS/voice gateway is not configured: set account SID, auth token and sender number in Settings → Notifications');
  const path = `/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/${resource}.json`;
  return sendHttp(
    {
      url: apiUrl(settings.baseUrls.twilio, path),
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        'Idempotency-Key': idempotencyKey,
      },
      body: new URLSearchParams({ ...form, From: e164(from) }).toString(),
    },
    settings,
    deps,
  );
}
