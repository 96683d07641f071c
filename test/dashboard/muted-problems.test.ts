import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPOSSIBLE, runToCompletion } from '../alerts/harness';
import { icmpBody, startServer, type TestServer } from '../helpers/server';
import { sseClient, type SseClient } from './sse-client';

describe('dashboard.summary: which failing monitors will not alert', { timeout: 120_000 }, () => {
  let server: TestServer;
  let trpc: SseClient;

  async function createFailing(name: string, members: Record<string, unknown>): Promise<string> {
    const res = await server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name, request: IMPOSSIBLE, ...members }));
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  }

  beforeAll(async () => {
    server = await startServer();
    trpc = sseClient(server.url, server.key);
    const group = await server.api('POST', '/v1/check-groups', { name: 'Quiet group', muted: true, locations: [] });
    expect(group.status, group.text).toBe(201);
    const ids = [
      await createFailing('Alerting', {}),
      await createFailing('Muted itself', { muted: true }),
      await createFailing('In a muted group', { groupId: group.body.id }),
    ];
    for (const id of ids) await runToCompletion(server.api, id);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('marks a failing monitor muted when it or its group is muted', async () => {
    const summary = await trpc.dashboard.summary.query();
    expect(summary.problems.items.map((p) => [p.name, p.health, p.muted])).toEqual([
      ['Alerting', 'failing', false],
      ['In a muted group', 'failing', true],
      ['Muted itself', 'failing', true],
    ]);
  });
});
