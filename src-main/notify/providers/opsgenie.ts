import { alertKind, alertTitle, resultUrl, summaryFields, trimText } from '../describe';
import { sendHttp } from '../http';
import { apiUrl } from '../settings';
import type { AlertEvent, OpsgenieChannelConfig, Provider } from '../types';

/** Create and close address the same alert by alias; a test has an alias of its own. */
export function opsgenieAlias(event: AlertEvent): string {
  return event.alertType === 'TEST' ? `sightline-test-${event.notificationId}` : `sightline-${event.checkId}`;
}

/** Opsgenie's limits: message 130, description 15,000, detail values 8,000 characters. */
export const deliverOpsgenie: Provider<OpsgenieChannelConfig> = async (event, config, settings, deps) => {
  const base = config.region === 'EU' ? settings.baseUrls.opsgenieEu : settings.baseUrls.opsgenieUs;
  const alias = opsgenieAlias(event);
  const headers = { authorization: `GenieKey ${config.apiKey}`, 'content-type': 'application/json', 'Idempotency-Key': event.notificationId };

  if (alertKind(event.alertType) === 'recovery') {
    return sendHttp(
      {
        url: apiUrl(base, `/v2/alerts/${encodeURIComponent(alias)}/close?identifierType=alias`),
        method: 'POST',
        headers,
        body: JSON.stringify({ source: 'Sightline', note: trimText(alertTitle(event), 25_000) }),
      },
      settings,
      deps,
    );
  }

  const link = resultUrl(event, settings);
  const details: Record<string, string> = { alertType: event.alertType, checkId: event.checkId, checkType: event.checkType };
  if (event.checkResultId) details.checkResultId = event.checkResultId;
  if (event.runLocation) details.runLocation = event.runLocation;
  if (event.responseTime !== null) details.responseTime = String(event.responseTime);
  if (event.startedAt) details.startedAt = event.startedAt;
  if (event.errorMessage) details.errorMessage = trimText(event.errorMessage, 8000);
  for (const line of event.evidence ?? []) details[line.label] = trimText(line.value, 8000);
  if (link) details.resultLink = link;
  const body = {
    message: trimText(alertTitle(event), 130),
    alias,
    description: trimText(summaryFields(event, settings).map((f) => `${f.label}: ${f.value}`).join('\n'), 15_000),
    priority: config.priority,
    tags: event.tags,
    details,
    entity: event.checkName,
    source: 'Sightline',
  };
  return sendHttp({ url: apiUrl(base, '/v2/alerts'), method: 'POST', headers, body: JSON.stringify(body) }, settings, deps);
};
