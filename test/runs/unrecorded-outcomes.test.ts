import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobOutcome } from '../../src-main/runner/jobs';
import type { ServiceDeps } from '../../src-main/services/context';
import { recordOutcomes } from '../../src-main/services/outcomes/record-outcome';
import { createChannel, IMPOSSIBLE } from '../alerts/harness';
import { icmpBody, startServer, type TestServer } from '../helpers/server';
import { startHttpReceiver, type HttpReceiver } from '../notify/receivers';

/**
 * The database refusing the write of a batch of outcomes, as SQLite does when the disk is full.
 * The next `failures` writes throw before anything is stored; later ones go to the real recordOutcomes.
 */
function failingWrites() {
  const writes = { failures: 0, attempts: 0 };
  const record = async (deps: ServiceDeps, outcomes: readonly JobOutcome[]) => {
    writes.attempts += 1;
    if (writes.failures > 0) {
      writes.failures -= 1;
      throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    }
    return await recordOutcomes(deps, outcomes);
  };
  return { writes, record };
}

describe('a batch of outcomes the database will not take is never lost', () => {
  const { writes, record } = failingWrites();
  let server: TestServer;
  let receiver: HttpReceiver;
  let channelId: number;

  beforeAll(async () => {
    server = await startServer({ recordOutcomes: record });
    receiver = await startHttpReceiver();
    channelId = await createChannel(server, { type: 'WEBHOOK', config: { name: 'Pager', url: `${receiver.url}/pager` } });
  });
  afterAll(async () => {
    await server.stop();
    await receiver.close();
  });

  async function triggerAndWait(checkId: string) {
    const triggered = await server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: [checkId] } });
    expect(triggered.status, triggered.text).toBe(201);
    const sessionId = triggered.body.sessions[0].checkSessionId as string;
    const done = await server.api('GET', `/v1/check-sessions/${sessionId}/completion?maxWaitSeconds=30`);
    expect(done.status, done.text).toBe(200);
    return (await server.api('GET', `/v1/check-sessions/${sessionId}`)).body;
  }

  it('a write that fails once is tried again, and the run is stored as it happened', async () => {
    const created = await server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name: 'Loopback, written on the second try' }));
    expect(created.status, created.text).toBe(201);
    writes.failures = 1;
    writes.attempts = 0;

    const session = await triggerAndWait(created.body.id);

    expect(writes.attempts).toBe(2);
    expect(session).toMatchObject({ status: 'PASSED' });
    expect(session.results).toEqual([expect.objectContaining({ resultType: 'FINAL', hasFailures: false, hasErrors: false, isCancelled: false })]);
  });

  it('when every try fails, the session is closed with a result saying Sightline failed to record it, and nobody is paged', async () => {
    // Stored, this run would fail (latency below 0 ms) and page the channel.
    const created = await server.api(
      'POST',
      '/v1/checks/icmp?autoAssignAlerts=false',
      icmpBody({ name: 'Failing ping, never recorded', request: IMPOSSIBLE, alertChannelSubscriptions: [{ alertChannelId: channelId, activated: true }] }),
    );
    expect(created.status, created.text).toBe(201);
    const checkId = created.body.id as string;
    writes.failures = Number.POSITIVE_INFINITY;
    writes.attempts = 0;

    const session = await triggerAndWait(checkId);
    writes.failures = 0;

    expect(writes.attempts).toBe(3);
    expect(session.status).toBe('CANCELLED');
    expect(session.results).toEqual([expect.objectContaining({ resultType: 'FINAL', runLocation: 'local', hasFailures: false, hasErrors: false, isCancelled: true })]);
    const shown = await server.api('GET', `/v1/check-results/${checkId}/${session.results[0].checkResultId}`);
    expect(shown.body.error).toEqual({
      kind: 'RECORD_FAILED',
      message: 'Sightline failed to record the result of this run (writing it to its database failed; the server logged why). Not a failure of the target.',
    });

    await server.backend.alerting.dispatcher.drain();
    expect(receiver.requests.filter((r) => r.body.includes(checkId))).toEqual([]);
    const notifications = await server.api('GET', `/v1/alert-notifications?alertChannelId=${channelId}`);
    expect(notifications.body).toEqual([]);
  });
});
