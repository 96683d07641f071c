import { alertKind, alertTitle, heldDownOf, resultUrl, trimText } from '../describe';
import { sendHttp } from '../http';
import { apiUrl } from '../settings';
import type { AlertEvent, PagerdutyChannelConfig, Provider } from '../types';

const SEVERITY = { failure: 'critical', degraded: 'warning', recovery: 'info', test: 'info' } as const;

/**
 * Trigger and resolve share one key per check, so a recovery closes the incident its failure
 * opened. A test gets a key of its own and never merges into a real incident.
 */
export function pagerdutyDedupKey(event: AlertEvent): string {
  return event.alertType === 'TEST' ? `sightline-test-${event.notificationId}` : `sightline-${event.checkId}`;
}

/** Events API v2: failure and degradation trigger, recovery resolves. */
export const deliverPagerduty: Provider<PagerdutyChannelConfig> = async (event, config, settings, deps) => {
  const kind = alertKind(event.alertType);
  const link = resultUrl(event, settings);
  const body = {
    routing_key: config.serviceKey,
    event_action: kind === 'recovery' ? 'resolve' : 'trigger',
    dedup_key: pagerdutyDedupKey(event),
    payload: {
      // PagerDuty cuts summaries at 1024 characters.
      summary: trimText(event.errorMessage ? `${alertTitle(event)}: ${event.errorMessage}` : alertTitle(event), 1024),
      source: event.runLocation ?? 'sightline',
      severity: SEVERITY[kind],
      timestamp: event.occurredAt,
      component: event.checkName,
      group: event.groupName ?? undefined,
      class: event.checkType,
      custom_details: {
        alertType: event.alertType,
        checkId: event.checkId,
        checkType: event.checkType,
        checkResultId: event.checkResultId,
        runLocation: event.runLocation,
        responseTime: event.responseTime,
        startedAt: event.startedAt,
        errorMessage: event.errorMessage,
        evidence: event.evidence?.length ? Object.fromEntries(event.evidence.map((line) => [line.label, line.value])) : undefined,
        tags: event.tags,
        heldDown: heldDownOf(event) ?? undefined,
      },
    },
    client: 'Sightline',
    ...(link ? { client_url: link, links: [{ href: link, text: 'View result in Sightline' }] } : {}),
  };
  return sendHttp(
    {
      url: apiUrl(settings.baseUrls.pagerduty, '/v2/enqueue'),
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Idempotency-Key': event.notificationId },
      body: JSON.stringify(body),
    },
    settings,
    deps,
  );
};
