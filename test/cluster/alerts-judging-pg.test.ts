import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import { insertCheckAlert } from '../../src-main/db/repositories/alerts';
import { recordAlertRun, type RunAlertOutcome } from '../../src-main/services/alerts/record-run';
import { createChannel, createCheck, MINUTE, result, START, type Outcome } from '../alerts/harness';
import { startPgCluster, type PgCluster } from '../helpers/postgres';
import { startServer, type TestServer } from '../helpers/server';
import { startHttpReceiver, type HttpReceiver } from '../notify/receivers';

/**
 * Issue 35, items 2 and 5: two servers on one PostgreSQL judge the same check's finished runs at
 * the same time (a deposed leader finishing, a catch-up beside the live judge). Each state change
 * raises one alert and one notification per channel, delivered once and in the order decided.
 */
describe('two servers judging one check on PostgreSQL', () => {
  let cluster: PgCluster;
  let receiver: HttpReceiver;
  const servers: TestServer[] = [];
  const keyDir = mkdtempSync('/tmp/sightline-judging-key-');
  const clock = new ManualClock(START);
  let session = 0;

  beforeAll(async () => {
    cluster = await startPgCluster();
    receiver = await startHttpReceiver();
    const databaseUrl = await cluster.createDatabase('judging');
    const config = { databaseUrl, secretKeyFile: join(keyDir, 'secret.key') };
    // Two backends in this process, each with its own pool: their transactions run at the same time.
    for (let i = 0; i < 2; i++) servers.push(await startServer({ config, clock }));
  }, 60_000);

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await cluster?.stop();
    await receiver?.close();
    rmSync(keyDir, { recursive: true, force: true });
  });

  /** One finished run, judged by both servers at once; the alert each raised (null for none). */
  async function judgedByBoth(checkId: string, outcome: Outcome): Promise<(string | null)[]> {
    session += 1;
    const run = { accountId: servers[0]!.backend.accountId, checkId, checkSessionId: `5e551111-0000-8000-8000-${session.toString(16).padStart(12, '0')}`, results: [result(outcome)] };
    const outcomes: RunAlertOutcome[] = await Promise.all(servers.map((server) => recordAlertRun(server.backend.deps, run)));
    clock.advance(MINUTE);
    return outcomes.map((o) => o.alert);
  }

  const received = (checkId: string) =>
    receiver.requests.map((r) => JSON.parse(r.body) as Record<string, string>).filter((b) => b.CHECK_ID === checkId).map((b) => b.ALERT_TYPE);

  it('every state change is one alert (raised by one server) and one webhook, in the order decided', async () => {
    const [a] = servers as [TestServer, TestServer];
    const channelId = await createChannel(a, { type: 'WEBHOOK', config: { name: 'Ops hook', url: `${receiver.url}/hook` }, sendDegraded: true });
    // Three rounds of four changes would be flapping: damping is off, every change alerts.
    const checkId = await createCheck(a, [channelId], { flapDetection: { enabled: false } });
    const raised: (string | null)[] = [];
    for (let round = 0; round < 3; round++) {
      for (const outcome of ['FAIL', 'FAIL', 'DEGRADED', 'PASS'] as const) {
        const both = await judgedByBoth(checkId, outcome);
        // One server decided; the other waited for it and found the session judged.
        expect(both.filter((alert) => alert !== null).length).toBeLessThanOrEqual(1);
        raised.push(both.find((alert) => alert !== null) ?? null);
      }
    }
    const once = ['ALERT_FAILURE', null, 'ALERT_FAILURE_DEGRADED', 'ALERT_DEGRADED_RECOVERY'];
    expect(raised).toEqual([...once, ...once, ...once]);

    // Both dispatchers deliver the line; one drains while the other has its head in flight, so look until all are sent.
    const statuses = async () => {
      await Promise.all(servers.map((server) => server.backend.alerting.dispatcher.drain()));
      const log = await a.api('GET', `/v1/alert-notifications?alertChannelId=${channelId}&limit=100`);
      expect(log.status, log.text).toBe(200);
      return (log.body as { status: string }[]).map((n) => n.status);
    };
    await expect.poll(statuses, { timeout: 20_000, interval: 200 }).toEqual(Array(9).fill('SUCCESS'));
    const sent = once.filter((alert) => alert !== null);
    expect(received(checkId)).toEqual([...sent, ...sent, ...sent]);
  }, 60_000);

  it('an alert for a state change already stored is not stored again', async () => {
    const [a] = servers as [TestServer, TestServer];
    const checkId = await createCheck(a, []);
    const alert = { accountId: a.backend.accountId, checkId, alertType: 'ALERT_FAILURE', checkSessionId: 'session-1', checkResultId: null, muted: false, event: {}, createdAt: clock.now().getTime() };
    expect(await insertCheckAlert(a.backend.deps.db, { ...alert, id: 'first' })).toBe(true);
    expect(await insertCheckAlert(servers[1]!.backend.deps.db, { ...alert, id: 'second' })).toBe(false);
    // Another transition of the same session, or the same one of another session, is another state change.
    expect(await insertCheckAlert(a.backend.deps.db, { ...alert, id: 'third', alertType: 'ALERT_RECOVERY' })).toBe(true);
    expect(await insertCheckAlert(a.backend.deps.db, { ...alert, id: 'fourth', checkSessionId: 'session-2' })).toBe(true);
  });
});
