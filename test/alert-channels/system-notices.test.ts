import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendAgentNotice } from '../../src-main/services/agent-connectivity';
import { startServer, type TestServer } from '../helpers/server';
import { startHttpReceiver, type HttpReceiver } from '../notify/receivers';

describe('sendSystemNotices: which channels get the agent-offline and back-online notices', () => {
  let server: TestServer;
  let receiver: HttpReceiver;
  beforeAll(async () => {
    server = await startServer();
    receiver = await startHttpReceiver();
  });
  afterAll(async () => {
    await server.stop();
    await receiver.close();
  });

  const webhook = (path: string, extra: Record<string, unknown> = {}) => ({
    type: 'WEBHOOK',
    config: { name: path, url: `${receiver.url}/${path}`, method: 'POST', template: '{"type":"{{ALERT_TYPE}}","title":"{{ALERT_TITLE}}","error":"{{CHECK_ERROR_MESSAGE}}"}' },
    ...extra,
  });

  it('defaults to true, can be turned off, and a value that is no boolean is a 400 naming the field', async () => {
    const created = await server.api('POST', '/v1/alert-channels', webhook('default'));
    expect(created.status, created.text).toBe(201);
    expect(created.body.sendSystemNotices).toBe(true);
    const bad = await server.api('POST', '/v1/alert-channels', webhook('bad', { sendSystemNotices: 'yes' }));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('sendSystemNotices');
    const off = await server.api('PUT', `/v1/alert-channels/${created.body.id}`, webhook('default', { sendSystemNotices: false }));
    expect(off.status, off.text).toBe(200);
    expect((await server.api('GET', `/v1/alert-channels/${created.body.id}`)).body.sendSystemNotices).toBe(false);
  });

  it('a notice goes to the channels marked for it only, saying which agent and since when', async () => {
    await server.api('POST', '/v1/alert-channels', webhook('marked'));
    await server.api('POST', '/v1/alert-channels', webhook('unmarked', { sendSystemNotices: false }));
    receiver.requests.length = 0;
    await sendAgentNotice(server.backend.deps, { agentName: 'local', change: 'OFFLINE', since: '2026-03-01T03:00:25.000Z', reason: 'no network interface but loopback is up', runsNotRun: 0 });
    await expect.poll(() => receiver.requests.length, { timeout: 10_000 }).toBe(1);
    const [request] = receiver.requests;
    expect(request?.path).toBe('/marked');
    const body = JSON.parse(request?.body ?? '{}') as { type: string; title: string; error: string };
    expect(body.type).toBe('AGENT_OFFLINE');
    expect(body.title).toBe('Agent "local" is offline: its runs are skipped and its checks do not alert until it is back');
    expect(body.error).toContain('since 2026-03-01T03:00:25.000Z: no network interface but loopback is up.');
  });

  it('the back-online notice counts the runs its outage skipped and says why it happened; an unreachable agent is named as such', async () => {
    receiver.requests.length = 0;
    await sendAgentNotice(server.backend.deps, { agentName: 'local', change: 'ONLINE', since: '2026-03-01T03:05:00.000Z', reason: 'no network interface but loopback is up', runsNotRun: 17 });
    await sendAgentNotice(server.backend.deps, { agentName: 'Branch (remote agent a1)', change: 'UNREACHABLE', since: '2026-03-01T03:00:00.000Z', reason: 'no lease request or heartbeat for 31 s (the limit is 30 s)', runsNotRun: 0 });
    await expect.poll(() => receiver.requests.length, { timeout: 10_000 }).toBe(2);
    const bodies = receiver.requests.map((r) => JSON.parse(r.body) as { type: string; title: string; error: string });
    const online = bodies.find((b) => b.type === 'AGENT_ONLINE');
    expect(online?.error).toContain('(17 runs were skipped while it was offline; it had gone offline because no network interface but loopback is up)');
    const unreachable = bodies.find((b) => b.type === 'AGENT_UNREACHABLE');
    expect(unreachable?.title).toBe('Agent "Branch (remote agent a1)" is unreachable: the server has not heard from it, so its checks are not run and do not alert until it is back');
    expect(unreachable?.error).toContain('since 2026-03-01T03:00:00.000Z: no lease request or heartbeat for 31 s');
  });
});
