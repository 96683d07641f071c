import { IncidentCreate, type IncidentProgress, type IncidentSeverity, type StatusPageServiceView } from '../../../src-shared/schemas/status-page';
import { validateWithSchema, type FormValidation } from '../../lib/schema-form';

export interface IncidentFormValues {
  name: string;
  severity: IncidentSeverity;
  serviceIds: string[];
  description: string;
  status: IncidentProgress;
  notifySubscribers: boolean;
}

export const INITIAL_INCIDENT_FORM_VALUES: IncidentFormValues = {
  name: '',
  severity: 'MAJOR',
  serviceIds: [],
  description: '',
  status: 'INVESTIGATING',
  notifySubscribers: false,
};

const LABELS: Record<string, string> = { name: 'Name', serviceIds: 'Services', description: 'First update' };

type ServiceChoice = Pick<StatusPageServiceView, 'id' | 'name' | 'accountId'>;

/** The public schema wants each service's name and accountId beside its id; they come from the list the form offered. */
export function toIncidentBody(values: IncidentFormValues, services: readonly ServiceChoice[]): IncidentCreate {
  const byId = new Map(services.map((service) => [service.id, service]));
  return {
    name: values.name.trim(),
    severity: values.severity,
    services: values.serviceIds.map((id) => ({ id, name: byId.get(id)?.name ?? '', accountId: byId.get(id)?.accountId ?? '' })),
    incidentUpdates: [{ description: values.description.trim(), status: values.status, notifySubscribers: values.notifySubscribers }],
  };
}

function fieldForPath(path: readonly PropertyKey[]): string | null {
  const [head, , member] = path;
  if (head === 'name' || head === 'severity') return head;
  if (head === 'services') return 'serviceIds';
  if (head === 'incidentUpdates' && (member === 'description' || member === 'status')) return member;
  return null;
}

export function validateIncidentForm(values: IncidentFormValues, services: readonly ServiceChoice[]): FormValidation {
  return validateWithSchema(IncidentCreate, toIncidentBody(values, services), fieldForPath, LABELS);
}
