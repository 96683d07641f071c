import { createHmac, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createTRPCClient, httpLink } from '@trpc/client';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_FILE_NAME } from '../../src-main/db/connection';
import type { AppRouter } from '../../src-main/http/trpc/router';
import { addMemberWithKey } from '../accounts/helpers';
import { restRoutes } from '../accounts/route-walk';
import { makeApi, startServer, type Api, type TestServer } from '../helpers/server';
import { startHttpReceiver, type HttpReceiver, type ReceivedRequest } from '../notify/receivers';

/** Distinctive values, one per place a secret can be stored. */
const SECRETS = {
  checkRest: 'chkRest-S3cr3t-7d1f9a40',
  checkTrpc: 'chkTrpc-S3cr3t-2b8e4c51',
  groupRest: 'grpRest-S3cr3t-5a6c0e62',
  groupTrpc: 'grpTrpc-S3cr3t-9e3d7b73',
  groupPassword: 'grpBasic-S3cr3t-1f4a8d84',
  groupHeader: 'grpHdr-S3cr3t-6c2e1a95',
  remoteCheck: 'remote-S3cr3t-6b0a8ca6',
  webhookSecret: 'hookSign-S3cr3t-3e9b7fb7',
  webhookAuth: 'hookAuth-S3cr3t-8a1c5dc8',
  webhookQuery: 'hookQuery-S3cr3t-4d7f2bd9',
  webhookUrl: 'hookUrl-S3cr3t-0b5e9cea',
  trpcWebhookKey: 'trpcHookKey-S3cr3t-7e2a4cfb',
  pagerduty: 'pagerduty-S3cr3t-7c3a1e0c',
  opsgenie: 'opsgenie-S3cr3t-2f8d6b1d',
  slackPath: 'slackPath-S3cr3t-5e1b3a2e',
  smtpPassword: 'smtpPass-S3cr3t-9a4c2e3f',
  twilioToken: 'twilioTok-S3cr3t-1d7e5f40',
  slackAppToken: 'slackApp-S3cr3t-8b2d6a51',
};

/** Every form a value is searched in: raw, base64 (also of `value\n`, as `echo $X | base64` prints it), hex, URL-encoded. */
function formsOf(value: string): string[] {
  const bytes = Buffer.from(value);
  const noPad = (text: string) => text.replace(/=+$/, '');
  return [value, noPad(bytes.toString('base64')), noPad(Buffer.from(`${value}\n`).toString('base64')), bytes.toString('hex'), bytes.toString('hex').toUpperCase(), encodeURIComponent(value)];
}

/** Prints its two secrets raw and encoded, proves it holds them by sending them to their rightful receiver, then fails naming one. */
function leakyScript(receiverUrl: string): string {
  return `
import { test, expect } from '@playwright/test';
test('prints its secrets', async ({ request }) => {
  for (const name of ['API_TOKEN', 'GROUP_TOKEN']) {
    const value = process.env[name] ?? '';
    console.log(name, 'raw', value);
    console.log(name, 'hex', Buffer.from(value).toString('hex'), Buffer.from(value).toString('hex').toUpperCase());
    console.log(name, 'base64', Buffer.from(value).toString('base64'), Buffer.from(value + '\\n').toString('base64'));
    console.log(name, 'url', encodeURIComponent(value));
  }
  await request.get('${receiverUrl}/probe', { headers: { 'x-probe-check': process.env.API_TOKEN ?? '', 'x-probe-group': process.env.GROUP_TOKEN ?? '' } });
  expect(process.env.API_TOKEN, 'the token is ' + process.env.API_TOKEN).toBe('not the token');
});
`;
}

interface Recorded {
  label: string;
  text: string;
}

describe('secrets never come back: every REST and tRPC answer, log line, stored result and notification', { timeout: 240_000 }, () => {
  const recorded: Recorded[] = [];
  const logLines: string[] = [];
  let server: TestServer;
  let receiver: HttpReceiver;
  let owner: Api;
  const keys: Record<string, string> = {};
  const ids = { checks: [] as string[], groups: [] as number[], channels: [] as number[], sessions: [] as string[], results: [] as [string, string][], locations: [] as string[], notifications: [] as string[] };
  let failingCheckId = '';
  let webhookChannelId = 0;
  let leasedJob: Record<string, unknown> | undefined;

  function recordingApi(key: string, label: string): Api {
    const api = makeApi(server.url, key);
    return async (method, path, body, headers) => {
      const res = await api(method, path, body, headers);
      recorded.push({ label: `${label} ${method} ${path} → ${res.status}`, text: `${res.text}\n${JSON.stringify([...res.headers])}` });
      return res;
    };
  }

  function recordingTrpc(key: string, label: string) {
    return createTRPCClient<AppRouter>({
      links: [
        httpLink({
          url: `${server.url}/trpc`,
          headers: () => ({ authorization: `Bearer ${key}` }),
          fetch: async (input, init) => {
            const res = await fetch(input, init);
            recorded.push({ label: `${label} tRPC ${String(input)} → ${res.status}`, text: await res.clone().text() });
            return res;
          },
        }),
      ],
    });
  }

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    server = await startServer({ logger: pino({ level: 'trace', base: undefined }, sink) });
    receiver = await startHttpReceiver();
    owner = recordingApi(server.key, 'OWNER');
    keys.OWNER = server.key;
    keys.READ_WRITE = (await addMemberWithKey(server, 'READ_WRITE')).key;
    keys.READ_ONLY = (await addMemberWithKey(server, 'READ_ONLY')).key;
    const ownerTrpc = recordingTrpc(server.key, 'OWNER');
    const writerTrpc = recordingTrpc(keys.READ_WRITE, 'READ_WRITE');
    const writer = recordingApi(keys.READ_WRITE, 'READ_WRITE');

    // Checks and groups first: tRPC creates subscribe to every channel, and none may reach a provider.
    const groupRest = await owner('POST', '/v2/check-groups?autoAssignAlerts=false', {
      name: 'Secret group',
      environmentVariables: [{ key: 'GROUP_TOKEN', value: SECRETS.groupRest, secret: true }],
      apiCheckDefaults: { headers: [{ key: 'Authorization', value: `Bearer ${SECRETS.groupHeader}` }], basicAuth: { username: 'svc', password: SECRETS.groupPassword } },
    });
    expect(groupRest.status, groupRest.text).toBe(201);
    const groupTrpc = await writerTrpc.checkGroups.create.mutate({ group: { name: 'tRPC group', environmentVariables: [{ key: 'T', value: SECRETS.groupTrpc, secret: true }] }, autoAssignAlerts: false });
    ids.groups.push(groupRest.body.id, groupTrpc.id);

    const failing = await writer('POST', '/v1/checks/multistep?autoAssignAlerts=false', {
      name: 'Prints its secrets',
      script: leakyScript(receiver.url),
      groupId: groupRest.body.id,
      doubleCheck: false,
      environmentVariables: [{ key: 'API_TOKEN', value: SECRETS.checkRest, secret: true }],
    });
    expect(failing.status, failing.text).toBe(201);
    failingCheckId = failing.body.id;
    const viaTrpc = await ownerTrpc.checks.createMultiStep.mutate({ name: 'tRPC secret', script: leakyScript(receiver.url), environmentVariables: [{ key: 'API_TOKEN', value: SECRETS.checkTrpc, secret: true }] });
    const icmp = await owner('POST', '/v1/checks/icmp?autoAssignAlerts=false', { name: 'ICMP with a secret', request: { hostname: '127.0.0.1' }, environmentVariables: [{ key: 'K', value: SECRETS.checkRest, secret: true }] });
    ids.checks.push(failingCheckId, viaTrpc.id, icmp.body.id);

    // Delivery settings: provider APIs on the local receiver.
    await ownerTrpc.alerts.setDeliverySettings.mutate({
      smtp: { host: '127.0.0.1', port: 2525, password: SECRETS.smtpPassword },
      twilio: { accountSid: 'AC1', authToken: SECRETS.twilioToken, from: '+15550100' },
      slackAppToken: SECRETS.slackAppToken,
      baseUrls: { pagerduty: `${receiver.url}/pd`, opsgenieUs: `${receiver.url}/og`, opsgenieEu: `${receiver.url}/og` },
    });

    const webhook = await owner('POST', '/v1/alert-channels', {
      type: 'WEBHOOK',
      config: {
        name: 'Signed hook',
        url: `${receiver.url}/hook?token=${SECRETS.webhookUrl}`,
        headers: [{ key: 'Authorization', value: `Bearer ${SECRETS.webhookAuth}` }],
        queryParameters: [{ key: 'api_key', value: SECRETS.webhookQuery }],
        webhookSecret: SECRETS.webhookSecret,
      },
    });
    expect(webhook.status, webhook.text).toBe(201);
    webhookChannelId = webhook.body.id;
    const others = [
      await owner('POST', '/v1/alert-channels', { type: 'PAGERDUTY', config: { serviceKey: SECRETS.pagerduty, serviceName: 'API' } }),
      await owner('POST', '/v1/alert-channels', { type: 'OPSGENIE', config: { name: 'OG', apiKey: SECRETS.opsgenie, region: 'EU', priority: 'P2' } }),
      await writer('POST', '/v1/alert-channels', { type: 'SLACK', config: { url: `${receiver.url}/services/T0/B0/${SECRETS.slackPath}` } }),
    ];
    const trpcWebhook = await writerTrpc.alertChannels.create.mutate({ type: 'WEBHOOK', config: { name: 'tRPC hook', url: `${receiver.url}/trpc-hook`, headers: [{ key: 'X-Api-Key', value: SECRETS.trpcWebhookKey }] } });
    ids.channels.push(webhookChannelId, ...others.map((r) => r.body.id as number), trpcWebhook.id);
    // A round trip through the console's update keeps every credential.
    await writerTrpc.alertChannels.update.mutate({ id: trpcWebhook.id, body: { type: 'WEBHOOK', config: trpcWebhook.config as never } });
    await writer('PUT', `/v1/checks/multistep/${failingCheckId}`, (await owner('GET', `/v1/checks/${failingCheckId}`)).body);
    await owner('PUT', `/v2/check-groups/${groupRest.body.id}`, (await owner('GET', `/v2/check-groups/${groupRest.body.id}`)).body);

    expect((await owner('PUT', `/v1/alert-channels/${webhookChannelId}/subscriptions`, { checkId: failingCheckId, activated: true })).status).toBe(200);
    for (const id of ids.channels.slice(1)) expect((await writer('POST', `/v1/alert-channels/${id}/test`)).status).toBe(201);

    // The failing run: its output is recorded, and its alert goes to the webhook.
    const triggered = await writer('POST', '/v1/check-sessions/trigger', { target: { checkId: [failingCheckId] } });
    expect(triggered.status, triggered.text).toBe(201);
    const sessionId = triggered.body.sessions[0].checkSessionId as string;
    ids.sessions.push(sessionId);
    const done = await owner('GET', `/v1/check-sessions/${sessionId}/completion?maxWaitSeconds=30`);
    if (done.status === 408) expect((await owner('GET', `/v1/check-sessions/${sessionId}/completion?maxWaitSeconds=30`)).status).toBe(200);
    await server.backend.alerting.dispatcher.drain();

    // A job of a private location: sealed in the queue, opened only for the agent that leases it.
    const location = await owner('POST', '/v1/private-locations', { name: 'Vault', slugName: 'vault' });
    expect(location.status, location.text).toBe(201);
    ids.locations.push(location.body.id);
    const remote = await owner('POST', '/v1/checks/multistep?autoAssignAlerts=false', {
      name: 'Runs at the vault',
      script: leakyScript(receiver.url),
      privateLocations: ['vault'],
      environmentVariables: [{ key: 'API_TOKEN', value: SECRETS.remoteCheck, secret: true }],
    });
    expect(remote.status, remote.text).toBe(201);
    ids.checks.push(remote.body.id);
    // The agent is the secret's rightful destination: its answers are not recorded. It is connected
    // before the run is triggered (a run for a location with no agent connected is not queued).
    const agent = makeApi(server.url, location.body.keys[0].rawKey);
    const registered = await agent('POST', '/v1/agent/register', { hostname: 'vault-host', version: '1.0.0', concurrency: 1 });
    expect(registered.status, registered.text).toBe(201);
    const remoteSession = await owner('POST', '/v1/check-sessions/trigger', { target: { checkId: [remote.body.id] } });
    ids.sessions.push(remoteSession.body.sessions[0].checkSessionId);
    const leased = await agent('POST', '/v1/agent/jobs/lease', { agentId: registered.body.agentId, max: 1, waitSeconds: 5 });
    leasedJob = leased.body.jobs[0];

    // Every read route, with every role.
    for (const role of ['OWNER', 'READ_WRITE', 'READ_ONLY']) await readEverything(role);
    // The hook waits for a multi-step run (up to 2 × 30 s above) and reads every route three times: 12 s
    // on a quiet machine, past the default 20 s hook limit on a busy one (seen in CI time, session 42).
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
  });

  async function readEverything(role: string): Promise<void> {
    const api = recordingApi(keys[role] as string, role);
    const trpc = recordingTrpc(keys[role] as string, role);
    for (const checkId of ids.checks) {
      for (const result of (await api('GET', `/v1/check-results/${checkId}?resultType=ALL&limit=100`)).body) {
        if (!ids.results.some(([, r]) => r === result.checkResultId)) ids.results.push([checkId, result.checkResultId]);
      }
    }
    for (const notification of (await api('GET', '/v1/alert-notifications?limit=100')).body) if (!ids.notifications.includes(notification.id)) ids.notifications.push(notification.id);

    for (const route of restRoutes(server).filter((r) => r.method === 'GET')) {
      for (const path of concretePaths(route.url)) await api('GET', path);
    }
    await trpc.accounts.me.query();
    await trpc.agent.health.query();
    await trpc.checks.list.query({ limit: 100, page: 1 });
    await trpc.checkGroups.list.query({ limit: 100, page: 1 });
    await trpc.alertChannels.list.query({ limit: 100, page: 1 });
    await trpc.alerts.listNotifications.query({ limit: 100 });
    await trpc.alerts.getDeliverySettings.query();
    await trpc.alerts.getAccountAlertSettings.query();
    await trpc.checkResults.statuses.query();
    await trpc.checkSessions.listRecent.query({ limit: 100 });
    await trpc.privateLocations.list.query();
    for (const id of ids.checks) {
      await trpc.checks.get.query({ id });
      await trpc.checkResults.list.query({ checkId: id, query: { resultType: 'ALL', limit: 100 } });
      await trpc.checkResults.status.query({ checkId: id }).catch(() => null);
    }
    for (const id of ids.groups) {
      await trpc.checkGroups.get.query({ id });
      await trpc.checkGroups.checks.query({ id, limit: 100, page: 1 });
    }
    for (const id of ids.channels) await trpc.alertChannels.get.query({ id });
    for (const checkSessionId of ids.sessions) await trpc.checkSessions.get.query({ checkSessionId });
    for (const [checkId, checkResultId] of ids.results) await trpc.checkResults.get.query({ checkId, checkResultId });
    for (const id of ids.notifications) await trpc.alerts.getNotification.query({ id });
    for (const id of ids.locations) await trpc.privateLocations.get.query({ id });
  }

  function concretePaths(url: string): string[] {
    const fill = (values: (string | number)[], name: string) => values.map((v) => url.replace(`:${name}`, String(v)));
    if (url.includes(':checkResultId')) return ids.results.map(([c, r]) => url.replace(':checkId', c).replace(':checkResultId', r));
    if (url.endsWith('/completion')) return ids.sessions.map((s) => `${url.replace(':checkSessionId', s)}?maxWaitSeconds=1`);
    if (url.includes(':checkSessionId')) return fill(ids.sessions, 'checkSessionId');
    if (url.includes(':checkId')) return fill(ids.checks, 'checkId');
    if (url.includes(':accountId')) return [url.replace(':accountId', server.backend.accountId), url.replace(':accountId', 'me')];
    if (url.startsWith('/v1/checks/:id')) return fill(ids.checks, 'id');
    if (url.includes('check-groups/:id')) return fill(ids.groups, 'id');
    if (url.includes('alert-channels/:id')) return fill(ids.channels, 'id');
    if (url.includes('private-locations/:id')) return fill(ids.locations, 'id');
    // Status pages hold no secrets; their ids are walked with an unknown one (404).
    return [url.replace(/:[A-Za-z]+/g, () => randomUUID())];
  }

  function leaksIn(texts: { label: string; text: string }[]): string[] {
    const found: string[] = [];
    for (const [name, value] of Object.entries(SECRETS)) {
      for (const form of formsOf(value)) {
        for (const { label, text } of texts) if (text.includes(form)) found.push(`${name} (${form}) in ${label}`);
      }
    }
    return found;
  }

  it('walked every read route with every role, and saw the runs it needs', () => {
    const labels = recorded.map((r) => r.label);
    for (const role of ['OWNER', 'READ_WRITE', 'READ_ONLY']) {
      expect(labels.filter((l) => l.startsWith(`${role} GET`) && l.endsWith('→ 200')).length).toBeGreaterThan(30);
      expect(labels.filter((l) => l.startsWith(`${role} tRPC`) && l.endsWith('→ 200')).length).toBeGreaterThan(20);
    }
    expect(ids.results.length).toBeGreaterThan(0);
    expect(ids.notifications.length).toBeGreaterThanOrEqual(4);
  });

  it('no REST or tRPC answer holds a secret, in any encoding, for any role', () => {
    expect(leaksIn(recorded)).toEqual([]);
    // They did answer with the masked forms.
    const failing = recorded.find((r) => r.label === `READ_ONLY GET /v1/checks/${failingCheckId} → 200`);
    expect(JSON.parse(failing?.text.split('\n')[0] ?? '{}').environmentVariables).toEqual([{ key: 'API_TOKEN', value: '*****', locked: false, secret: true }]);
  });

  it('no log line holds a secret', () => {
    expect(logLines.length).toBeGreaterThan(10);
    expect(leaksIn(logLines.map((text, i) => ({ label: `log line ${i}`, text })))).toEqual([]);
  });

  it('the run printed its secrets and the stored result shows them scrubbed', () => {
    const detail = recorded.find((r) => r.label.startsWith(`OWNER GET /v1/check-results/${failingCheckId}/`) && r.label.endsWith('→ 200'));
    expect(detail?.text).toContain('API_TOKEN raw [scrubbed]');
    expect(detail?.text).toContain('GROUP_TOKEN hex [scrubbed] [scrubbed]');
    expect(detail?.text).toContain('API_TOKEN base64 [scrubbed] [scrubbed]');
  });

  it('the rightful receivers got the real values: the script its variables, the webhook its signature and Authorization header', async () => {
    const probe = receiver.requests.find((r) => r.path === '/probe') as ReceivedRequest;
    expect(probe.headers['x-probe-check']).toBe(SECRETS.checkRest);
    expect(probe.headers['x-probe-group']).toBe(SECRETS.groupRest);

    const alert = receiver.requests.find((r) => r.path === '/hook') as ReceivedRequest;
    expect(JSON.parse(alert.body)).toMatchObject({ ALERT_TYPE: 'ALERT_FAILURE', CHECK_ID: failingCheckId });
    expect(alert.headers.authorization).toBe(`Bearer ${SECRETS.webhookAuth}`);
    expect(alert.headers['x-sightline-signature']).toBe(`sha256=${createHmac('sha256', SECRETS.webhookSecret).update(alert.body).digest('hex')}`);
    expect(alert.query.get('token')).toBe(SECRETS.webhookUrl);
    expect(alert.query.get('api_key')).toBe(SECRETS.webhookQuery);
    // The alert message carries the scrubbed failure, never the variables.
    expect(leaksIn([{ label: 'webhook alert body', text: alert.body }])).toEqual([]);

    expect(JSON.parse((receiver.requests.find((r) => r.path.startsWith('/pd')) as ReceivedRequest).body).routing_key).toBe(SECRETS.pagerduty);
    expect((receiver.requests.find((r) => r.path.startsWith('/og')) as ReceivedRequest).headers.authorization).toBe(`GenieKey ${SECRETS.opsgenie}`);
    expect(receiver.requests.some((r) => r.path === `/services/T0/B0/${SECRETS.slackPath}`)).toBe(true);
    expect((receiver.requests.find((r) => r.path === '/trpc-hook') as ReceivedRequest).headers['x-api-key']).toBe(SECRETS.trpcWebhookKey);

    const log = (await owner('GET', `/v1/alert-notifications?alertChannelId=${webhookChannelId}`)).body;
    expect(log[0]).toMatchObject({ status: 'SUCCESS', alertConfig: { webhookSecretSet: true, headers: [{ key: 'Authorization', value: '*****', locked: false }] } });
    expect(log[0].alertConfig).not.toHaveProperty('webhookSecret');
  });

  it('a remote agent leases the job with the real value', () => {
    const check = (leasedJob?.execution as { check: { environmentVariables: { key: string; value: string }[] } }).check;
    expect(check.environmentVariables).toEqual([{ key: 'API_TOKEN', value: SECRETS.remoteCheck, secret: true }]);
  });

  it('the database file and its WAL hold no secret in clear (a copied .db reveals nothing)', async () => {
    const files = [DB_FILE_NAME, `${DB_FILE_NAME}-wal`];
    const texts = await Promise.all(files.map(async (name) => ({ label: name, text: (await readFile(join(server.dataDir, name)).catch(() => Buffer.alloc(0))).toString('latin1') })));
    expect(texts[0]?.text.length).toBeGreaterThan(0);
    expect(leaksIn(texts)).toEqual([]);
  });
});
