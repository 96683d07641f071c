import { alertKind, alertTitle, resultUrl, summaryFields, trimText, type AlertKind } from './describe';
import type { AlertEvent, DeliverySettings } from './types';

export const SLACK_COLOURS: Record<AlertKind, string> = {
  failure: '#d0021b',
  degraded: '#f5a623',
  recovery: '#2eb67d',
  test: '#4a90e2',
};

/** Slack's mrkdwn treats &, < and > as control characters. */
function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * One message shape for incoming webhooks and chat.postMessage: `text` for notifications and
 * clients without blocks, one attachment carrying the colour of the alert kind and the details.
 */
export function slackMessage(event: AlertEvent, settings: DeliverySettings): { text: string; attachments: unknown[] } {
  const title = alertTitle(event);
  const link = resultUrl(event, settings);
  const fields = summaryFields(event, settings).filter((f) => f.label !== 'Check' && f.label !== 'Result');
  const blocks: unknown[] = [
    { type: 'section', text: { type: 'mrkdwn', text: `*${escape(title)}*` } },
    { type: 'section', fields: fields.slice(0, 10).map((f) => ({ type: 'mrkdwn', text: `*${escape(f.label)}*\n${escape(trimText(f.value, 1500))}` })) },
  ];
  if (link) blocks.push({ type: 'section', text: { type: 'mrkdwn', text: `<${link}|View result>` } });
  return {
    text: `[Sightline] ${title}`,
    attachments: [{ color: SLACK_COLOURS[alertKind(event.alertType)], fallback: title, blocks }],
  };
}
