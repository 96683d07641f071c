import type { Db } from '../../db/connection';
import type { Keyring } from '../../core/keyring';
import { findIncident, findIncidentUpdateById, listIncidentUpdates, servicesOfIncidents } from '../../db/repositories/incidents';
import type { SubscriberEmailRow } from '../../db/repositories/status-page-emails';
import { findSubscriber } from '../../db/repositories/status-page-subscribers';
import { cardsOfStatusPages, findStatusPage } from '../../db/repositories/status-pages';
import type { SubscriberMailFacts } from '../../notify/subscriber-email';
import type { IncidentProgress, IncidentSeverity } from '../../../src-shared/schemas/status-page';
import { INCIDENT_PROGRESS_LABELS, SERVICE_STATE_LABELS, SEVERITY_STATES } from '../../../src-shared/rules/service-state';
import { subscriberLink } from './subscriber-tokens';

export type MailPlan = { send: true; to: string; facts: SubscriberMailFacts } | { send: false; reason: string };

/** What one queued mail says, read when it is sent (so it never carries a stale page name or link). */
export async function planSubscriberMail(db: Db, keyring: Keyring, row: SubscriberEmailRow, pageUrlOf: (accountId: string, slug: string) => Promise<string>): Promise<MailPlan> {
  const page = await findStatusPage(db, row.accountId, row.statusPageId);
  const subscriber = await findSubscriber(db, row.statusPageId, row.subscriberId);
  if (!page || !subscriber) return { send: false, reason: 'The subscription no longer exists' };
  const pageUrl = await pageUrlOf(page.accountId, page.url);
  const unsubscribeUrl = subscriberLink(pageUrl, 'unsubscribe', keyring, subscriber);
  if (!page.published || page.isPrivate) return { send: false, reason: 'Not sent: the status page is not published' };
  if (row.kind === 'CONFIRM') {
    if (subscriber.confirmedAt) return { send: false, reason: 'Not sent: the subscription was confirmed meanwhile' };
    return { send: true, to: subscriber.email, facts: { kind: 'CONFIRM', pageName: page.name, pageUrl, unsubscribeUrl, confirmUrl: subscriberLink(pageUrl, 'confirm', keyring, subscriber) } };
  }
  const update = row.incidentUpdateId ? await findIncidentUpdateById(db, row.incidentUpdateId) : undefined;
  const incident = update ? await findIncident(db, row.accountId, update.incidentId) : undefined;
  if (!update || !incident) return { send: false, reason: 'The incident update no longer exists' };
  const onPage = new Set(((await cardsOfStatusPages(db, [page.id])).get(page.id) ?? []).flatMap((card) => card.services.map((service) => service.id)));
  const services = ((await servicesOfIncidents(db, [incident.id])).get(incident.id) ?? []).filter((service) => onPage.has(service.id)).map((service) => service.name);
  const updates = await listIncidentUpdates(db, incident.id);
  const severity = incident.severity as IncidentSeverity;
  return {
    send: true,
    to: subscriber.email,
    facts: {
      kind: 'UPDATE',
      pageName: page.name,
      pageUrl,
      unsubscribeUrl,
      incident: {
        name: incident.name,
        impactLabel: SERVICE_STATE_LABELS[SEVERITY_STATES[severity]],
        statusLabel: INCIDENT_PROGRESS_LABELS[update.status as IncidentProgress],
        description: update.description,
        at: update.publicIncidentUpdateDate,
        services,
        url: `${pageUrl}#incident-${incident.id}`,
        opening: updates[updates.length - 1]?.id === update.id,
      },
    },
  };
}
