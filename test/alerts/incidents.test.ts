import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheck, result, run, runs, startAlertHarness, type AlertHarness } from './harness';

interface Incident {
  id: string;
  name: string;
  severity: string;
  lastUpdateStatus: string;
  services: { id: string }[];
  incidentUpdates: { status: string; description: string; notifySubscribers: boolean }[];
}

describe('triggerIncident: a failing check opens a status-page incident, its recovery resolves it', () => {
  let h: AlertHarness;
  let serviceId: string;

  beforeAll(async () => {
    h = await startAlertHarness();
    const service = await h.server.api('POST', '/v1/status-pages/services', { name: 'Checkout' });
    expect(service.status, service.text).toBe(201);
    serviceId = service.body.id;
  });
  afterAll(async () => {
    await h.stop();
  });

  async function incidentsOf(name: string): Promise<Incident[]> {
    const listed = await h.server.api('GET', '/v1/status-pages/incidents?limit=100');
    expect(listed.status, listed.text).toBe(200);
    return (listed.body.entries as Incident[]).filter((i) => i.name === name);
  }

  it('opens on the failure alert (not on every failed run), once; resolves on recovery; reopens on the next failure', async () => {
    const checkId = await createCheck(h.server, [], {
      useGlobalAlertSettings: false,
      alertSettings: { runBasedEscalation: { failedRunThreshold: 2 } },
      triggerIncident: { serviceId, severity: 'MAJOR', name: 'Checkout is down', description: 'Payments cannot be taken', notifySubscribers: true },
    });
    expect(await runs(h, checkId, ['FAIL'])).toEqual([null]);
    expect(await incidentsOf('Checkout is down')).toEqual([]);

    expect(await runs(h, checkId, ['FAIL', 'FAIL', 'FAIL'])).toEqual(['ALERT_FAILURE', null, null]);
    const [open, ...others] = await incidentsOf('Checkout is down');
    expect(others).toEqual([]);
    expect(open).toMatchObject({
      severity: 'MAJOR',
      lastUpdateStatus: 'INVESTIGATING',
      services: [{ id: serviceId }],
      incidentUpdates: [{ status: 'INVESTIGATING', description: 'Payments cannot be taken', notifySubscribers: true }],
    });

    expect((await run(h, checkId, result('PASS'))).alert).toBe('ALERT_RECOVERY');
    const [resolved] = await incidentsOf('Checkout is down');
    expect(resolved?.id).toBe(open?.id);
    expect(resolved?.lastUpdateStatus).toBe('RESOLVED');
    expect(resolved?.incidentUpdates.map((u) => u.status).sort()).toEqual(['INVESTIGATING', 'RESOLVED']);

    await runs(h, checkId, ['FAIL', 'FAIL']);
    const after = await incidentsOf('Checkout is down');
    expect(after.map((i) => i.lastUpdateStatus).sort()).toEqual(['INVESTIGATING', 'RESOLVED']);
  });

  it('a check without triggerIncident opens none', async () => {
    const checkId = await createCheck(h.server, [], { name: 'No incident check' });
    await runs(h, checkId, ['FAIL', 'PASS']);
    const listed = await h.server.api('GET', '/v1/status-pages/incidents?limit=100');
    expect((listed.body.entries as Incident[]).filter((i) => i.name.includes('No incident'))).toEqual([]);
  });
});
