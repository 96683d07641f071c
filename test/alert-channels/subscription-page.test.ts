import { beforeAll, describe, expect, it } from 'vitest';
import { addMemberWithKey } from '../accounts/helpers';
import { createGroup } from '../check-groups/helpers';
import { createEmailChannel, icmpBody } from '../helpers/server';
import { trpcClient, trpcError, type TrpcClient } from '../helpers/trpc';
import { useServerWithClients } from '../helpers/trpc-server';

type Page = Awaited<ReturnType<TrpcClient['alertChannels']['subscriptions']['query']>>;

/** More monitors than a 100-item list holds, so names beyond it must come from the server. */
const MONITORS = 120;
const probeName = (n: number) => `Probe ${String(n).padStart(3, '0')}`;

describe('alertChannels.subscriptions and alertChannels.removeSubscription', () => {
  let channel: number;
  let groupId: number;
  const names = new Map<string, string>();

  const env = useServerWithClients();

  beforeAll(async () => {
    for (let n = 1; n <= MONITORS; n += 1) {
      const res = await env.server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name: probeName(n) }));
      expect(res.status, res.text).toBe(201);
      names.set(res.body.id, probeName(n));
    }
    const zurich = await env.server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name: 'Zürich gateway' }));
    names.set(zurich.body.id, 'Zürich gateway');
    groupId = (await createGroup(env.server, { name: 'Edge routers' })).id;
    channel = await createEmailChannel(env.server, 'subscriptions@example.test');
  }, 60_000);

  async function allPages(limit: number, search?: string): Promise<Page['items']> {
    const items: Page['items'] = [];
    for (let page = 1; ; page += 1) {
      const result = await env.trpc.alertChannels.subscriptions.query({ id: channel, page, limit, search });
      items.push(...result.items);
      if (result.items.length < limit) return items;
    }
  }

  it('counts the monitors not yet subscribed from the env.server, beyond the first 100', async () => {
    const empty = await env.trpc.alertChannels.subscriptions.query({ id: channel, page: 1, limit: 25 });
    expect(empty).toEqual({ items: [], total: 0, page: 1, limit: 25, totalChecks: MONITORS + 1, unsubscribedChecks: MONITORS + 1 });

    expect(await env.trpc.checks.subscribeAll.mutate({ alertChannelId: channel })).toMatchObject({ subscribed: MONITORS + 1 });
    await env.trpc.alertChannels.updateSubscription.mutate({ id: channel, subscription: { groupId, activated: false } });
    const full = await env.trpc.alertChannels.subscriptions.query({ id: channel, page: 1, limit: 25 });
    expect(full).toMatchObject({ total: MONITORS + 2, totalChecks: MONITORS + 1, unsubscribedChecks: 0 });
  });

  it('names every subscription, a page at a time, ordered by name with the group among them', async () => {
    const items = await allPages(25);
    expect(items).toHaveLength(MONITORS + 2);
    expect(new Set(items.map((s) => s.id)).size).toBe(MONITORS + 2);
    expect(items[0]).toEqual({ id: expect.any(Number), checkId: null, checkName: null, groupId, groupName: 'Edge routers', activated: false });
    const monitors = items.slice(1);
    for (const s of monitors) {
      expect(s).toMatchObject({ groupId: null, groupName: null, activated: true });
      expect(s.checkName).toBe(names.get(s.checkId ?? ''));
    }
    expect(monitors.map((s) => s.checkName)).toEqual([...names.values()].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    // The oldest monitors are the ones a newest-first list of 100 leaves out.
    expect(monitors[0].checkName).toBe(probeName(1));

    const last = await env.trpc.alertChannels.subscriptions.query({ id: channel, page: 5, limit: 30 });
    expect(last).toMatchObject({ total: MONITORS + 2, page: 5, limit: 30, items: [{ checkName: probeName(120) }, { checkName: 'Zürich gateway' }] });
    expect((await env.trpc.alertChannels.subscriptions.query({ id: channel, page: 6, limit: 30 })).items).toEqual([]);
  });

  it('filters by a case-insensitive part of the monitor or group name', async () => {
    const eleven = await env.trpc.alertChannels.subscriptions.query({ id: channel, page: 1, limit: 100, search: 'PROBE 11' });
    expect(eleven.total).toBe(10);
    expect(eleven.items.map((s) => s.checkName)).toEqual(Array.from({ length: 10 }, (_, i) => probeName(110 + i)));

    const paged = await env.trpc.alertChannels.subscriptions.query({ id: channel, page: 2, limit: 4, search: 'probe 11' });
    expect(paged).toMatchObject({ total: 10, items: [{ checkName: probeName(114) }, { checkName: probeName(115) }, { checkName: probeName(116) }, { checkName: probeName(117) }] });

    expect((await env.trpc.alertChannels.subscriptions.query({ id: channel, page: 1, limit: 10, search: 'ZÜRICH' })).items.map((s) => s.checkName)).toEqual(['Zürich gateway']);
    expect((await env.trpc.alertChannels.subscriptions.query({ id: channel, page: 1, limit: 10, search: 'edge ROUTERS' })).items.map((s) => s.groupName)).toEqual(['Edge routers']);
    const none = await env.trpc.alertChannels.subscriptions.query({ id: channel, page: 1, limit: 10, search: 'no such monitor' });
    expect(none).toMatchObject({ items: [], total: 0, totalChecks: MONITORS + 1, unsubscribedChecks: 0 });
  });

  it('takes 1 to 100 subscriptions a page', async () => {
    for (const limit of [0, 101]) {
      const error = await trpcError(env.trpc.alertChannels.subscriptions.query({ id: channel, page: 1, limit }));
      expect(error.data?.code, String(limit)).toBe('BAD_REQUEST');
      expect(error.message).toMatch(/^limit: /);
    }
  });

  it('lets a read-only key read the page but not remove a subscription', async () => {
    const reader = trpcClient(env.server.url, (await addMemberWithKey(env.server, 'READ_ONLY')).key);
    const page = await reader.alertChannels.subscriptions.query({ id: channel, page: 1, limit: 5, search: probeName(7) });
    expect(page.items.map((s) => s.checkName)).toEqual([probeName(7)]);
    const error = await trpcError(reader.alertChannels.removeSubscription.mutate({ id: channel, subscriptionId: page.items[0].id }));
    expect(error.data?.code).toBe('FORBIDDEN');
    expect(error.message).toContain('READ_ONLY');
    expect((await env.trpc.alertChannels.subscriptions.query({ id: channel, page: 1, limit: 5, search: probeName(7) })).total).toBe(1);
  });

  it('removes one subscription by id and leaves the others', async () => {
    const [target] = (await env.trpc.alertChannels.subscriptions.query({ id: channel, page: 1, limit: 1, search: probeName(105) })).items;
    expect(await env.trpc.alertChannels.removeSubscription.mutate({ id: channel, subscriptionId: target.id })).toEqual({ id: target.id });

    const after = await env.trpc.alertChannels.subscriptions.query({ id: channel, page: 1, limit: 25 });
    expect(after).toMatchObject({ total: MONITORS + 1, unsubscribedChecks: 1 });
    const stored = await env.trpc.alertChannels.get.query({ id: channel });
    expect(stored.subscriptions).toHaveLength(MONITORS + 1);
    expect(stored.subscriptions.map((s) => s.id)).not.toContain(target.id);
    expect(stored.subscriptions.map((s) => s.checkId)).toContain([...names.keys()][103]);
    expect(stored.subscriptions.find((s) => s.groupId === groupId)?.activated).toBe(false);
    expect(stored.updated_at).not.toBeNull();
    // The monitor itself stays, only its subscription to this channel is gone.
    expect((await env.server.api('GET', `/v1/checks/${target.checkId}`)).status).toBe(200);
  });

  it('answers NOT_FOUND naming the missing channel or subscription', async () => {
    const missingChannel = await trpcError(env.trpc.alertChannels.removeSubscription.mutate({ id: 999_999, subscriptionId: 1 }));
    expect(missingChannel.data?.code).toBe('NOT_FOUND');
    expect(missingChannel.message).toBe('Alert channel 999999 not found');

    const missingPage = await trpcError(env.trpc.alertChannels.subscriptions.query({ id: 999_999, page: 1, limit: 10 }));
    expect(missingPage.data?.code).toBe('NOT_FOUND');
    expect(missingPage.message).toBe('Alert channel 999999 not found');

    const missingSubscription = await trpcError(env.trpc.alertChannels.removeSubscription.mutate({ id: channel, subscriptionId: 987_654 }));
    expect(missingSubscription.data?.code).toBe('NOT_FOUND');
    expect(missingSubscription.message).toBe(`Subscription 987654 of alert channel ${channel} not found`);

    // A subscription of another channel is not this channel's to remove.
    const other = await createEmailChannel(env.server, 'other@example.test');
    const [theirs] = (await env.trpc.alertChannels.subscriptions.query({ id: channel, page: 1, limit: 1, search: probeName(1) })).items;
    const mine = await env.trpc.alertChannels.updateSubscription.mutate({ id: other, subscription: { checkId: theirs.checkId, activated: true } });
    const wrongChannel = await trpcError(env.trpc.alertChannels.removeSubscription.mutate({ id: channel, subscriptionId: mine.id }));
    expect(wrongChannel.message).toBe(`Subscription ${mine.id} of alert channel ${channel} not found`);
    expect((await env.trpc.alertChannels.subscriptions.query({ id: other, page: 1, limit: 10 })).items.map((s) => s.id)).toEqual([mine.id]);
  });
});
