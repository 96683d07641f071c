import { alertTitle, resultUrl, statusWord, summaryFields } from './describe';
import type { AlertEvent, DeliverySettings } from './types';

export function htmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** `[Sightline] FAILED: Home page`; header line breaks in a check name must not reach the header. */
export function emailSubject(event: AlertEvent): string {
  return `[Sightline] ${statusWord(event.alertType)}: ${event.checkName}`.replace(/[\r\n]+/g, ' ');
}

export function emailText(event: AlertEvent, settings: DeliverySettings): string {
  const lines = summaryFields(event, settings).map((f) => `${f.label}: ${f.value}`);
  return `${alertTitle(event)}\n\n${lines.join('\n')}\n\n-- \nSent by Sightline. Notification ${event.notificationId}\n`;
}

export function emailHtml(event: AlertEvent, settings: DeliverySettings): string {
  const link = resultUrl(event, settings);
  const rows = summaryFields(event, settings)
    .filter((f) => f.label !== 'Result')
    .map((f) => `<tr><th align="left" style="padding:2px 12px 2px 0">${htmlEscape(f.label)}</th><td style="padding:2px 0">${htmlEscape(f.value)}</td></tr>`)
    .join('');
  const button = link ? `<p><a href="${htmlEscape(link)}">View result</a></p>` : '';
  return [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<h2>${htmlEscape(alertTitle(event))}</h2>`,
    `<table>${rows}</table>`,
    button,
    `<p style="color:#888;font-size:12px">Sent by Sightline. Notification ${htmlEscape(event.notificationId)}</p>`,
    '</body></html>',
  ].join('');
}
