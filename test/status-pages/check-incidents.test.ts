import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import type { ServiceContext } from '../../src-main/services/context';
import { openIncidentForCheck, resolveIncidentForCheck, type CheckIncidentTrigger } from '../../src-main/services/status-pages/check-incidents';
import { deriveProgress, durationSeconds } from '../../src-main/services/status-pages/progress';
import { startServer, type TestServer } from '../helpers/server';
import { createService } from './fixtures';

describe('incidents opened and resolved for a check (for the alerting engine)', () => {
  let server: TestServer;
  let ctx: ServiceContext;
  let serviceId: string;
  const clock = new ManualClock('2026-08-01T00:00:00.000Z');
  const trigger = (checkId: string, members: Partial<CheckIncidentTrigger> = {}): CheckIncidentTrigger => ({
    checkId,
    serviceId,
    name: 'Checkout check failing',
    description: 'The checkout check failed in 2 locations',
    severity: 'CRITICAL',
    notifySubscribers: true,
    ...members,
  });

  beforeAll(async () => {
    server = await startServer({ clock });
    ctx = { ...server.backend.deps, accountId: server.backend.accountId };
    serviceId = (await createService(server, 'Checkout')).id;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('opens one INVESTIGATING incident per check and returns it again while it is open', async () => {
    const checkId = randomUUID();
    const first = await openIncidentForCheck(ctx, trigger(checkId));
    expect(first.opened).toBe(true);
    expect(first.incident).toMatchObject({
      name: 'Checkout check failing',
      severity: 'CRITICAL',
      lastUpdateStatus: 'INVESTIGATING',
      duration: null,
      services: [{ id: serviceId, name: 'Checkout' }],
      incidentUpdates: [{ description: 'The checkout check failed in 2 locations', status: 'INVESTIGATING', notifySubscribers: true }],
    });
    const again = await openIncidentForCheck(ctx, trigger(checkId, { name: 'different' }));
    expect(again).toEqual({ incident: first.incident, opened: false });

    const other = await openIncidentForCheck(ctx, trigger(randomUUID()));
    expect(other.opened).toBe(true);
    expect(other.incident.id).not.toBe(first.incident.id);

    const rest = await server.api('GET', `/v1/status-pages/incidents/${first.incident.id}`);
    expect(rest.body).toEqual(first.incident);
  });

  it('resolves the open incident with a RESOLVED update; the next failure opens a new one', async () => {
    const checkId = randomUUID();
    clock.set('2026-08-01T00:00:00.000Z');
    const opened = (await openIncidentForCheck(ctx, trigger(checkId))).incident;
    clock.advance(125_500);
    const resolved = await resolveIncidentForCheck(ctx, checkId, 'The check passes again');
    expect(resolved).toMatchObject({ id: opened.id, lastUpdateStatus: 'RESOLVED', duration: 125 });
    expect(resolved?.incidentUpdates[0]).toMatchObject({ status: 'RESOLVED', description: 'The check passes again', notifySubscribers: true });

    expect(await resolveIncidentForCheck(ctx, checkId, 'again')).toBeNull();
    const reopened = await openIncidentForCheck(ctx, trigger(checkId));
    expect(reopened.opened).toBe(true);
    expect(reopened.incident.id).not.toBe(opened.id);
  });

  it('answers null when the check never opened an incident', async () => {
    expect(await resolveIncidentForCheck(ctx, randomUUID(), 'fine')).toBeNull();
  });

  it('throws not_found when the trigger names a service that does not exist', async () => {
    await expect(openIncidentForCheck(ctx, trigger(randomUUID(), { serviceId: randomUUID() }))).rejects.toThrow(expect.objectContaining({ kind: 'not_found' }));
  });

  it('fills an empty description and shortens a long name to the 255 an incident allows', async () => {
    const { incident } = await openIncidentForCheck(ctx, trigger(randomUUID(), { name: 'n'.repeat(300), description: '' }));
    expect(incident.name).toHaveLength(255);
    expect(incident.incidentUpdates[0]?.description).toBe('n'.repeat(300));
  });
});

describe('progress rules', () => {
  const at = (status: string, createdAt: string) => ({ status, createdAt });

  it('follows the newest update and dates resolution at the first RESOLVED of the final run', () => {
    expect(deriveProgress([])).toEqual({ lastUpdateStatus: 'INVESTIGATING', resolvedAt: null });
    expect(deriveProgress([at('MONITORING', 't3'), at('RESOLVED', 't2'), at('INVESTIGATING', 't1')])).toEqual({ lastUpdateStatus: 'MONITORING', resolvedAt: null });
    expect(deriveProgress([at('RESOLVED', 't4'), at('RESOLVED', 't3'), at('MONITORING', 't2'), at('RESOLVED', 't1')])).toEqual({ lastUpdateStatus: 'RESOLVED', resolvedAt: 't3' });
  });

  it('counts duration in whole seconds and never below zero', () => {
    expect(durationSeconds('2026-01-01T00:00:00.000Z', null)).toBeNull();
    expect(durationSeconds('2026-01-01T00:00:00.000Z', '2026-01-01T01:00:00.999Z')).toBe(3600);
    expect(durationSeconds('2026-01-01T00:00:10.000Z', '2026-01-01T00:00:00.000Z')).toBe(0);
  });
});
