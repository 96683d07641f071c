import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import { runToCompletion } from '../alerts/harness';
import { icmpBody, startServer, type TestServer } from '../helpers/server';

const NOW = '2026-03-10T12:00:00.000Z';
const NOW_S = Date.parse(NOW) / 1000;

describe('operations of the public API that Sightline answers in its own terms', { timeout: 120_000 }, () => {
  let server: TestServer;
  let clock: ManualClock;
  beforeAll(async () => {
    clock = new ManualClock(NOW);
    server = await startServer({ clock });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('check-result assets: an existing result has an empty manifest; unknown results 404; bad filters 400', async () => {
    const check = await server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ request: { hostname: '127.0.0.1', pingCount: 1 } }));
    const sessionId = await runToCompletion(server.api, check.body.id);
    const session = await server.api('GET', `/v1/check-sessions/${sessionId}`);
    const resultId = session.body.results[0].checkResultId as string;

    const assets = await server.api('GET', `/v1/check-results/${check.body.id}/${resultId}/assets?type[]=log&type[]=trace`);
    expect(assets.status, assets.text).toBe(200);
    expect(assets.body).toEqual({ assets: [], truncated: false });

    const unknown = await server.api('GET', `/v1/check-results/${check.body.id}/7e5a0000-0000-8000-8000-00000000ffff/assets`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
    const badType = await server.api('GET', `/v1/check-results/${check.body.id}/${resultId}/assets?type=movie`);
    expect(badType.status).toBe(400);
    expect(badType.body.message).toContain('type');
  });

  it('error groups of a check (read by the CLI\'s checks get): none; an unknown check 404', async () => {
    const check = await server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name: 'Grouped errors' }));
    const groups = await server.api('GET', `/v1/error-groups/checks/${check.body.id}`);
    expect(groups.status, groups.text).toBe(200);
    expect(groups.body).toEqual([]);
    expect((await server.api('GET', '/v1/error-groups/checks/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('private-location metrics: one sample now with the queue and the wait of its oldest job; none for a past window', async () => {
    const location = await server.api('POST', '/v1/private-locations', { name: 'Branch office', slugName: 'branch-office' });
    expect(location.status, location.text).toBe(201);
    const id = location.body.id as string;

    const empty = await server.api('GET', `/v1/private-locations/${id}/metrics?from=${NOW_S - 3600}&to=${NOW_S + 60}`);
    expect(empty.status, empty.text).toBe(200);
    expect(empty.body).toEqual({ timestamps: [NOW], queueSize: [0], oldestScheduledCheckRun: [0] });

    // Its agent is connected but leases nothing, so the run waits in the queue (with no agent it would not be queued).
    const agentKey = { authorization: `Bearer ${location.body.keys[0].rawKey as string}` };
    expect((await server.api('POST', '/v1/agent/register', { hostname: 'branch-host', version: '1.0.0', concurrency: 1 }, agentKey)).status).toBe(201);
    const check = await server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name: 'Behind the firewall', privateLocations: ['branch-office'] }));
    expect(check.status, check.text).toBe(201);
    const triggered = await server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: [check.body.id] } });
    expect(triggered.status, triggered.text).toBe(201);
    clock.advance(90_000);

    const queued = await server.api('GET', `/v1/private-locations/${id}/metrics?from=${NOW_S}&to=${NOW_S + 3600}`);
    expect(queued.body).toEqual({ timestamps: [new Date(Date.parse(NOW) + 90_000).toISOString()], queueSize: [1], oldestScheduledCheckRun: [90] });

    const past = await server.api('GET', `/v1/private-locations/${id}/metrics?from=${NOW_S - 7200}&to=${NOW_S - 3600}`);
    expect(past.body).toEqual({ timestamps: [], queueSize: [], oldestScheduledCheckRun: [] });

    for (const [query, field] of [
      [`from=${NOW_S - 16 * 86400}&to=${NOW_S}`, 'from'],
      [`to=${NOW_S}`, 'from'],
      [`from=${NOW_S}&to=${NOW_S - 1}`, 'to'],
      [`from=yesterday&to=${NOW_S}`, 'from'],
    ]) {
      const res = await server.api('GET', `/v1/private-locations/${id}/metrics?${query}`);
      expect(res.status, `${query}: ${res.text}`).toBe(400);
      expect(res.body.message).toContain(`${field}`);
    }
    expect((await server.api('GET', `/v1/private-locations/00000000-0000-4000-8000-000000000000/metrics?from=${NOW_S}&to=${NOW_S}`)).status).toBe(404);
  });

  it('v1 check-group writes: POST 201 and PUT 200 with a partial body (name optional), as /v2', async () => {
    const created = await server.api('POST', '/v1/check-groups?autoAssignAlerts=false', { name: 'Edge', tags: ['edge'], concurrency: 2 });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ name: 'Edge', tags: ['edge'], concurrency: 2, activated: true });

    const updated = await server.api('PUT', `/v1/check-groups/${created.body.id}`, { muted: true });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Edge', muted: true, concurrency: 2 });
    expect((await server.api('GET', `/v1/check-groups/${created.body.id}`)).body).toEqual(updated.body);

    const noName = await server.api('POST', '/v1/check-groups', { tags: ['x'] });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toContain('name: ');
    const bad = await server.api('PUT', `/v1/check-groups/${created.body.id}`, { concurrency: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('concurrency: ');
    expect((await server.api('PUT', '/v1/check-groups/99999', { muted: false })).status).toBe(404);
  });
});
