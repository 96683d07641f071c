import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ready } from '../../src-main/db/connection';
import { allSql, runSql } from '../../src-main/db/dialect';
import { startHttpReceiver, type HttpReceiver } from '../notify/receivers';
import { createChannel, createCheck, deliveredLog, result, run, startAlertHarness, type AlertHarness } from './harness';

/**
 * Issue 35 item 2: stored alert events are parsed on the way out of the database. One that does
 * not parse (written by hand, or by another version) ends its notification as a FAILURE that says
 * so; it never stops the dispatcher or the notification log, and the other alerts still go out.
 */
describe('an alert whose stored event does not parse', () => {
  let h: AlertHarness;
  let receiver: HttpReceiver;

  beforeAll(async () => {
    h = await startAlertHarness();
    receiver = await startHttpReceiver();
  });
  afterAll(async () => {
    await h.stop();
    await receiver.close();
  });

  it('fails its notification with a message naming the cause; the other alert is delivered', async () => {
    const channelId = await createChannel(h.server, { type: 'WEBHOOK', config: { name: 'Ops hook', url: `${receiver.url}/hook` } });
    const broken = await createCheck(h.server, [channelId]);
    const fine = await createCheck(h.server, [channelId]);
    const brokenAlert = await run(h, broken, result('FAIL'));
    const fineAlert = await run(h, fine, result('FAIL'));
    expect([brokenAlert.alert, fineAlert.alert]).toEqual(['ALERT_FAILURE', 'ALERT_FAILURE']);
    const db = await ready(h.server.backend.deps.db);
    // An event missing what every message needs (the check's name) and with a number for its type.
    await runSql(db, sql`update check_alerts set event = ${JSON.stringify({ alertType: 7, checkId: broken })} where id = ${brokenAlert.checkAlertId}`);

    const log = await deliveredLog(h);
    const of = (checkId: string) => log.find((n) => n.checkId === checkId);
    expect(of(broken)).toMatchObject({ status: 'FAILURE', notificationResult: 'The alert of this notification could not be read; see the server log' });
    expect(of(fine)).toMatchObject({ status: 'SUCCESS' });
    const checks = receiver.requests.map((r) => (JSON.parse(r.body) as Record<string, string>).CHECK_ID);
    expect(checks).toEqual([fine]);
  });
});

/**
 * The check's stored alert state is parsed too: one of the wrong shape is read as a clear state
 * (reported once in the server's log), so the next failure still alerts and the state written then
 * has the right shape again.
 */
describe('a check whose stored alert state does not parse', () => {
  let h: AlertHarness;

  beforeAll(async () => {
    h = await startAlertHarness();
  });
  afterAll(async () => {
    await h.stop();
  });

  it('is judged from a clear state: its next failure alerts', async () => {
    const channelId = await createChannel(h.server, { type: 'WEBHOOK', config: { name: 'Ops hook', url: 'http://127.0.0.1:9/hook' } });
    const checkId = await createCheck(h.server, [channelId]);
    expect((await run(h, checkId, result('PASS'))).alert).toBeNull();
    const db = await ready(h.server.backend.deps.db);
    await runSql(db, sql`update check_alert_states set state = ${JSON.stringify({ alerted: 'SOMETIMES', failedRuns: 'many' })} where check_id = ${checkId}`);

    expect((await run(h, checkId, result('FAIL'))).alert).toBe('ALERT_FAILURE');
    const [stored] = (await allSql<{ state: string | Record<string, unknown> }>(db, sql`select state from check_alert_states where check_id = ${checkId}`)) as { state: string | Record<string, unknown> }[];
    const state = typeof stored!.state === 'string' ? (JSON.parse(stored!.state) as Record<string, unknown>) : stored!.state;
    expect(state).toMatchObject({ alerted: 'FAILURE', failedRuns: 1 });
  });
});
