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
  const rendered = BODYLESS.has(method) ? '' : template === null ? defaultWebhookBody(event, values) : renderTemplate(template, values, json ? 'json' : 'text');
  const body = template === null || /\{\{\{?\s*EVIDENCE\b/.test(template) ? rendered : withPresetEvidence(config.webhookType, rendered, values.EVIDENCE);

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

/**
 * The public CLI's preset integrations (MSTeamsAlertChannel, IncidentioAlertChannel,
 * TelegramAlertChannel) write templates without Sightline's {{EVIDENCE}}: their message gets it where
 * each receiver shows text (issue 33 item 7) — a TextBlock of the Teams card, the incident's
 * description and metadata, the end of the Telegram text. Other templates are the user's own and
 * are sent as written ({{EVIDENCE}} is theirs to place). A body that does not parse is left as it is.
 */
export function withPresetEvidence(webhookType: string | null | undefined, body: string, evidence: string): string {
  if (evidence === '' || body === '') return body;
  if (webhookType === 'WEBHOOK_TELEGRAM') {
    const html = evidence.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    // The text is the form's last field: percent-encoded, so the evidence's own characters cannot end it.
    return `${body.replace(/\n+$/, '')}${encodeURIComponent(`\n\n<pre>${html}</pre>`)}`;
  }
  if (webhookType !== 'WEBHOOK_MSTEAMS' && webhookType !== 'WEBHOOK_INCIDENTIO') return body;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  if (typeof parsed !== 'object' || parsed === null) return body;
  const message = parsed as Record<string, unknown>;
  if (webhookType === 'WEBHOOK_MSTEAMS') {
    const attachments = Array.isArray(message.attachments) ? (message.attachments as { content?: { body?: unknown } }[]) : [];
    const card = attachments[0]?.content;
    if (!card || !Array.isArray(card.body)) return body;
    card.body.push({ type: 'TextBlock', text: evidence.replace(/\n/g, '\n\n'), wrap: true, fontType: 'Monospace' });
    return JSON.stringify(message);
  }
  if (typeof message.description === 'string') message.description = `${message.description.replace(/\s+$/, '')}\n\n${evidence}`;
  message.metadata = { ...(typeof message.metadata === 'object' && message.metadata !== null ? message.metadata : {}), evidence };
  return JSON.stringify(message);
}

/** The channel's own headers win, whatever their case (e.g. its own Content-Type). */
function setHeader(headers: Record<string, string>, key: string, value: string): void {
  for (const existing of Object.keys(headers)) {
    if (existing.toLowerCase() === key.toLowerCase()) delete headers[existing];
  }
  headers[key] = value;
}
