import { transaction } from '../../db/connection';
import { IncidentCreate, type IncidentView } from '../../../src-shared/schemas/status-page';
import type { ServiceContext } from '../context';
import { parseOrThrow } from '../validation';
import { loadIncidentView } from './read-shape';
import { insertIncidentRecord } from './store';
import { kickSubscriberMail } from './subscriber-mailer';

/** A new incident starts with its one update; that update's status defaults to INVESTIGATING. */
export function createIncident(ctx: ServiceContext, input: unknown): IncidentView {
  const body = parseOrThrow(IncidentCreate, input);
  const [first] = body.incidentUpdates;
  const view = transaction(ctx.db, (tx) => {
    const row = insertIncidentRecord(tx, ctx, {
      name: body.name,
      severity: body.severity,
      serviceIds: body.services.map((service) => service.id),
      update: {
        description: first?.description ?? body.name,
        status: first?.status ?? 'INVESTIGATING',
        notifySubscribers: first?.notifySubscribers ?? false,
        publicIncidentUpdateDate: first?.publicIncidentUpdateDate,
      },
      sourceCheckId: null,
    });
    return loadIncidentView(tx, row);
  });
  if (first?.notifySubscribers) kickSubscriberMail(ctx.runtime);
  return view;
}
