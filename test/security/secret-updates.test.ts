import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunFn } from '../../src-main/agent/embedded-agent';
import type { ExecutionJob } from '../../src-main/runner/types';
import { startHttpReceiver, type HttpReceiver, type ReceivedRequest } from '../notify/receivers';
import { useServerWithClients } from '../helpers/trpc-server';

const MASK = '*****';
const SCRIPT = "import { test } from '@playwright/test';\ntest('noop', async () => {});";

/** The executor is replaced by one that records what it is handed: the values a real run would get. */
function recordingRun(jobs: ExecutionJob[]): RunFn {
  return async (job) => {
    jobs.push(job);
    const now = new Date().toISOString();
    return { hasErrors: false, hasFailures: false, isDegraded: false, overMaxResponseTime: false, aborted: false, timedOut: false, responseTime: 1, startedAt: now, stoppedAt: now, error: null, assertions: [] };
  };
}

describe('write-only secrets: what reads show and what updates keep', () => {
  let receiver: HttpReceiver;
  const jobs: ExecutionJob[] = [];

  const env = useServerWithClients({ run: recordingRun(jobs) });

  beforeAll(async () => {
    receiver = await startHttpReceiver();
    // Provider APIs point at the local receiver: nothing leaves 127.0.0.1.
    await env.trpc.alerts.setDeliverySettings.mutate({ baseUrls: { pagerduty: `${receiver.url}/pd`, opsgenieUs: `${receiver.url}/og`, opsgenieEu: `${receiver.url}/og` } });
  });
  beforeEach(() => {
    receiver.requests.length = 0;
  });
  afterAll(async () => {
    await receiver?.close();
  });

  /** Runs the check once and answers the environment its executor was handed. */
  async function executedEnvironment(checkId: string): Promise<Record<string, string | null>> {
    const triggered = await env.server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: [checkId] } });
    expect(triggered.status, triggered.text).toBe(201);
    const done = await env.server.api('GET', `/v1/check-sessions/${triggered.body.sessions[0].checkSessionId}/completion?maxWaitSeconds=30`);
    expect(done.status, done.text).toBe(200);
    const job = jobs.filter((j) => j.checkId === checkId).at(-1);
    const variables = (job?.check as { environmentVariables?: { key: string; value: string | null }[] }).environmentVariables ?? [];
    return Object.fromEntries(variables.map((v) => [v.key, v.value]));
  }

  async function createMultiStep(members: Record<string, unknown>) {
    const res = await env.server.api('POST', '/v1/checks/multistep?autoAssignAlerts=false', { name: 'Secrets', script: SCRIPT, doubleCheck: false, ...members });
    expect(res.status, res.text).toBe(201);
    return res.body;
  }

  describe('environment variables of a check', () => {
    it('read as the mask everywhere; the executor gets the value', async () => {
      const check = await createMultiStep({ environmentVariables: [{ key: 'API_TOKEN', value: 'tok-one', secret: true }, { key: 'PLAIN', value: 'visible' }] });
      const expected = [
        { key: 'API_TOKEN', value: MASK, locked: false, secret: true },
        { key: 'PLAIN', value: 'visible', locked: false, secret: false },
      ];
      expect(check.environmentVariables).toEqual(expected);
      expect((await env.server.api('GET', `/v1/checks/${check.id}`)).body.environmentVariables).toEqual(expected);
      const listed = (await env.server.api('GET', '/v1/checks?checkType=MULTI_STEP')).body.find((c: { id: string }) => c.id === check.id);
      expect(listed.environmentVariables).toEqual(expected);
      expect((await env.trpc.checks.get.query({ id: check.id })).environmentVariables).toEqual(expected);
      expect(await executedEnvironment(check.id)).toEqual({ API_TOKEN: 'tok-one', PLAIN: 'visible' });
    });

    it('a GET sent back as the PUT body keeps the stored secret (REST and tRPC)', async () => {
      const check = await createMultiStep({ environmentVariables: [{ key: 'API_TOKEN', value: 'tok-two', secret: true }] });
      const read = (await env.server.api('GET', `/v1/checks/${check.id}`)).body;
      const put = await env.server.api('PUT', `/v1/checks/multistep/${check.id}`, { ...read, name: 'Renamed' });
      expect(put.status, put.text).toBe(200);
      expect(put.body.environmentVariables).toEqual([{ key: 'API_TOKEN', value: MASK, locked: false, secret: true }]);
      expect(await executedEnvironment(check.id)).toEqual({ API_TOKEN: 'tok-two' });

      await env.trpc.checks.updateMultiStep.mutate({ id: check.id, patch: { environmentVariables: [{ key: 'API_TOKEN', value: MASK, secret: true }] } });
      expect(await executedEnvironment(check.id)).toEqual({ API_TOKEN: 'tok-two' });
    });

    it('a value left out or sent as null keeps the secret; a PUT without environmentVariables keeps it; a new value replaces it', async () => {
      const check = await createMultiStep({ environmentVariables: [{ key: 'API_TOKEN', value: 'tok-three', secret: true }] });
      const path = `/v1/checks/multistep/${check.id}`;
      expect((await env.server.api('PUT', path, { environmentVariables: [{ key: 'API_TOKEN', secret: true }] })).status).toBe(200);
      expect(await executedEnvironment(check.id)).toEqual({ API_TOKEN: 'tok-three' });
      expect((await env.server.api('PUT', path, { environmentVariables: [{ key: 'API_TOKEN', value: null, secret: true, locked: true }] })).status).toBe(200);
      expect((await env.server.api('PUT', path, { name: 'Only the name' })).status).toBe(200);
      expect(await executedEnvironment(check.id)).toEqual({ API_TOKEN: 'tok-three' });

      const replaced = await env.server.api('PUT', path, { environmentVariables: [{ key: 'API_TOKEN', value: 'tok-four', secret: true }] });
      expect(replaced.body.environmentVariables).toEqual([{ key: 'API_TOKEN', value: MASK, locked: false, secret: true }]);
      expect(await executedEnvironment(check.id)).toEqual({ API_TOKEN: 'tok-four' });
    });

    it('a stored secret never turns plain: 400 naming the field, nothing changes', async () => {
      const check = await createMultiStep({ environmentVariables: [{ key: 'API_TOKEN', value: 'tok-five', secret: true }] });
      const path = `/v1/checks/multistep/${check.id}`;
      for (const variable of [{ key: 'API_TOKEN', value: MASK, secret: false }, { key: 'API_TOKEN', value: 'now-plain' }]) {
        const res = await env.server.api('PUT', path, { environmentVariables: [variable] });
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(/^environmentVariables\[0\]\.secret: API_TOKEN is stored as a secret and stays one/);
      }
      expect(await executedEnvironment(check.id)).toEqual({ API_TOKEN: 'tok-five' });

      // Removed in one update, it may come back plain in the next.
      expect((await env.server.api('PUT', path, { environmentVariables: [] })).status).toBe(200);
      const plain = await env.server.api('PUT', path, { environmentVariables: [{ key: 'API_TOKEN', value: 'now-plain' }] });
      expect(plain.body.environmentVariables).toEqual([{ key: 'API_TOKEN', value: 'now-plain', locked: false, secret: false }]);
    });

    it('the mask or a missing value where no secret is stored is a 400 naming the variable', async () => {
      const masked = await env.server.api('POST', '/v1/checks/multistep', { name: 'Copied', script: SCRIPT, environmentVariables: [{ key: 'A', value: 'a' }, { key: 'API_TOKEN', value: MASK, secret: true }] });
      expect(masked.status).toBe(400);
      expect(masked.body.message).toMatch(/^environmentVariables\[1\]\.value: "\*\*\*\*\*" is how a stored secret reads back/);
      const check = await createMultiStep({ environmentVariables: [{ key: 'API_TOKEN', value: 'tok-six', secret: true }] });
      const missing = await env.server.api('PUT', `/v1/checks/multistep/${check.id}`, { environmentVariables: [{ key: 'API_TOKEN', secret: true }, { key: 'OTHER', secret: true }] });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toMatch(/^environmentVariables\[1\]\.value: /);
      const trpcMasked = env.trpc.checks.createIcmp.mutate({ name: 'x', request: { hostname: '127.0.0.1' }, environmentVariables: [{ key: 'K', value: MASK, secret: true }] } as never);
      await expect(trpcMasked).rejects.toThrow(/environmentVariables\[0\]\.value/);
    });

    it('values that merely look sealed are taken as given, secret or not', async () => {
      const check = await createMultiStep({ environmentVariables: [{ key: 'PLAIN', value: 'sl1:not-sealed' }, { key: 'S', value: 'sl1:looks-sealed', secret: true }] });
      expect(check.environmentVariables[0].value).toBe('sl1:not-sealed');
      expect(await executedEnvironment(check.id)).toEqual({ PLAIN: 'sl1:not-sealed', S: 'sl1:looks-sealed' });
    });

    it('ICMP and traceroute checks hide their secrets the same way', async () => {
      const icmp = await env.server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', { name: 'p', request: { hostname: '127.0.0.1' }, environmentVariables: [{ key: 'K', value: 'icmp-secret', secret: true }] });
      const traceroute = await env.server.api('POST', '/v1/checks/traceroute?autoAssignAlerts=false', { name: 't', request: { url: 'http://127.0.0.1' }, environmentVariables: [{ key: 'K', value: 'tr-secret', secret: true }] });
      for (const created of [icmp, traceroute]) {
        expect(created.status, created.text).toBe(201);
        expect(created.body.environmentVariables).toEqual([{ key: 'K', value: MASK, locked: false, secret: true }]);
      }
      const put = await env.server.api('PUT', `/v1/checks/icmp/${icmp.body.id}`, { environmentVariables: icmp.body.environmentVariables, name: 'p2' });
      expect(put.status, put.text).toBe(200);
      expect(JSON.stringify((await env.server.api('GET', '/v1/checks')).body)).not.toMatch(/icmp-secret|tr-secret/);
    });
  });

  describe('check groups', () => {
    it('group secrets read as the mask, in the group, in its checks listing, and reach the member check run', async () => {
      const group = await env.server.api('POST', '/v2/check-groups?autoAssignAlerts=false', {
        name: 'Secret group',
        environmentVariables: [{ key: 'GROUP_TOKEN', value: 'grp-one', secret: true }, { key: 'SHARED', value: 'from-group' }],
        apiCheckDefaults: { headers: [{ key: 'Authorization', value: 'Bearer grp-auth' }, { key: 'Accept', value: 'text/plain' }], basicAuth: { username: 'u', password: 'grp-pass' } },
      });
      expect(group.status, group.text).toBe(201);
      expect(group.body.environmentVariables[0]).toEqual({ key: 'GROUP_TOKEN', value: MASK, locked: false, secret: true });
      expect(group.body.apiCheckDefaults.headers).toEqual([
        { key: 'Authorization', value: MASK, locked: false },
        { key: 'Accept', value: 'text/plain', locked: false },
      ]);
      expect(group.body.apiCheckDefaults.basicAuth).toEqual({ username: 'u', password: MASK });

      const check = await createMultiStep({ groupId: group.body.id, environmentVariables: [{ key: 'OWN', value: 'own-secret', secret: true }] });
      const members = (await env.server.api('GET', `/v1/check-groups/${group.body.id}/checks`)).body;
      expect(members[0].environmentVariables).toEqual([
        { key: 'GROUP_TOKEN', value: MASK, locked: false, secret: true },
        { key: 'SHARED', value: 'from-group', locked: false, secret: false },
        { key: 'OWN', value: MASK, locked: false, secret: true },
      ]);
      expect((await env.trpc.checkGroups.checks.query({ id: group.body.id, page: 1, limit: 10 })).items[0]?.environmentVariables).toEqual(members[0].environmentVariables);
      expect(await executedEnvironment(check.id)).toEqual({ GROUP_TOKEN: 'grp-one', SHARED: 'from-group', OWN: 'own-secret' });

      // The GET sent back keeps every group secret.
      const read = (await env.server.api('GET', `/v2/check-groups/${group.body.id}`)).body;
      const put = await env.server.api('PUT', `/v2/check-groups/${group.body.id}`, { ...read, name: 'Secret group 2' });
      expect(put.status, put.text).toBe(200);
      expect(await executedEnvironment(check.id)).toEqual({ GROUP_TOKEN: 'grp-one', SHARED: 'from-group', OWN: 'own-secret' });
      // What is stored on disk: the API defaults' secrets are kept too, sealed.
      const stored = JSON.parse((env.server.backend.db.sqlite.prepare('select body from check_groups where id = ?').get(group.body.id) as { body: string }).body);
      const keyring = env.server.backend.deps.keyring;
      expect(keyring.open(stored.apiCheckDefaults.basicAuth.password)).toBe('grp-pass');
      expect(keyring.open(stored.apiCheckDefaults.headers[0].value)).toBe('Bearer grp-auth');
      expect(stored.apiCheckDefaults.headers[1].value).toBe('text/plain');
    });

    it('locked parameters that share a name keep their own values through a GET sent back as the PUT', async () => {
      // Found by the group property test: the second masked "A" used to take the first stored "A".
      const created = await env.server.api('POST', '/v2/check-groups?autoAssignAlerts=false', {
        name: 'Repeated keys',
        apiCheckDefaults: { queryParameters: [{ key: 'A', value: 'first', locked: true }, { key: 'a', value: 'second', locked: true }, { key: 'A', value: '', locked: true }] },
      });
      expect(created.status, created.text).toBe(201);
      const read = (await env.server.api('GET', `/v2/check-groups/${created.body.id}`)).body;
      expect(read.apiCheckDefaults.queryParameters.map((p: { value: string }) => p.value)).toEqual([MASK, MASK, '']);
      const put = await env.server.api('PUT', `/v2/check-groups/${created.body.id}`, read);
      expect(put.status, put.text).toBe(200);
      expect((await env.server.api('GET', `/v2/check-groups/${created.body.id}`)).body.apiCheckDefaults).toEqual(read.apiCheckDefaults);
      const stored = JSON.parse((env.server.backend.db.sqlite.prepare('select body from check_groups where id = ?').get(created.body.id) as { body: string }).body);
      const values = stored.apiCheckDefaults.queryParameters.map((p: { value: string }) => (p.value === '' ? '' : env.server.backend.deps.keyring.open(p.value)));
      expect(values).toEqual(['first', 'second', '']);
    });

    it('a masked API-defaults password with nothing stored is a 400 naming it', async () => {
      const res = await env.server.api('POST', '/v2/check-groups', { name: 'g', apiCheckDefaults: { basicAuth: { username: 'u', password: MASK } } });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^apiCheckDefaults\.basicAuth\.password: /);
    });
  });

  describe('alert channel credentials', () => {
    const sign = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

    async function testSend(channelId: number): Promise<ReceivedRequest> {
      const sent = await env.server.api('POST', `/v1/alert-channels/${channelId}/test`);
      expect(sent.status, sent.text).toBe(201);
      await env.server.backend.alerting.dispatcher.drain();
      const request = receiver.requests.at(-1);
      expect(request).toBeDefined();
      return request as ReceivedRequest;
    }

    async function webhook() {
      const res = await env.server.api('POST', '/v1/alert-channels', {
        type: 'WEBHOOK',
        config: {
          name: 'Signed hook',
          url: `${receiver.url}/hook?token=url-tok-1&plain=1`,
          headers: [{ key: 'Authorization', value: 'Bearer hdr-tok-1' }, { key: 'X-Team', value: 'ops' }],
          queryParameters: [{ key: 'api_key', value: 'q-tok-1' }],
          webhookSecret: 'sign-tok-1',
        },
      });
      expect(res.status, res.text).toBe(201);
      return res.body;
    }

    it('reads leave credentials out (…Set) or masked; the receiver still gets them', async () => {
      const channel = await webhook();
      expect(channel.config).toMatchObject({
        url: `${receiver.url}/hook?token=${MASK}&plain=1`,
        headers: [{ key: 'Authorization', value: MASK, locked: false }, { key: 'X-Team', value: 'ops', locked: false }],
        queryParameters: [{ key: 'api_key', value: MASK, locked: false }],
        webhookSecretSet: true,
      });
      expect(channel.config).not.toHaveProperty('webhookSecret');
      expect(await env.trpc.alertChannels.get.query({ id: channel.id })).toEqual(channel);

      const request = await testSend(channel.id);
      expect(request.headers.authorization).toBe('Bearer hdr-tok-1');
      expect(request.query.get('token')).toBe('url-tok-1');
      expect(request.query.get('api_key')).toBe('q-tok-1');
      expect(request.headers['x-sightline-signature']).toBe(sign('sign-tok-1', request.body));

      const log = await env.server.api('GET', `/v1/alert-notifications?alertChannelId=${channel.id}`);
      expect(log.body[0].alertConfig).toEqual(channel.config);
    });

    it('a PUT of the config as read keeps every credential; left out keeps; null clears the signing secret; a new value replaces', async () => {
      const channel = await webhook();
      const path = `/v1/alert-channels/${channel.id}`;
      expect((await env.server.api('PUT', path, { type: 'WEBHOOK', config: channel.config })).status).toBe(200);
      let request = await testSend(channel.id);
      expect([request.headers.authorization, request.query.get('token'), request.query.get('api_key')]).toEqual(['Bearer hdr-tok-1', 'url-tok-1', 'q-tok-1']);
      expect(request.headers['x-sightline-signature']).toBe(sign('sign-tok-1', request.body));

      const { webhookSecretSet: _set, ...withoutSecret } = channel.config;
      expect((await env.trpc.alertChannels.update.mutate({ id: channel.id, body: { type: 'WEBHOOK', config: withoutSecret } })).config.webhookSecretSet).toBe(true);
      request = await testSend(channel.id);
      expect(request.headers['x-sightline-signature']).toBe(sign('sign-tok-1', request.body));

      const replaced = await env.server.api('PUT', path, { type: 'WEBHOOK', config: { ...withoutSecret, webhookSecret: 'sign-tok-2', headers: [{ key: 'Authorization', value: 'Bearer hdr-tok-2' }] } });
      expect(replaced.body.config.headers).toEqual([{ key: 'Authorization', value: MASK, locked: false }]);
      request = await testSend(channel.id);
      expect(request.headers.authorization).toBe('Bearer hdr-tok-2');
      expect(request.headers['x-sightline-signature']).toBe(sign('sign-tok-2', request.body));

      const cleared = await env.server.api('PUT', path, { type: 'WEBHOOK', config: { ...withoutSecret, webhookSecret: null } });
      expect(cleared.body.config.webhookSecretSet).toBe(false);
      request = await testSend(channel.id);
      expect(request.headers['x-sightline-signature']).toBeUndefined();
    });

    it('credentials do not follow the URL to another host: 400 until they are sent again', async () => {
      const channel = await webhook();
      const moved = { ...channel.config, url: channel.config.url.replace('127.0.0.1', 'localhost') };
      const refused = await env.server.api('PUT', `/v1/alert-channels/${channel.id}`, { type: 'WEBHOOK', config: moved });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/^config\.url: /);
      const unmasked = { ...moved, url: `${receiver.url.replace('127.0.0.1', 'localhost')}/hook` };
      const noSecret = await env.server.api('PUT', `/v1/alert-channels/${channel.id}`, { type: 'WEBHOOK', config: unmasked });
      expect(noSecret.status).toBe(400);
      expect(noSecret.body.message).toMatch(/^config\.webhookSecret: the URL moved to http:\/\/localhost:\d+/);
      const header = await env.server.api('PUT', `/v1/alert-channels/${channel.id}`, { type: 'WEBHOOK', config: { ...unmasked, webhookSecret: null } });
      expect(header.status).toBe(400);
      expect(header.body.message).toMatch(/^config\.headers\[0\]\.value: /);
      expect((await env.server.api('GET', `/v1/alert-channels/${channel.id}`)).body).toEqual(channel);
    });

    it('PagerDuty and Opsgenie keys: left out or null keeps them; a type change needs them; the mask on create is a 400', async () => {
      const pd = await env.server.api('POST', '/v1/alert-channels', { type: 'PAGERDUTY', config: { serviceKey: 'pd-tok-1', serviceName: 'API' } });
      expect(pd.body.config).toEqual({ serviceKeySet: true, account: null, serviceName: 'API' });
      expect((await env.server.api('PUT', `/v1/alert-channels/${pd.body.id}`, { type: 'PAGERDUTY', config: { serviceName: 'API v2' } })).status).toBe(200);
      expect(JSON.parse((await testSend(pd.body.id)).body).routing_key).toBe('pd-tok-1');

      const og = await env.server.api('POST', '/v1/alert-channels', { type: 'OPSGENIE', config: { name: 'OG', apiKey: 'og-tok-1', region: 'US', priority: 'P2' } });
      expect(og.body.config).toEqual({ name: 'OG', apiKeySet: true, region: 'US', priority: 'P2' });
      expect((await env.server.api('PUT', `/v1/alert-channels/${og.body.id}`, { type: 'OPSGENIE', config: { name: 'OG', apiKey: null, region: 'US', priority: 'P1' } })).status).toBe(200);
      expect((await testSend(og.body.id)).headers.authorization).toBe('GenieKey og-tok-1');

      const email = await env.server.api('POST', '/v1/alert-channels', { type: 'EMAIL', config: { address: 'a@example.com' } });
      const changed = await env.server.api('PUT', `/v1/alert-channels/${email.body.id}`, { type: 'PAGERDUTY', config: { serviceName: 'x' } });
      expect(changed.status).toBe(400);
      expect(changed.body.message).toMatch(/^config\.serviceKey: /);

      const masked = await env.server.api('POST', '/v1/alert-channels', { type: 'OPSGENIE', config: { name: 'OG', apiKey: MASK, region: 'US', priority: 'P2' } });
      expect(masked.status).toBe(400);
      expect(masked.body.message).toMatch(/^config\.apiKey: /);
    });

    it('a Slack webhook URL is a credential: its path reads as the mask and is kept when sent back', async () => {
      const slack = await env.server.api('POST', '/v1/alert-channels', { type: 'SLACK', config: { url: `${receiver.url}/services/T0/B0/slack-tok-1` } });
      expect(slack.body.config.url).toBe(`${receiver.url}/${MASK}`);
      expect((await env.server.api('PUT', `/v1/alert-channels/${slack.body.id}`, { type: 'SLACK', config: { ...slack.body.config, channel: '#ops' } })).status).toBe(200);
      expect((await testSend(slack.body.id)).path).toBe('/services/T0/B0/slack-tok-1');
    });
  });
});
