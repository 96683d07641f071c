/** Mail to status page subscribers: plain data in, a complete message out (no database). */
import { htmlEscape } from './email-message';

export interface SubscriberIncidentFacts {
  name: string;
  /** "Partial outage" */
  impactLabel: string;
  /** The progress of this update: "Investigating", "Resolved" */
  statusLabel: string;
  description: string;
  /** ISO 8601: the update's public date. */
  at: string;
  /** Services on the subscriber's page that it affects. */
  services: string[];
  /** The incident on the page (an anchor of the page). */
  url: string;
  /** The incident's first update: the mail announces a new incident. */
  opening: boolean;
}

export type SubscriberMailFacts =
  | { kind: 'CONFIRM'; pageName: string; pageUrl: string; confirmUrl: string; unsubscribeUrl: string }
  | { kind: 'UPDATE'; pageName: string; pageUrl: string; unsubscribeUrl: string; incident: SubscriberIncidentFacts };

export interface SubscriberMessage {
  subject: string;
  text: string;
  html: string;
  /** Extra headers: List-Unsubscribe (RFC 2369) with one-click POST (RFC 8058), Auto-Submitted. */
  headers: Record<string, string>;
}

/** Line breaks in operator text must never reach a header. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();

const WHEN = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${WHEN.format(date)} UTC`;
}

function listHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    'Auto-Submitted': 'auto-generated',
  };
}

function paragraphs(text: string): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => `<p>${htmlEscape(p).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

const FOOTER_STYLE = 'color:#666;font-size:12px;border-top:1px solid #ddd;padding-top:8px;margin-top:24px';

function confirmMessage(facts: Extract<SubscriberMailFacts, { kind: 'CONFIRM' }>): SubscriberMessage {
  const page = oneLine(facts.pageName);
  const text = [
    `Someone (hopefully you) asked to receive incident updates from ${page} at this address.`,
    '',
    `Confirm the subscription: ${facts.confirmUrl}`,
    '',
    'If you did not ask for this, ignore this email: you will receive nothing else.',
    '',
    '-- ',
    `${page}: ${facts.pageUrl}`,
    `Unsubscribe: ${facts.unsubscribeUrl}`,
    '',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    `<p>Someone (hopefully you) asked to receive incident updates from <a href="${htmlEscape(facts.pageUrl)}">${htmlEscape(page)}</a> at this address.</p>`,
    `<p><a href="${htmlEscape(facts.confirmUrl)}">Confirm the subscription</a></p>`,
    '<p>If you did not ask for this, ignore this email: you will receive nothing else.</p>',
    `<p style="${FOOTER_STYLE}"><a href="${htmlEscape(facts.unsubscribeUrl)}">Unsubscribe</a></p>`,
    '</body></html>',
  ].join('');
  return { subject: `Confirm your subscription to ${page}`, text, html, headers: listHeaders(facts.unsubscribeUrl) };
}

function updateMessage(facts: Extract<SubscriberMailFacts, { kind: 'UPDATE' }>): SubscriberMessage {
  const page = oneLine(facts.pageName);
  const incident = facts.incident;
  const subject = incident.opening ? `[${page}] New incident: ${oneLine(incident.name)}` : `[${page}] ${incident.statusLabel}: ${oneLine(incident.name)}`;
  const facts1 = [`Status: ${incident.statusLabel}`, `Impact: ${incident.impactLabel}`, ...(incident.services.length > 0 ? [`Affected: ${incident.services.join(', ')}`] : [])];
  const text = [
    incident.name,
    '',
    ...facts1,
    `Posted: ${when(incident.at)}`,
    '',
    incident.description,
    '',
    `Follow the incident: ${incident.url}`,
    '',
    '-- ',
    `You receive this because you subscribed to incident updates from ${page}.`,
    `Unsubscribe: ${facts.unsubscribeUrl}`,
    '',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    `<h2 style="margin-bottom:4px">${htmlEscape(incident.name)}</h2>`,
    `<p style="margin-top:0;color:#444">${facts1.map(htmlEscape).join(' &middot; ')}<br>Posted ${htmlEscape(when(incident.at))}</p>`,
    paragraphs(incident.description),
    `<p><a href="${htmlEscape(incident.url)}">Follow the incident on the status page</a></p>`,
    `<p style="${FOOTER_STYLE}">You receive this because you subscribed to incident updates from <a href="${htmlEscape(facts.pageUrl)}">${htmlEscape(page)}</a>. <a href="${htmlEscape(facts.unsubscribeUrl)}">Unsubscribe</a></p>`,
    '</body></html>',
  ].join('');
  return { subject, text, html, headers: listHeaders(facts.unsubscribeUrl) };
}

export function subscriberMessage(facts: SubscriberMailFacts): SubscriberMessage {
  return facts.kind === 'CONFIRM' ? confirmMessage(facts) : updateMessage(facts);
}
