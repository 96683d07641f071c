import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAlertChannel, startServer, type TestServer } from '../helpers/server';

const CREATES: [string, string, Record<string, unknown>][] = [
  ['traceroute', '/v1/checks/traceroute', { name: 'path', request: { url: '127.0.0.1' } }],
  ['ICMP', '/v1/checks/icmp', { name: 'ping', request: { hostname: '127.0.0.1' } }],
  ['multi-step', '/v1/checks/multistep', { name: 'flow', script: 'console.log(1)' }],
];

const WEBHOOK = {
  name: 'ops hook',
  url: 'http://127.0.0.1:9/hook',
  method: 'PUT',
  headers: [{ key: 'x-token', value: 't' }],
  queryParameters: [{ key: 'q', value: '1' }],
  template: '{}',
  webhookSecret: 's',
  webhookType: 'WEBHOOK_GENERIC',
};

describe.each(CREATES)('alert channel assignment of a %s check', (_type, path, body) => {
  let server: TestServer;
  let email: number;
  let webhook: number;
  let slack: number;
  let sms: number;
  let pagerduty: number;

  beforeEach(async () => {
    server = await startServer();
    email = await createAlertChannel(server, 'EMAIL', { address: 'a@example.test' });
    webhook = await createAlertChannel(server, 'WEBHOOK', WEBHOOK);
    slack = await createAlertChannel(server, 'SLACK', { url: 'http://127.0.0.1:9/slack', channel: '#ops' });
    sms = await createAlertChannel(server, 'SMS', { name: 'On call', number: '+15550100' });
    pagerduty = await createAlertChannel(server, 'PAGERDUTY', { serviceKey: 'k', account: 'a', serviceName: 's' });
  });
  afterEach(async () => {
    await server?.stop();
  });

  it('with autoAssignAlerts (the default) subscribes to every channel and lists them by type', async () => {
    const res = await server.api('POST', path, body);
    expect(res.status).toBe(201);
    expect(res.body.alertChannelSubscriptions).toEqual([email, webhook, slack, sms, pagerduty].map((alertChannelId) => ({ alertChannelId, activated: true })));
    expect(res.body.alertChannels).toEqual({
      email: [{ address: 'a@example.test' }],
      webhook: [{ name: 'ops hook', url: 'http://127.0.0.1:9/hook', method: 'PUT', headers: [{ key: 'x-token', value: '*****', locked: false }], queryParameters: [{ key: 'q', value: '1', locked: false }] }],
      // Credentials never show: a credential-named header value and a Slack webhook's path read as the mask.
      slack: [{ url: 'http://127.0.0.1:9/*****' }],
      sms: [{ name: 'On call', number: '+15550100' }],
    });
    const list = await server.api('GET', '/v1/checks');
    expect(list.body).toEqual([res.body]);
  });

  it('with autoAssignAlerts=false subscribes only to the channels it names and autoSubscribe channels', async () => {
    const auto = await createAlertChannel(server, 'EMAIL', { address: 'auto@example.test' }, true);
    const res = await server.api('POST', `${path}?autoAssignAlerts=false`, {
      ...body,
      alertChannelSubscriptions: [
        { alertChannelId: sms, activated: true },
        { alertChannelId: slack, activated: false },
      ],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.alertChannelSubscriptions).toEqual([
      { alertChannelId: slack, activated: false },
      { alertChannelId: sms, activated: true },
      { alertChannelId: auto, activated: true },
    ]);
    expect(res.body.alertChannels).toEqual({ email: [{ address: 'auto@example.test' }], webhook: [], slack: [], sms: [{ name: 'On call', number: '+15550100' }] });
  });

  it('with autoAssignAlerts=false and no channels named subscribes to none', async () => {
    const res = await server.api('POST', `${path}?autoAssignAlerts=false`, body);
    expect(res.status).toBe(201);
    expect(res.body.alertChannelSubscriptions).toEqual([]);
    expect(res.body.alertChannels).toEqual({ email: [], webhook: [], slack: [], sms: [] });
  });

  it('a subscription naming no channel answers 400 naming it and creates nothing', async () => {
    const res = await server.api('POST', path, { ...body, alertChannelSubscriptions: [{ alertChannelId: email, activated: true }, { alertChannelId: 999, activated: true }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('alertChannelSubscriptions[1].alertChannelId: no alert channel with id 999');
    expect((await server.api('GET', '/v1/checks')).body).toEqual([]);
    const rows = server.backend.db.sqlite.prepare('select count(*) as n from alert_subscriptions').get() as { n: number };
    expect(rows.n).toBe(0);
  });

  it('a PUT naming subscriptions updates those and keeps the others', async () => {
    const created = (await server.api('POST', path, body)).body;
    const segment = path.split('/').pop();
    const res = await server.api('PUT', `/v1/checks/${segment}/${created.id}`, { alertChannelSubscriptions: [{ alertChannelId: email, activated: false }] });
    expect(res.status).toBe(200);
    expect(res.body.alertChannelSubscriptions).toContainEqual({ alertChannelId: email, activated: false });
    expect(res.body.alertChannelSubscriptions).toHaveLength(5);
    expect(res.body.alertChannels.email).toEqual([]);
    expect((await server.api('GET', `/v1/checks/${created.id}`)).body).toEqual(res.body);
    const bad = await server.api('PUT', `/v1/checks/${segment}/${created.id}`, { name: 'renamed', alertChannelSubscriptions: [{ alertChannelId: 12345, activated: true }] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('alertChannelSubscriptions[0].alertChannelId: ');
    expect((await server.api('GET', `/v1/checks/${created.id}`)).body).toEqual(res.body);
  });

  it('a group must exist in the account', async () => {
    const missing = await server.api('POST', path, { ...body, groupId: 41 });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('groupId: no check group with id 41');
    const group = await server.api('POST', '/v1/check-groups', { name: 'Group' });
    expect(group.status, group.text).toBe(201);
    const groupId = group.body.id as number;
    const res = await server.api('POST', path, { ...body, groupId });
    expect(res.status, res.text).toBe(201);
    expect(res.body.groupId).toBe(groupId);
    expect((await server.api('GET', `/v1/checks?groupId=${groupId}`)).body).toEqual([res.body]);
  });
});
