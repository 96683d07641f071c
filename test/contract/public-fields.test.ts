import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { icmpBody, startServer, type TestServer } from '../helpers/server';

type Json = Record<string, any>;

/** Runs a check once through the API; returns every result of the run (attempts and the final one) in full. */
async function runOnce(server: TestServer, checkId: string): Promise<{ session: Json; results: Json[] }> {
  const triggered = await server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: [checkId] } });
  expect(triggered.status, triggered.text).toBe(201);
  const sessionId = triggered.body.sessions[0].checkSessionId as string;
  const done = await server.api('GET', `/v1/check-sessions/${sessionId}/completion?maxWaitSeconds=30`);
  expect(done.status, done.text).toBe(200);
  const results: Json[] = [];
  for (const concise of done.body.results as Json[]) {
    const full = await server.api('GET', `/v1/check-results/${checkId}/${concise.checkResultId}`);
    expect(full.status, full.text).toBe(200);
    results.push(full.body);
  }
  return { session: done.body, results };
}

describe('public members the reference requires', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('frequencyOffset is never null: the stored one, 10 for frequency 0, else a legal offset that survives a GET→PUT round trip', async () => {
    const given = await server.api('POST', '/v1/checks/icmp', icmpBody({ frequency: 5, frequencyOffset: 7 }));
    expect(given.body.frequencyOffset).toBe(7);
    const fast = await server.api('POST', '/v1/checks/icmp', icmpBody({ frequency: 0 }));
    expect(fast.body.frequencyOffset).toBe(10);

    for (const frequency of [1, 10, 60, 120, 1440]) {
      const created = await server.api('POST', '/v1/checks/icmp', icmpBody({ frequency }));
      const offset = created.body.frequencyOffset as number;
      const max = frequency <= 60 ? frequency * 10 : Math.ceil(frequency / 60);
      expect(Number.isInteger(offset) && offset >= 1 && offset <= max, `${frequency}: ${offset}`).toBe(true);
      const read = await server.api('GET', `/v1/checks/${created.body.id}`);
      expect(read.body.frequencyOffset).toBe(offset);
      const { id: _id, created_at: _c, updated_at: _u, ...body } = read.body;
      const put = await server.api('PUT', `/v1/checks/icmp/${created.body.id}`, body);
      expect(put.status, put.text).toBe(200);
      expect(put.body.frequencyOffset).toBe(offset);
    }
  });

  it('results carry traceId, checkRunId and sequenceId, shared by the attempts of one run', async () => {
    const created = await server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody({
      name: 'Always fails',
      request: { hostname: '127.0.0.1', pingCount: 1, assertions: [{ source: 'LATENCY', comparison: 'LESS_THAN', property: 'avg', target: '-1' }] },
      retryStrategy: { type: 'FIXED', baseBackoffSeconds: 0, maxRetries: 1, maxDurationSeconds: 60, sameRegion: true },
      doubleCheck: false,
    }));
    expect(created.status, created.text).toBe(201);
    const first = await runOnce(server, created.body.id);
    expect(first.results.map((r) => r.resultType).sort()).toEqual(['ATTEMPT', 'FINAL']);
    for (const result of first.results) {
      expect(result.sequenceId).toBe(first.session.checkSessionId);
      expect(result.traceId).toBe(first.session.checkSessionId.replace(/-/g, ''));
      expect(result.traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(Number.isInteger(result.checkRunId)).toBe(true);
    }
    expect(new Set(first.results.map((r) => r.checkRunId)).size).toBe(1);
    const second = await runOnce(server, created.body.id);
    expect(second.results[0].checkRunId).not.toBe(first.results[0].checkRunId);
    expect(second.results[0].traceId).not.toBe(first.results[0].traceId);
  });

  it('a failing multi-step result names its failure in the top-level errors too', async () => {
    const script = "import { test, expect } from '@playwright/test';\ntest('math', async () => { expect(1, 'one is two').toBe(2); });";
    const created = await server.api('POST', '/v1/checks/multistep?autoAssignAlerts=false', { name: 'Fails', script, doubleCheck: false });
    expect(created.status, created.text).toBe(201);
    const { results } = await runOnce(server, created.body.id);
    const final = results.find((r) => r.resultType === 'FINAL') as Json;
    expect(final.hasFailures).toBe(true);
    const errors = final.multiStepCheckResult.errors as Json[];
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0].message).toContain('one is two');
    expect(final.multiStepCheckResult.tests[0].errors[0].message).toBe(errors[0].message);
  }, 60_000);

  it('private-location keys always carry rawKey: the key once, then its masked form', async () => {
    const created = await server.api('POST', '/v1/private-locations', { name: 'Lab', slugName: 'lab' });
    const raw = created.body.keys[0].rawKey as string;
    expect(raw).toMatch(/^pl_/);
    const read = await server.api('GET', `/v1/private-locations/${created.body.id}`);
    expect(read.body.keys[0].rawKey).toBe(read.body.keys[0].maskedKey);
    expect(read.text).not.toContain(raw);
    const added = await server.api('POST', `/v1/private-locations/${created.body.id}/keys`);
    expect(added.body.rawKey).toMatch(/^pl_/);
  });
});
