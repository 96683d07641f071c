import { createHmac } from 'node:crypto';
import { rejected, sendHttp } from '../http';
import { defaultWebhookBody, isJsonTemplate, renderTemplate, templateValues } from '../template-variables';
import type { Provider, WebhookChannelConfig } from '../types';

export const SIGNATURE_HEADER = 'x-sightline-signature';
export const TIMESTAMP_HEADER = 'x-sightline-timestamp';
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

const BODYLESS = new Set(['GET', 'HEAD']);

/** `sha256=<hex HMAC-SHA256(secret, raw body)>`; the receiver recomputes it over the bytes it got. */
export function webhookSignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Every webhookType is sent as a generic webhook: the integrations differ only in their preset template. */
export const deliverWebhook: Provider<WebhookChannelConfig> = async (event, config, settings, deps) => {
  const now = deps.now();
  const values = templateValues(event, settings, now);
  const method = (config.method ?? 'POST').toUpperCase();

  let url: URL;
  try {
    url = new URL(renderTemplate(config.url, values, 'url'));
  } catch {
    return rejected(`Invalid webhook URL: ${config.url}`);
  }
  for (const { key, value } of config.queryParameters ?? []) {
    url.searchParams.append(renderTemplate(key, values, 'text'), renderTemplate(value, values, 'text'));
  }

  const template = config.template?.trim() ? config.template : null;
  const json = template === null || isJsonTemplate(template);
  const body = BODYLESS.has(method) ? '' : template === null ? defaultWebhookBody(event, values) : renderTemplate(template, values, json ? 'json' : 'text');

  const headers: Record<string, string> = {};
  if (body !== '') headers['content-type'] = json ? 'application/json' : 'text/plain; charset=utf-8';
  headers[IDEMPOTENCY_HEADER] = event.notificationId;
  headers[TIMESTAMP_HEADER] = values.TIMESTAMP;
  if (config.webhookSecret) headers[SIGNATURE_HEADER] = webhookSignature(config.webhookSecret, body);
  for (const { key, value } of config.headers ?? []) {
    setHeader(headers, renderTemplate(key, values, 'header'), renderTemplate(value, values, 'header'));
  }

  return sendHttp({ url: url.toString(), method, headers, body: body === '' ? undefined : body }, settings, deps);
};

/** The channel's own headers win, whatever their case (e.g. its own Content-Type). */
function setHeader(headers: Record<string, string>, key: string, value: string): void {
  for (const existing of Object.keys(headers)) {
    if (existing.toLowerCase() === key.toLowerCase()) delete headers[existing];
  }
  headers[key] = value;
}
