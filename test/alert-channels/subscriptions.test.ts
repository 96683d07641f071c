import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { icmpBody, startServer, type TestServer } from '../helpers/server';
import { NOT_FOUND } from '../helpers/shapes';
import { channelBody } from './fixtures';

describe('alert channel subscriptions', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function createCheck(name = 'Subscribed ping'): Promise<string> {
    const res = await server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name }));
    expect(res.status, res.text).toBe(201);
    return res.body.id;
  }

  async function createChannel(overrides: Record<string, unknown> = {}) {
    const res = await server.api('POST', '/v1/alert-channels', channelBody('EMAIL', overrides));
    expect(res.status, res.text).toBe(201);
    return res.body;
  }

  async function total(): Promise<string | null> {
    return (await server.api('GET', '/v1/alert-channels?limit=1')).headers.get('content-range');
  }

  function storedSubscriptions(channelId: number): number {
    const row = server.backend.db.sqlite.prepare('select count(*) as n from alert_subscriptions where alert_channel_id = ?').get(channelId) as { n: number };
    return row.n;
  }

  it('creates the subscriptions it is given, to checks of the account', async () => {
    const a = await createCheck('A');
    const b = await createCheck('B');
    const channel = await createChannel({ subscriptions: [{ checkId: a, activated: true }, { checkId: b, groupId: null, activated: false }] });
    expect(channel.subscriptions).toEqual([
      { id: expect.any(Number), checkId: a, groupId: null, activated: true },
      { id: expect.any(Number), checkId: b, groupId: null, activated: false },
    ]);
    expect((await server.api('GET', `/v1/alert-channels/${channel.id}`)).body.subscriptions).toEqual(channel.subscriptions);
  });

  it('rejects a subscription to a check that does not exist with 400 naming the member, creating nothing', async () => {
    const before = await total();
    const ghost = randomUUID();
    const real = await createCheck();
    const res = await server.api('POST', '/v1/alert-channels', channelBody('EMAIL', { subscriptions: [{ checkId: real, activated: true }, { checkId: ghost, activated: true }] }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, error: 'Bad Request', message: `subscriptions[1].checkId: no check with id ${ghost}` });
    expect(await total()).toBe(before);
  });

  it('rejects a subscription to a check group that does not exist', async () => {
    const res = await server.api('POST', '/v1/alert-channels', channelBody('EMAIL', { subscriptions: [{ groupId: 987654, activated: true }] }));
    expect(res).toMatchObject({ status: 400, body: { message: 'subscriptions[0].groupId: no check group with id 987654' } });
  });

  it('rejects the same check listed twice', async () => {
    const check = await createCheck();
    const res = await server.api('POST', '/v1/alert-channels', channelBody('EMAIL', { subscriptions: [{ checkId: check, activated: true }, { checkId: check, activated: false }] }));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^subscriptions\[1\]\.checkId: /);
  });

  it('PUT /v1/alert-channels/{id}/subscriptions adds a subscription, then changes its activated flag in place', async () => {
    const check = await createCheck();
    const channel = await createChannel();
    const added = await server.api('PUT', `/v1/alert-channels/${channel.id}/subscriptions`, { checkId: check, activated: true });
    expect(added.status, added.text).toBe(200);
    expect(added.body).toEqual({ id: expect.any(Number), checkId: check, groupId: null, activated: true });

    const paused = await server.api('PUT', `/v1/alert-channels/${channel.id}/subscriptions`, { checkId: check, activated: false });
    expect(paused.status).toBe(200);
    expect(paused.body).toEqual({ ...added.body, activated: false });

    const read = (await server.api('GET', `/v1/alert-channels/${channel.id}`)).body;
    expect(read.subscriptions).toEqual([paused.body]);
    expect(read.updated_at).not.toBeNull();
  });

  it('PUT /subscriptions validates its body and the target', async () => {
    const channel = await createChannel();
    const ghost = randomUUID();
    const path = `/v1/alert-channels/${channel.id}/subscriptions`;
    expect(await server.api('PUT', path, { checkId: ghost, activated: true })).toMatchObject({ status: 400, body: { message: `checkId: no check with id ${ghost}` } });
    expect(await server.api('PUT', path, { groupId: 424242, activated: true })).toMatchObject({ status: 400, body: { message: 'groupId: no check group with id 424242' } });
    const both = await server.api('PUT', path, { checkId: ghost, groupId: 1, activated: true });
    expect(both).toMatchObject({ status: 400, body: { message: 'groupId: pass either checkId or groupId, not both' } });
    const neither = await server.api('PUT', path, { activated: true });
    expect(neither).toMatchObject({ status: 400, body: { message: 'checkId: checkId or groupId is required' } });
    const noFlag = await server.api('PUT', path, { checkId: await createCheck() });
    expect(noFlag.status).toBe(400);
    expect(noFlag.body.message).toMatch(/^activated: /);
    expect((await server.api('GET', `/v1/alert-channels/${channel.id}`)).body.subscriptions).toEqual([]);
  });

  it('PUT /subscriptions on an unknown channel answers 404', async () => {
    const check = await createCheck();
    expect(await server.api('PUT', '/v1/alert-channels/777777/subscriptions', { checkId: check, activated: true })).toMatchObject({ status: 404, body: NOT_FOUND });
  });

  it('PUT of the channel with subscriptions makes them the whole set, keeping the ids of those that stay', async () => {
    const [a, b, c] = [await createCheck('a'), await createCheck('b'), await createCheck('c')];
    const channel = await createChannel({ subscriptions: [{ checkId: a, activated: true }, { checkId: b, activated: true }] });
    const keptId = channel.subscriptions[1].id;
    const res = await server.api('PUT', `/v1/alert-channels/${channel.id}`, { ...channelBody('EMAIL'), subscriptions: [{ checkId: b, activated: false }, { checkId: c, activated: true }] });
    expect(res.status, res.text).toBe(200);
    expect(res.body.subscriptions).toEqual([
      { id: keptId, checkId: b, groupId: null, activated: false },
      { id: expect.any(Number), checkId: c, groupId: null, activated: true },
    ]);

    const untouched = await server.api('PUT', `/v1/alert-channels/${channel.id}`, channelBody('EMAIL'));
    expect(untouched.body.subscriptions).toEqual(res.body.subscriptions);

    const cleared = await server.api('PUT', `/v1/alert-channels/${channel.id}`, { ...channelBody('EMAIL'), subscriptions: [] });
    expect(cleared.body.subscriptions).toEqual([]);
  });

  it('a PUT naming a missing check changes nothing', async () => {
    const check = await createCheck();
    const channel = await createChannel({ subscriptions: [{ checkId: check, activated: true }] });
    const res = await server.api('PUT', `/v1/alert-channels/${channel.id}`, { type: 'SLACK', config: { url: 'https://example.com' }, subscriptions: [{ checkId: randomUUID(), activated: true }] });
    expect(res.status).toBe(400);
    expect((await server.api('GET', `/v1/alert-channels/${channel.id}`)).body).toEqual(channel);
  });

  it('a channel with autoSubscribe is attached to checks created later, even without autoAssignAlerts', async () => {
    const auto = await createChannel({ autoSubscribe: true });
    const manual = await createChannel();
    const check = await createCheck('created after the channels');
    const subscribedTo = async (id: number) => (await server.api('GET', `/v1/alert-channels/${id}`)).body.subscriptions.map((s: { checkId: string }) => s.checkId);
    expect(await subscribedTo(auto.id)).toContain(check);
    expect(await subscribedTo(manual.id)).not.toContain(check);
  });

  it('deleting the channel removes its subscriptions; deleting a check removes it from the channel', async () => {
    const [a, b] = [await createCheck('a'), await createCheck('b')];
    const channel = await createChannel({ subscriptions: [{ checkId: a, activated: true }, { checkId: b, activated: true }] });
    expect(storedSubscriptions(channel.id)).toBe(2);

    expect((await server.api('DELETE', `/v1/checks/${a}`)).status).toBe(204);
    expect((await server.api('GET', `/v1/alert-channels/${channel.id}`)).body.subscriptions).toEqual([expect.objectContaining({ checkId: b })]);

    expect((await server.api('DELETE', `/v1/alert-channels/${channel.id}`)).status).toBe(204);
    expect(storedSubscriptions(channel.id)).toBe(0);
    expect((await server.api('GET', `/v1/checks/${b}`)).status).toBe(200);
  });
});
