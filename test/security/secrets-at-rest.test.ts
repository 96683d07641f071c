import { createHmac } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunFn } from '../../src-main/agent/embedded-agent';
import { KEY_FILE_NAME } from '../../src-main/core/keyring';
import { DB_FILE_NAME } from '../../src-main/db/connection';
import type { ExecutionJob } from '../../src-main/runner/types';
import { makeDataDir, startServer, type TestServer } from '../helpers/server';
import { trpcClient } from '../helpers/trpc';
import { startHttpReceiver, type HttpReceiver } from '../notify/receivers';

const LEGACY = {
  check: 'legacyCheck-S3cr3t-11aa22',
  group: 'legacyGroup-S3cr3t-33bb44',
  signing: 'legacySign-S3cr3t-55cc66',
  auth: 'legacyAuth-S3cr3t-77dd88',
  urlToken: 'legacyUrl-S3cr3t-99ee00',
  smtp: 'legacySmtp-S3cr3t-aa11bb',
};

function recordingRun(jobs: ExecutionJob[]): RunFn {
  return async (job) => {
    jobs.push(job);
    const now = new Date().toISOString();
    return { hasErrors: false, hasFailures: false, isDegraded: false, overMaxResponseTime: false, aborted: false, timedOut: false, responseTime: 1, startedAt: now, stoppedAt: now, error: null, assertions: [] };
  };
}

async function diskText(dataDir: string): Promise<string> {
  const parts = await Promise.all([DB_FILE_NAME, `${DB_FILE_NAME}-wal`].map((name) => readFile(join(dataDir, name)).catch(() => Buffer.alloc(0))));
  return Buffer.concat(parts).toString('latin1');
}

/**
 * A database written before secrets were sealed: the same rows, with the secrets in clear (written
 * here with SQL, as the previous version stored them: the API seals every secret it stores) and no
 * record that they were ever sealed.
 */
function writeAsPreviousVersion(dataDir: string, ids: { checkId: string; groupId: number; channelId: number; accountId: string }, receiverUrl: string): void {
  const db = new Database(join(dataDir, DB_FILE_NAME));
  const json = (sql: string, ...args: unknown[]) => JSON.parse((db.prepare(sql).get(...args) as { v: string }).v);
  const check = json('select body as v from checks where id = ?', ids.checkId);
  check.environmentVariables = [{ key: 'API_TOKEN', value: LEGACY.check, locked: false, secret: true }];
  db.prepare('update check_rows set body = ? where id = ?').run(JSON.stringify(check), ids.checkId);
  const group = json('select body as v from check_groups where id = ?', ids.groupId);
  group.environmentVariables = [{ key: 'GROUP_TOKEN', value: LEGACY.group, locked: false, secret: true }];
  db.prepare('update check_groups set body = ? where id = ?').run(JSON.stringify(group), ids.groupId);
  const channel = json('select body as v from alert_channels where id = ?', ids.channelId);
  const config = {
    name: 'Legacy hook',
    url: `${receiverUrl}/legacy?token=${LEGACY.urlToken}`,
    method: 'POST',
    headers: [{ key: 'Authorization', value: `Bearer ${LEGACY.auth}`, locked: false }],
    queryParameters: [],
    template: null,
    webhookSecret: LEGACY.signing,
    webhookType: 'WEBHOOK_GENERIC',
  };
  db.prepare('update alert_channels set body = ? where id = ?').run(JSON.stringify({ ...channel, config }), ids.channelId);
  // A notification the previous version recorded and had not sent yet: its config held the credentials.
  const alert = db.prepare('select check_alert_id as a from alert_notifications where alert_channel_id = ?').get(ids.channelId) as { a: string };
  db.prepare(
    `insert into alert_notifications (id, account_id, check_alert_id, alert_channel_id, type, alert_type, status, alert_config, attempts, next_attempt_at, created_at)
     values ('legacy-notification', ?, ?, ?, 'WEBHOOK', 'TEST', 'IN_PROGRESS', ?, 0, ?, ?)`,
  ).run(ids.accountId, alert.a, ids.channelId, JSON.stringify(config), Date.now(), Date.now());
  const delivery = json("select value as v from app_settings where key = 'delivery'");
  delivery.smtp.password = LEGACY.smtp;
  db.prepare("update app_settings set value = ? where key = 'delivery'").run(JSON.stringify(delivery));
  db.prepare("delete from maintenance_state where key = 'secrets_sealed'").run();
  db.close();
}

describe('secrets stored in clear by an earlier version are sealed at the next start and keep working', { timeout: 120_000 }, () => {
  let dataDir = '';
  let receiver: HttpReceiver;
  let server: TestServer | undefined;
  const jobs: ExecutionJob[] = [];
  const ids = { checkId: '', groupId: 0, channelId: 0, accountId: '' };

  beforeAll(async () => {
    dataDir = await makeDataDir();
    receiver = await startHttpReceiver();
    const first = await startServer({ dataDir, run: recordingRun(jobs) });
    const group = await first.api('POST', '/v2/check-groups?autoAssignAlerts=false', { name: 'G', environmentVariables: [{ key: 'GROUP_TOKEN', value: 'replaced', secret: true }] });
    const check = await first.api('POST', '/v1/checks/multistep?autoAssignAlerts=false', { name: 'C', script: 'x', groupId: group.body.id, doubleCheck: false, environmentVariables: [{ key: 'API_TOKEN', value: 'replaced', secret: true }] });
    const channel = await first.api('POST', '/v1/alert-channels', { type: 'WEBHOOK', config: { name: 'W', url: `${receiver.url}/first` } });
    await trpcClient(first.url, first.key).alerts.setDeliverySettings.mutate({ smtp: { password: 'replaced' } });
    expect((await first.api('POST', `/v1/alert-channels/${channel.body.id}/test`)).status).toBe(201);
    await first.backend.alerting.dispatcher.drain();
    Object.assign(ids, { checkId: check.body.id, groupId: group.body.id, channelId: channel.body.id, accountId: first.backend.accountId });
    await first.close();
    writeAsPreviousVersion(dataDir, ids, receiver.url);
    expect(await diskText(dataDir)).toContain(LEGACY.check);
    receiver.requests.length = 0;
    server = await startServer({ dataDir, run: recordingRun(jobs) });
    await server.backend.alerting.dispatcher.drain();
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a copy of the database holds none of them any more; the key stays beside it, outside the database', async () => {
    const disk = await diskText(dataDir);
    for (const value of Object.values(LEGACY)) expect(disk).not.toContain(value);
    expect((await readFile(join(dataDir, KEY_FILE_NAME))).length).toBe(32);
  });

  it('reads show them masked, the notification log included', async () => {
    const api = server!.api;
    expect((await api('GET', `/v1/checks/${ids.checkId}`)).body.environmentVariables).toEqual([{ key: 'API_TOKEN', value: '*****', locked: false, secret: true }]);
    expect((await api('GET', `/v2/check-groups/${ids.groupId}`)).body.environmentVariables).toEqual([{ key: 'GROUP_TOKEN', value: '*****', locked: false, secret: true }]);
    const channel = (await api('GET', `/v1/alert-channels/${ids.channelId}`)).body;
    expect(channel.config).toMatchObject({ url: `${receiver.url}/legacy?token=*****`, webhookSecretSet: true, headers: [{ key: 'Authorization', value: '*****', locked: false }] });
    const log = JSON.stringify((await api('GET', `/v1/alert-notifications?alertChannelId=${ids.channelId}`)).body);
    for (const value of Object.values(LEGACY)) expect(log).not.toContain(value);
  });

  it('the run gets the values, the pending notification and a new one are delivered with them', async () => {
    const triggered = await server!.api('POST', '/v1/check-sessions/trigger', { target: { checkId: [ids.checkId] } });
    await server!.api('GET', `/v1/check-sessions/${triggered.body.sessions[0].checkSessionId}/completion?maxWaitSeconds=30`);
    const env = (jobs.at(-1)?.check as { environmentVariables: { key: string; value: string }[] }).environmentVariables;
    expect(Object.fromEntries(env.map((v) => [v.key, v.value]))).toEqual({ GROUP_TOKEN: LEGACY.group, API_TOKEN: LEGACY.check });

    expect((await server!.api('POST', `/v1/alert-channels/${ids.channelId}/test`)).status).toBe(201);
    await server!.backend.alerting.dispatcher.drain();
    const delivered = receiver.requests.filter((r) => r.path === '/legacy');
    expect(delivered).toHaveLength(2);
    for (const request of delivered) {
      expect(request.headers.authorization).toBe(`Bearer ${LEGACY.auth}`);
      expect(request.query.get('token')).toBe(LEGACY.urlToken);
      expect(request.headers['x-sightline-signature']).toBe(`sha256=${createHmac('sha256', LEGACY.signing).update(request.body).digest('hex')}`);
    }
  });
});
