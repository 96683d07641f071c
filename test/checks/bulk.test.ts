import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import { ManualTimers } from '../../src-main/scheduler/manual-timers';
import { addMemberWithKey } from '../accounts/helpers';
import { createEmailChannel, icmpBody, type TestServer } from '../helpers/server';
import { trpcClient, trpcError } from '../helpers/trpc';
import { startServerWithClients, useServerWithClients } from '../helpers/trpc-server';

async function create(server: TestServer, name: string, body: Record<string, unknown> = {}): Promise<string> {
  const res = await server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name, ...body }));
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

async function read(server: TestServer, id: string) {
  return (await server.api('GET', `/v1/checks/${id}`)).body;
}

/** A check of another account, stored with SQL (the API never lets one key see it). */
function foreignCheck(server: TestServer): string {
  const sqlite = server.backend.db.sqlite;
  const accountId = randomUUID();
  // SQL: no API creates a second account, and no key of this one may create a check in it.
  sqlite.prepare('insert into accounts (id, name, created_at) values (?, ?, ?)').run(accountId, 'Other', new Date().toISOString());
  const id = randomUUID();
  sqlite
    .prepare("insert into check_rows (id, account_id, check_type, name, activated, muted, tags, body, created_at) values (?, ?, 'ICMP', 'Theirs', 1, 0, '[]', ?, ?)")
    .run(id, accountId, JSON.stringify({ frequency: 10, request: { hostname: '127.0.0.1' } }), new Date().toISOString());
  return id;
}

describe('checks.bulk', () => {

  const env = useServerWithClients();

  it('pauses each check through its PUT and reports every item: done, already so, of another account, deleted', async () => {
    const a = await create(env.server, 'Alpha');
    const b = await create(env.server, 'Bravo');
    const already = await create(env.server, 'Charlie', { activated: false });
    const deleted = await create(env.server, 'Delta');
    expect((await env.server.api('DELETE', `/v1/checks/${deleted}`)).status).toBe(204);
    const theirs = foreignCheck(env.server);

    const result = await env.trpc.checks.bulk.mutate({ action: 'pause', ids: [a, b, already, deleted, theirs, a] });
    expect(result).toMatchObject({ action: 'pause', done: 2, unchanged: 1, failed: 2 });
    expect(result.items).toEqual([
      { id: a, name: 'Alpha', outcome: 'done' },
      { id: b, name: 'Bravo', outcome: 'done' },
      { id: already, name: 'Charlie', outcome: 'unchanged' },
      { id: deleted, name: null, outcome: 'failed', error: expect.stringContaining('no monitor with this id in this account') },
      { id: theirs, name: null, outcome: 'failed', error: expect.stringContaining('no monitor with this id in this account') },
    ]);
    expect((await read(env.server, a)).activated).toBe(false);
    expect((await read(env.server, b)).activated).toBe(false);
    // The other account's check is untouched.
    expect(env.server.backend.db.sqlite.prepare('select activated from checks where id = ?').get(theirs)).toEqual({ activated: 1 });

    const back = await env.trpc.checks.bulk.mutate({ action: 'activate', ids: [a, b, already] });
    expect(back).toMatchObject({ done: 3, unchanged: 0, failed: 0 });
    for (const id of [a, b, already]) expect((await read(env.server, id)).activated).toBe(true);
  });

  it('mutes and unmutes, moves into a group and out of it', async () => {
    const a = await create(env.server, 'Echo');
    const b = await create(env.server, 'Foxtrot');
    expect(await env.trpc.checks.bulk.mutate({ action: 'mute', ids: [a, b] })).toMatchObject({ done: 2, failed: 0 });
    expect((await read(env.server, a)).muted).toBe(true);
    expect(await env.trpc.checks.bulk.mutate({ action: 'unmute', ids: [a] })).toMatchObject({ done: 1 });
    expect((await read(env.server, a)).muted).toBe(false);
    expect((await read(env.server, b)).muted).toBe(true);

    const group = await env.server.api('POST', '/v1/check-groups', { name: 'Edge routers', locations: [] });
    expect(group.status, group.text).toBe(201);
    const moved = await env.trpc.checks.bulk.mutate({ action: 'moveToGroup', ids: [a, b], groupId: group.body.id });
    expect(moved).toMatchObject({ done: 2, failed: 0 });
    expect((await read(env.server, a)).groupId).toBe(group.body.id);
    const listed = await env.server.api('GET', `/v1/check-groups/${group.body.id}/checks`);
    expect(listed.body.map((c: { id: string }) => c.id).sort()).toEqual([a, b].sort());
    const overview = await env.trpc.checks.overview.query({ groupId: group.body.id });
    expect(overview.items.map((i) => i.groupName)).toEqual(['Edge routers', 'Edge routers']);

    expect(await env.trpc.checks.bulk.mutate({ action: 'moveToGroup', ids: [a, b], groupId: null })).toMatchObject({ done: 2 });
    expect((await read(env.server, b)).groupId).toBeNull();
    // The group can go now: no check is left in it.
    expect((await env.server.api('DELETE', `/v1/check-groups/${group.body.id}`)).status).toBe(204);
  });

  it('subscribes checks to a channel through the channel subscription verb', async () => {
    const a = await create(env.server, 'Golf');
    const b = await create(env.server, 'Hotel');
    const channel = await createEmailChannel(env.server, 'bulk@example.test');
    const result = await env.trpc.checks.bulk.mutate({ action: 'subscribe', ids: [a, b], alertChannelId: channel });
    expect(result).toMatchObject({ done: 2, unchanged: 0, failed: 0 });
    expect((await read(env.server, a)).alertChannelSubscriptions).toEqual([{ alertChannelId: channel, activated: true }]);
    const stored = await env.server.api('GET', `/v1/alert-channels/${channel}`);
    expect(stored.body.subscriptions.map((s: { checkId: string }) => s.checkId).sort()).toEqual([a, b].sort());
    expect(await env.trpc.checks.bulk.mutate({ action: 'subscribe', ids: [a], alertChannelId: channel })).toMatchObject({ done: 0, unchanged: 1 });
  });

  it('deletes through the single-item delete: the checks and their runs are gone', async () => {
    const a = await create(env.server, 'India', { request: { hostname: '127.0.0.1', pingCount: 1 } });
    const b = await create(env.server, 'Juliett');
    const keep = await create(env.server, 'Kilo');
    const triggered = await env.server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: [a] } });
    await env.server.api('GET', `/v1/check-sessions/${triggered.body.sessions[0].checkSessionId}/completion?maxWaitSeconds=30`);

    const result = await env.trpc.checks.bulk.mutate({ action: 'delete', ids: [a, b] });
    expect(result).toMatchObject({ done: 2, failed: 0 });
    expect((await env.server.api('GET', `/v1/checks/${a}`)).status).toBe(404);
    expect((await env.server.api('GET', `/v1/checks/${b}`)).status).toBe(404);
    expect((await env.server.api('GET', `/v1/check-results/${a}`)).status).toBe(404);
    expect((await env.server.api('GET', `/v1/checks/${keep}`)).status).toBe(200);
    const again = await env.trpc.checks.bulk.mutate({ action: 'delete', ids: [a] });
    expect(again.items[0]).toMatchObject({ outcome: 'failed', error: expect.stringContaining('no monitor with this id') });
  });

  it('reports a check whose stored body a PUT would now refuse, and changes the others', async () => {
    const good = await create(env.server, 'Lima');
    const broken = await create(env.server, 'Mike');
    // Stored before a rule existed: thresholds in the wrong order, which every PUT now refuses (so SQL, not the API).
    env.server.backend.db.sqlite
      .prepare("update check_rows set body = json_set(body, '$.degradedPacketLossThreshold', 50, '$.maxPacketLossThreshold', 20) where id = ?")
      .run(broken);
    const result = await env.trpc.checks.bulk.mutate({ action: 'pause', ids: [broken, good] });
    expect(result).toMatchObject({ done: 1, failed: 1 });
    expect(result.items[0]).toMatchObject({ id: broken, name: 'Mike', outcome: 'failed', error: expect.stringContaining('degradedPacketLossThreshold') });
    expect((await read(env.server, good)).activated).toBe(false);
    expect((await read(env.server, broken)).activated).toBe(true);
  });

  it('refuses the whole request with 400 naming the field', async () => {
    const a = await create(env.server, 'November');
    const cases: [unknown, string][] = [
      [{ action: 'pause', ids: [] }, 'ids'],
      [{ action: 'pause', ids: Array.from({ length: 1001 }, (_, i) => `id-${i}`) }, 'ids'],
      [{ action: 'pause', ids: [''] }, 'ids[0]'],
      [{ action: 'explode', ids: [a] }, 'action'],
      [{ action: 'moveToGroup', ids: [a] }, 'groupId'],
      [{ action: 'moveToGroup', ids: [a], groupId: 999_999 }, 'groupId'],
      [{ action: 'subscribe', ids: [a], alertChannelId: 'x' }, 'alertChannelId'],
      [{ action: 'subscribe', ids: [a], alertChannelId: 999_999 }, 'alertChannelId'],
    ];
    for (const [input, field] of cases) {
      const error = await trpcError(env.trpc.checks.bulk.mutate(input as never));
      expect(error.data?.httpStatus, JSON.stringify(input).slice(0, 80)).toBe(400);
      expect(error.message).toContain(`${field}: `);
    }
    expect((await read(env.server, a)).activated).toBe(true);
  });

  it('refuses READ_ONLY and READ_RUN keys with 403 naming the role; they may still read the list', async () => {
    const a = await create(env.server, 'Oscar');
    for (const role of ['READ_ONLY', 'READ_RUN'] as const) {
      const member = await addMemberWithKey(env.server, role);
      const client = trpcClient(env.server.url, member.key);
      const error = await trpcError(client.checks.bulk.mutate({ action: 'delete', ids: [a] }));
      expect(error.data?.httpStatus).toBe(403);
      expect(error.message).toContain(role);
      const all = await trpcError(client.checks.subscribeAll.mutate({ alertChannelId: 1 }));
      expect(all.data?.httpStatus).toBe(403);
      expect((await client.checks.overview.query({ search: 'Oscar' })).items.map((i) => i.id)).toEqual([a]);
    }
    expect((await env.server.api('GET', `/v1/checks/${a}`)).status).toBe(200);
  });

  it('subscribes every check not yet subscribed to a channel, leaving paused subscriptions as they are', async () => {
    const channel = await createEmailChannel(env.server, 'all@example.test');
    const paused = await create(env.server, 'Papa');
    expect((await env.server.api('PUT', `/v1/alert-channels/${channel}/subscriptions`, { checkId: paused, activated: false })).status).toBe(200);
    const total = (await env.trpc.checks.overview.query({})).total;
    const result = await env.trpc.checks.subscribeAll.mutate({ alertChannelId: channel });
    expect(result).toEqual({ subscribed: total - 1, alreadySubscribed: 1, failed: [] });
    const stored = await env.server.api('GET', `/v1/alert-channels/${channel}`);
    expect(stored.body.subscriptions).toHaveLength(total);
    expect(stored.body.subscriptions.find((s: { checkId: string }) => s.checkId === paused).activated).toBe(false);
    expect(await env.trpc.checks.subscribeAll.mutate({ alertChannelId: channel })).toEqual({ subscribed: 0, alreadySubscribed: total, failed: [] });
    expect((await trpcError(env.trpc.checks.subscribeAll.mutate({ alertChannelId: 999_999 }))).data?.httpStatus).toBe(404);
  });
});

describe('checks.bulk keeps the scheduler in step', () => {
  const open: TestServer[] = [];
  afterEach(async () => {
    for (const server of open.splice(0)) await server.stop();
  });

  it('paused and deleted checks leave the schedule, activated ones join it', async () => {
    const clock = new ManualClock('2026-01-01T00:00:00.000Z');
    const timers = new ManualTimers(clock);
    const { server, trpc } = await startServerWithClients({ clock, timers, startScheduler: true, schedulerPollMs: 2000 });
    open.push(server);
    const ids = [await create(server, 'One', { frequency: 60 }), await create(server, 'Two', { frequency: 60 }), await create(server, 'Three', { frequency: 60 })];
    await timers.advance(2000);
    expect(server.backend.scheduler.size).toBe(3);

    await trpc.checks.bulk.mutate({ action: 'pause', ids: ids.slice(0, 2) });
    await timers.advance(2000);
    expect(server.backend.scheduler.size).toBe(1);
    await trpc.checks.bulk.mutate({ action: 'delete', ids: ids.slice(2) });
    await timers.advance(2000);
    expect(server.backend.scheduler.size).toBe(0);
    await trpc.checks.bulk.mutate({ action: 'activate', ids: ids.slice(0, 2) });
    await timers.advance(2000);
    expect(server.backend.scheduler.size).toBe(2);
  });
});
