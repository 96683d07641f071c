import { describe, expect, it } from 'vitest';
import { createChannel } from '../alerts/harness';
import { icmpBody } from '../helpers/server';
import { trpcCode } from '../helpers/trpc';
import { useServerWithClients } from '../helpers/trpc-server';

// Issue 31, blocker 2: a monitor in a group with a channel and a retry read "no alert channel" and its own retry.
describe('alerts.effectiveForCheck: the settings, channels and retry a monitor alerts with, and where each comes from', { timeout: 60_000 }, () => {
  const env = useServerWithClients();

  async function post(path: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const res = await env.server.api('POST', path, body);
    expect(res.status, res.text).toBe(201);
    return res.body as Record<string, unknown>;
  }

  it('a monitor with no channel of its own in a group with one: the group\'s channel, the group\'s retry and alert settings', async () => {
    const groupChannel = await createChannel(env.server, { type: 'EMAIL', config: { address: 'group@example.test' } });
    const ownChannel = await createChannel(env.server, { type: 'EMAIL', config: { address: 'own@example.test' } });
    const group = await post('/v2/check-groups?autoAssignAlerts=false', {
      name: 'Core network',
      alertChannelSubscriptions: [{ alertChannelId: groupChannel, activated: true }],
      retryStrategy: { type: 'FIXED', baseBackoffSeconds: 29, maxRetries: 1, maxDurationSeconds: 600, sameRegion: true },
      useGlobalAlertSettings: false,
      alertSettings: { escalationType: 'RUN_BASED', runBasedEscalation: { failedRunThreshold: 2 }, reminders: { amount: 0, interval: 5 } },
    });
    const member = await post('/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name: 'Gateway', groupId: group.id, retryStrategy: { type: 'SINGLE_RETRY', baseBackoffSeconds: 0 } }));
    const effective = await env.trpc.alerts.effectiveForCheck.query({ checkId: member.id as string });
    expect(effective).toMatchObject({
      group: { id: group.id, name: 'Core network' },
      channels: [{ alertChannelId: groupChannel, from: ['group'] }],
      retryStrategy: { type: 'FIXED', baseBackoffSeconds: 29 },
      retryStrategySource: 'group',
      alertSettingsSource: 'group',
      alertSettings: { runBasedEscalation: { failedRunThreshold: 2 } },
      mutedBy: null,
    });

    // Taken out of the group (as the edit form previews it): its own retry, the account's alert settings, no channel.
    expect(await env.trpc.alerts.effectiveForCheck.query({ checkId: member.id as string, groupId: null })).toMatchObject({
      group: null,
      channels: [],
      retryStrategy: { type: 'SINGLE_RETRY' },
      retryStrategySource: 'check',
      alertSettingsSource: 'account',
    });

    // Its own channel and the group's, the same channel through both, a new monitor previewed in the group.
    const both = await post('/v1/checks/icmp?autoAssignAlerts=false', icmpBody({
      name: 'Edge',
      groupId: group.id,
      alertChannelSubscriptions: [{ alertChannelId: ownChannel, activated: true }, { alertChannelId: groupChannel, activated: true }],
    }));
    expect((await env.trpc.alerts.effectiveForCheck.query({ checkId: both.id as string })).channels).toEqual([
      { alertChannelId: groupChannel, from: ['check', 'group'] },
      { alertChannelId: ownChannel, from: ['check'] },
    ]);
    expect(await env.trpc.alerts.effectiveForCheck.query({ groupId: group.id as number })).toMatchObject({ channels: [{ alertChannelId: groupChannel, from: ['group'] }], retryStrategySource: 'group' });
  });

  it('an unknown monitor is NOT_FOUND', async () => {
    expect(await trpcCode(env.trpc.alerts.effectiveForCheck.query({ checkId: '00000000-0000-4000-8000-000000000000' }))).toBe('NOT_FOUND');
  });
});
