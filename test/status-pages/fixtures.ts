import { expect } from 'vitest';
import type { IncidentUpdateView, IncidentView, StatusPageServiceView } from '../../src-shared/schemas/status-page';
import type { TestServer } from '../helpers/server';

export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function createService(server: TestServer, name = 'API'): Promise<StatusPageServiceView> {
  const res = await server.api<StatusPageServiceView>('POST', '/v1/status-pages/services', { name });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** A service as an incident names it: the public schema requires name and accountId beside the id. */
export function serviceRef(id: string): { id: string; name: string; accountId: string } {
  return { id, name: 'service', accountId: '00000000-0000-4000-8000-000000000000' };
}

export function incidentBody(serviceIds: string[], members: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'API is slow',
    severity: 'MAJOR',
    services: serviceIds.map(serviceRef),
    incidentUpdates: [{ description: 'We are looking into it' }],
    ...members,
  };
}

export async function createIncident(server: TestServer, serviceIds: string[], members: Record<string, unknown> = {}): Promise<IncidentView> {
  const res = await server.api<IncidentView>('POST', '/v1/status-pages/incidents', incidentBody(serviceIds, members));
  expect(res.status, res.text).toBe(201);
  return res.body;
}

export async function addUpdate(server: TestServer, incidentId: string, body: Record<string, unknown>): Promise<IncidentUpdateView> {
  const res = await server.api<IncidentUpdateView>('POST', `/v1/status-pages/incidents/${incidentId}/incident-updates`, body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}
