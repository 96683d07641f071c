import { z } from 'zod';
import { SEVERITIES } from '../enums';
import { LIMITS } from './limits';

export const INCIDENT_PROGRESS = ['INVESTIGATING', 'IDENTIFIED', 'MONITORING', 'RESOLVED'] as const;

export const IncidentSeverity = z.enum(SEVERITIES);
export type IncidentSeverity = z.infer<typeof IncidentSeverity>;

export const IncidentProgress = z.enum(INCIDENT_PROGRESS);
export type IncidentProgress = z.infer<typeof IncidentProgress>;

const Name = z
  .string()
  .max(255, 'must be at most 255 characters')
  .refine((v) => v.trim().length > 0, 'must not be blank');

/** CreateOrUpdateService: the same body for POST and PUT. */
export const ServiceCreate = z.object({ name: Name });
export type ServiceCreate = z.infer<typeof ServiceCreate>;

export const ServiceUpdate = ServiceCreate;
export type ServiceUpdate = z.infer<typeof ServiceUpdate>;

/**
 * An incident names its services by `id`; `name` and `accountId` are required as in the public
 * schema (IncidentService) but the stored service is the truth, so their values are not used.
 */
export const IncidentServiceRef = z.object({
  id: z.uuid('must be the uuid of a status page service'),
  name: z.string('is required (the service name)'),
  accountId: z.string('is required (the account id of the service)'),
  created_at: z.string().nullable().optional(),
  updated_at: z.string().nullable().optional(),
});
export type IncidentServiceRef = z.infer<typeof IncidentServiceRef>;

const IncidentServices = z.array(IncidentServiceRef).min(1, 'must name at least one service');
const Description = z.string().min(1, 'must not be empty').max(LIMITS.incidentDescription, `must be at most ${LIMITS.incidentDescription} characters`);
const PublicDate = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time' });

/** POST .../incident-updates and the one update of an incident create (StatusPageV2IncidentUpdate). */
export const IncidentUpdateCreate = z.object({
  description: Description,
  /** Missing: the incident's current progress (INVESTIGATING for a new incident). */
  status: IncidentProgress.optional(),
  /** Missing: the time the update is stored. */
  publicIncidentUpdateDate: PublicDate.optional(),
  notifySubscribers: z.boolean().default(false),
});
export type IncidentUpdateCreate = z.infer<typeof IncidentUpdateCreate>;

/** PUT .../incident-updates/{id}: `description` is required as in the reference; members not named keep their value. */
export const IncidentUpdateEdit = z.object({
  description: Description,
  status: IncidentProgress.optional(),
  publicIncidentUpdateDate: PublicDate.optional(),
  notifySubscribers: z.boolean().optional(),
});
export type IncidentUpdateEdit = z.infer<typeof IncidentUpdateEdit>;

/** CreateStatusPageV2Incident; read-only members a client may echo (id, lastUpdateStatus, duration, dates) are ignored. */
export const IncidentCreate = z.object({
  name: Name,
  severity: IncidentSeverity,
  services: IncidentServices,
  incidentUpdates: z.array(IncidentUpdateCreate).length(1, 'an incident is created with exactly one update'),
});
export type IncidentCreate = z.infer<typeof IncidentCreate>;

/** PUT /v1/status-pages/incidents/{id} (StatusPageV2IncidentCommon): name, severity and services replace the stored ones. */
export const IncidentEdit = z.object({
  name: Name,
  severity: IncidentSeverity,
  services: IncidentServices,
});
export type IncidentEdit = z.infer<typeof IncidentEdit>;

/** PATCH /v1/status-pages/incidents/{id}: the members named replace the stored ones; at least one. */
export const IncidentPatch = z
  .object({
    name: Name.optional(),
    severity: IncidentSeverity.optional(),
    services: IncidentServices.optional(),
  })
  .refine((body) => body.name !== undefined || body.severity !== undefined || body.services !== undefined, {
    message: 'name at least one of name, severity, services',
  });
export type IncidentPatch = z.infer<typeof IncidentPatch>;

export const CursorQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  nextId: z.string().min(1).optional(),
});
export type CursorQuery = z.infer<typeof CursorQuery>;

/** Incident list: `statusPageId` keeps incidents naming a service on one of that page's cards (not in the public API). */
export const IncidentListQuery = CursorQuery.extend({
  statusPageId: z.string().min(1, 'must not be empty').optional(),
});
export type IncidentListQuery = z.infer<typeof IncidentListQuery>;

export const ServiceListQuery = CursorQuery.extend({
  paginated: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
    .default(true),
});
export type ServiceListQuery = z.infer<typeof ServiceListQuery>;

export const StatusPageServiceView = z.object({
  name: z.string(),
  id: z.string(),
  accountId: z.string(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
});
export type StatusPageServiceView = z.infer<typeof StatusPageServiceView>;

export const IncidentUpdateView = z.object({
  id: z.string(),
  description: z.string(),
  status: IncidentProgress,
  publicIncidentUpdateDate: z.string(),
  created_at: z.string(),
  notifySubscribers: z.boolean(),
});
export type IncidentUpdateView = z.infer<typeof IncidentUpdateView>;

export const IncidentView = z.object({
  id: z.string(),
  name: z.string(),
  severity: IncidentSeverity,
  lastUpdateStatus: IncidentProgress,
  services: z.array(StatusPageServiceView),
  incidentUpdates: z.array(IncidentUpdateView),
  created_at: z.string(),
  /** Equals created_at until the incident is changed (never null, as in the public schema). */
  updated_at: z.string(),
  /** Whole seconds from creation to resolution; null while the incident is open. */
  duration: z.number().int().nullable(),
});
export type IncidentView = z.infer<typeof IncidentView>;

export const IncidentPage = z.object({
  length: z.number().int(),
  entries: z.array(IncidentView),
  nextId: z.string().nullable(),
});
export type IncidentPage = z.infer<typeof IncidentPage>;

export const ServicePage = z.object({
  length: z.number().int(),
  entries: z.array(StatusPageServiceView),
  nextId: z.string().nullable(),
});
export type ServicePage = z.infer<typeof ServicePage>;
