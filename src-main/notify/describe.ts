import { consoleLink } from '../../src-shared/rules/console-links';
import { heldDownText } from '../../src-shared/rules/dependencies';
import { isAgentNotice, type AlertEvent, type AlertType, type DeliverySettings } from './types';

/** The four kinds of message a channel can send; colours, severities and PagerDuty actions follow them. */
export type AlertKind = 'failure' | 'degraded' | 'recovery' | 'test';

const KIND: Record<AlertType, AlertKind> = {
  ALERT_FAILURE: 'failure',
  ALERT_FAILURE_REMAIN: 'failure',
  ALERT_DEGRADED_FAILURE: 'failure',
  ALERT_DEGRADED: 'degraded',
  ALERT_DEGRADED_REMAIN: 'degraded',
  ALERT_FAILURE_DEGRADED: 'degraded',
  ALERT_RECOVERY: 'recovery',
  ALERT_DEGRADED_RECOVERY: 'recovery',
  TEST: 'test',
  AGENT_OFFLINE: 'failure',
  AGENT_ONLINE: 'recovery',
  AGENT_UNREACHABLE: 'failure',
  AGENT_REACHABLE: 'recovery',
  ALERT_FLAPPING: 'degraded',
  DIGEST: 'failure',
};

const STATUS: Record<AlertType, string> = {
  ALERT_FAILURE: 'FAILED',
  ALERT_FAILURE_REMAIN: 'STILL FAILING',
  ALERT_DEGRADED_FAILURE: 'FAILED',
  ALERT_DEGRADED: 'DEGRADED',
  ALERT_DEGRADED_REMAIN: 'STILL DEGRADED',
  ALERT_FAILURE_DEGRADED: 'DEGRADED',
  ALERT_RECOVERY: 'RECOVERED',
  ALERT_DEGRADED_RECOVERY: 'RECOVERED',
  TEST: 'TEST',
  AGENT_OFFLINE: 'AGENT OFFLINE',
  AGENT_ONLINE: 'AGENT BACK ONLINE',
  AGENT_UNREACHABLE: 'AGENT UNREACHABLE',
  AGENT_REACHABLE: 'AGENT REACHABLE AGAIN',
  ALERT_FLAPPING: 'FLAPPING',
  DIGEST: 'CHANGES',
};

const TITLE: Record<AlertType, string> = {
  ALERT_FAILURE: 'has failed',
  ALERT_FAILURE_REMAIN: 'is still failing',
  ALERT_DEGRADED_FAILURE: 'has failed',
  ALERT_DEGRADED: 'is degraded',
  ALERT_DEGRADED_REMAIN: 'is still degraded',
  ALERT_FAILURE_DEGRADED: 'is degraded',
  ALERT_RECOVERY: 'has recovered',
  ALERT_DEGRADED_RECOVERY: 'has recovered',
  TEST: 'sent a test notification',
  AGENT_OFFLINE: 'is offline: its runs are skipped and its checks do not alert until it is back',
  AGENT_ONLINE: 'is back online: its checks run and alert again',
  AGENT_UNREACHABLE: 'is unreachable: the server has not heard from it, so its checks are not run and do not alert until it is back',
  AGENT_REACHABLE: 'is reachable again: its checks run and alert again',
  ALERT_FLAPPING: 'is flapping: its state keeps changing, so it stays silent until it is stable',
  DIGEST: 'changed state',
};

export function alertKind(type: AlertType): AlertKind {
  return KIND[type];
}

/** FAILED, STILL FAILING, DEGRADED, STILL DEGRADED, RECOVERED or TEST. */
export function statusWord(type: AlertType): string {
  return STATUS[type];
}

/** `Check "Home page" has failed`, the public API's ALERT_TITLE wording. */
export function alertTitle(event: AlertEvent): string {
  // A digest names no one check: "14 more monitors changed state".
  if (event.alertType === 'DIGEST') return digestTitle(event);
  // A system notice is about an agent, not a check (checkName holds the agent's name).
  const subject = isAgentNotice(event.alertType) ? 'Agent' : 'Check';
  return `${subject} "${event.checkName}" ${TITLE[event.alertType]}`;
}

export function resultUrl(event: AlertEvent, settings: DeliverySettings): string | null {
  if (!event.resultLink) return null;
  return event.resultLink.startsWith('/') ? consoleLink(settings.publicBaseUrl, event.resultLink) : event.resultLink;
}

export function formatResponseTime(ms: number | null): string | null {
  return ms === null ? null : `${Math.round(ms)} ms`;
}

/** "20 dependent checks held down: a, b, …" when this check's failure holds dependents' alerts down, else null. */
export function heldDownOf(event: AlertEvent): string | null {
  return event.heldDown && event.heldDown.count > 0 ? heldDownText(event.heldDown.count, event.heldDown.names) : null;
}

function digestTitle(event: AlertEvent): string {
  const count = event.digest?.count ?? 0;
  return `${count} more monitor${count === 1 ? '' : 's'} changed state`;
}

/** "API: FAILED, Web: RECOVERED (3 notifications), …": every monitor a digest carries, in order. */
export function digestOf(event: AlertEvent): string | null {
  if (!event.digest || event.digest.items.length === 0) return null;
  return event.digest.items.map((item) => `${item.name}: ${item.status}${item.notifications > 1 ? ` (${item.notifications} notifications)` : ''}`).join(', ');
}

/** "Failing assertion: …\nBody: …": the evidence a failing run showed, one fact a line (null when none). */
export function evidenceText(event: AlertEvent): string | null {
  return event.evidence && event.evidence.length > 0 ? event.evidence.map((line) => `${line.label}: ${line.value}`).join('\n') : null;
}

export interface SummaryField {
  label: string;
  value: string;
}

/** The facts every human-readable message shows, in this order; absent facts are left out. */
export function summaryFields(event: AlertEvent, settings: DeliverySettings): SummaryField[] {
  if (event.alertType === 'DIGEST') return digestFields(event, settings);
  const fields: [string, string | null | undefined][] = [
    ['Check', event.checkName],
    ['Status', statusWord(event.alertType)],
    ['Check type', event.checkType],
    ['Location', event.runLocation],
    ['Response time', formatResponseTime(event.responseTime)],
    ['Started at', event.startedAt],
    ['Error', event.errorMessage],
    // Right after the error: the failing assertion, the response and its body, the certificate.
    ...(event.evidence ?? []).map((line): [string, string] => [line.label, line.value]),
    ['Group', event.groupName],
    ['Tags', event.tags.length > 0 ? event.tags.join(', ') : null],
    ['Held down', heldDownOf(event)],
    ['Changes', digestOf(event)],
    ['Result', resultUrl(event, settings)],
  ];
  return fields.filter((f): f is [string, string] => typeof f[1] === 'string' && f[1] !== '').map(([label, value]) => ({ label, value }));
}

function digestFields(event: AlertEvent, settings: DeliverySettings): SummaryField[] {
  const fields: [string, string | null][] = [
    ['Changes', digestOf(event)],
    ['Notification log', resultUrl(event, settings)],
  ];
  return fields.filter((f): f is [string, string] => f[1] !== null).map(([label, value]) => ({ label, value }));
}

/** Cuts `text` to at most `max` characters, marking the cut with an ellipsis. */
export function trimText(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
