import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { icmpBody, startServer, type TestServer } from '../helpers/server';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('check sessions over REST, with real ping to 127.0.0.1', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  async function createCheck(overrides: Record<string, unknown> = {}): Promise<string> {
    const created = await server.api('POST', '/v1/checks/icmp', icmpBody({ request: { hostname: '127.0.0.1', pingCount: 1 }, ...overrides }));
    expect(created.status).toBe(201);
    return created.body.id as string;
  }

  it('trigger → PASSED session with one FINAL result, results listing, result detail and check status', async () => {
    const checkId = await createCheck({ name: 'Loopback passes' });
    const triggered = await server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: [checkId] } });
    expect(triggered.status).toBe(201);
    expect(triggered.body.sessions).toHaveLength(1);
    const session = triggered.body.sessions[0];
    expect(session.checkSessionId).toMatch(UUID);
    expect(session).toMatchObject({ checkId, checkType: 'ICMP', name: 'Loopback passes', status: 'STARTED', runSource: 'TRIGGER_API', runLocations: ['local'] });
    expect(session.checkSessionLink).toBe(`${server.url}/#/sessions/${session.checkSessionId}`);

    const done = await server.api('GET', `/v1/check-sessions/${session.checkSessionId}/completion?maxWaitSeconds=30`);
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('PASSED');
    expect(done.body.stoppedAt).not.toBeNull();
    expect(done.body.results).toHaveLength(1);
    const result = done.body.results[0];
    expect(result).toMatchObject({ resultType: 'FINAL', runLocation: 'local', hasFailures: false, hasErrors: false, isCancelled: false, checkId });
    expect(result.checkResultId).toMatch(UUID);

    const detail = await server.api('GET', `/v1/check-results/${checkId}/${result.checkResultId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.icmpCheckResult).toMatchObject({ hostname: '127.0.0.1', packetsSent: 1, packetsReceived: 1, packetLoss: 0 });
    expect(detail.body.icmpCheckResult.latency.avg).toBeGreaterThan(0);
    expect(detail.body.checkSessionId).toBe(session.checkSessionId);

    const listed = await server.api('GET', `/v1/check-results/${checkId}`);
    expect(listed.status).toBe(200);
    expect(listed.body.map((r: { checkResultId: string }) => r.checkResultId)).toEqual([result.checkResultId]);
    expect(listed.headers.get('content-range')).toBe('0-0/1');

    const status = await server.api('GET', `/v1/check-statuses/${checkId}`);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ checkId, name: 'Loopback passes', hasFailures: false, hasErrors: false, lastRunLocation: 'local', lastCheckRunId: session.checkSessionId });
    expect(status.body.longestRun).toBe(result.responseTime);
  });

  it('a failing LATENCY assertion → FAILED, with an ATTEMPT (doubleCheck retry) and one FINAL result', async () => {
    const checkId = await createCheck({
      name: 'Impossible latency',
      request: { hostname: '127.0.0.1', pingCount: 1, assertions: [{ source: 'LATENCY', comparison: 'LESS_THAN', property: 'avg', target: '0' }] },
    });
    const triggered = await server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: [checkId] } });
    const id = triggered.body.sessions[0].checkSessionId;
    const done = await server.api('GET', `/v1/check-sessions/${id}/completion?maxWaitSeconds=30`);
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('FAILED');
    expect(done.body.results.map((r: { resultType: string }) => r.resultType)).toEqual(['ATTEMPT', 'FINAL']);
    expect(done.body.results.every((r: { hasFailures: boolean }) => r.hasFailures)).toBe(true);

    const finals = await server.api('GET', `/v1/check-results/${checkId}?hasFailures=true`);
    expect(finals.body).toHaveLength(1);
    const all = await server.api('GET', `/v1/check-results/${checkId}?resultType=ALL`);
    expect(all.body).toHaveLength(2);
    const attempts = await server.api('GET', `/v1/check-results/${checkId}?resultType=ATTEMPT`);
    expect(attempts.body).toHaveLength(1);
    const passing = await server.api('GET', `/v1/check-results/${checkId}?hasFailures=false`);
    expect(passing.body).toHaveLength(0);

    const detail = await server.api('GET', `/v1/check-results/${checkId}/${finals.body[0].checkResultId}`);
    expect(detail.body.icmpCheckResult.assertions[0]).toMatchObject({ source: 'LATENCY', passed: false });
    const statuses = await server.api('GET', '/v1/check-statuses');
    expect(statuses.body.find((s: { checkId: string }) => s.checkId === checkId)).toMatchObject({ hasFailures: true });
  });

  it('completion answers 408 while the session runs, then 200', async () => {
    const checkId = await createCheck({ name: 'Many pings', request: { hostname: '127.0.0.1', pingCount: 15 } });
    const triggered = await server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: [checkId] } });
    const id = triggered.body.sessions[0].checkSessionId;
    const early = await server.api('GET', `/v1/check-sessions/${id}/completion?maxWaitSeconds=1`);
    expect(early.status).toBe(408);
    expect(early.body).toMatchObject({ statusCode: 408, error: 'Request Timeout' });
    const running = await server.api('GET', `/v1/check-sessions/${id}`);
    expect(running.body.status).toMatch(/^(STARTED|PROGRESS)$/);
    expect(running.body.stoppedAt).toBeNull();
    const done = await server.api('GET', `/v1/check-sessions/${id}/completion?maxWaitSeconds=30`);
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('PASSED');
  });

  it('cancel aborts the running ping: CANCELLED with a cancelled FINAL result', async () => {
    const checkId = await createCheck({ name: 'Long ping', request: { hostname: '127.0.0.1', pingCount: 30 } });
    const triggered = await server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: [checkId] } });
    const id = triggered.body.sessions[0].checkSessionId;
    const cancelled = await server.api('POST', `/v1/check-sessions/${id}/cancel`, {});
    expect(cancelled.status).toBe(204);
    const done = await server.api('GET', `/v1/check-sessions/${id}/completion?maxWaitSeconds=5`);
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('CANCELLED');
    expect(done.body.results).toHaveLength(1);
    expect(done.body.results[0]).toMatchObject({ resultType: 'FINAL', isCancelled: true, aborted: true });
    expect((await server.api('POST', `/v1/check-sessions/${id}/cancel`)).status).toBe(204);
  });

  it('unknown and malformed ids answer 404', async () => {
    const checkId = await createCheck({ name: 'Never run' });
    for (const path of [
      '/v1/check-sessions/5e550000-0000-8000-8000-00000000ffff',
      '/v1/check-sessions/not-a-uuid',
      '/v1/check-sessions/7e5a0000-0000-8000-8000-000000000001',
      '/v1/check-sessions/00000000-0000-4000-8000-000000000000/completion',
      `/v1/check-results/${checkId}/7e5a0000-0000-8000-8000-0000000fffff`,
      `/v1/check-results/${checkId}/garbage`,
      '/v1/check-results/00000000-0000-4000-8000-000000000000',
      '/v1/check-statuses/00000000-0000-4000-8000-000000000000',
    ]) {
      const response = await server.api('GET', path);
      expect(response.status, path).toBe(404);
      expect(response.body.statusCode).toBe(404);
    }
    expect((await server.api('POST', '/v1/check-sessions/nope/cancel')).status).toBe(404);
    const none = await server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: ['00000000-0000-4000-8000-000000000000'] } });
    expect(none.status).toBe(404);
    const tags = await server.api('POST', '/v1/check-sessions/trigger', { target: { matchTags: [['no-such-tag']] } });
    expect(tags.status).toBe(404);
    const never = await server.api('GET', `/v1/check-statuses/${checkId}`);
    expect(never.body).toMatchObject({ hasFailures: false, lastCheckRunId: null, longestRun: null });
  });

  it('trigger by tags runs the matching checks only', async () => {
    const a = await createCheck({ name: 'Tagged a', tags: ['edge', 'eu'] });
    await createCheck({ name: 'Tagged b', tags: ['edge'] });
    const triggered = await server.api('POST', '/v1/check-sessions/trigger', { target: { matchTags: [['edge', 'eu']] } });
    expect(triggered.status).toBe(201);
    expect(triggered.body.sessions.map((s: { checkId: string }) => s.checkId)).toEqual([a]);
    const done = await server.api('GET', `/v1/check-sessions/${triggered.body.sessions[0].checkSessionId}/completion?maxWaitSeconds=30`);
    expect(done.body.status).toBe('PASSED');
  });
});
