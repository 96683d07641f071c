import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server';
import { startHttpReceiver, type HttpReceiver } from '../../notify/receivers';

/**
 * The unreachable state of remote agents outlives a restart of the server (issue 36): an agent
 * announced unreachable that is still silent after the restart is not announced again, and one
 * that comes back after the restart is told back once. The test speaks the agents' HTTP protocol
 * itself (register, heartbeat), so it decides exactly when each agent is heard from.
 */

const REMOTE = { heartbeatIntervalMs: 300, unreachableAfterMs: 1500, sweepIntervalMs: 100 };

describe('remote agents unreachable across a restart of the server', () => {
  let server: TestServer;
  let receiver: HttpReceiver;

  beforeAll(async () => {
    receiver = await startHttpReceiver();
    server = await startServer({ config: { rateLimitPerMinute: 100_000 }, remoteAgents: REMOTE });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
  });

  const notices = () => receiver.requests.map((request) => JSON.parse(request.body) as { type: string; name: string; error: string });

  async function agentCall(key: string, path: string, body: unknown): Promise<{ status: number; body: any }> {
    const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: await response.json().catch(() => null) };
  }

  it('a silent agent is announced once, not again after the restart; one back after the restart is told back once', async () => {
    const channel = await server.api('POST', '/v1/alert-channels', {
      type: 'WEBHOOK',
      config: { name: 'ops', url: `${receiver.url}/hook`, method: 'POST', template: '{"type":"{{ALERT_TYPE}}","name":"{{CHECK_NAME}}","error":"{{CHECK_ERROR_MESSAGE}}"}' },
    });
    expect(channel.status, channel.text).toBe(201);
    const location = await server.api('POST', '/v1/private-locations', { name: 'Branch office', slugName: 'branch' });
    expect(location.status, location.text).toBe(201);
    const key = location.body.keys[0].rawKey as string;
    const silent = await agentCall(key, '/v1/agent/register', { hostname: 'silent-box' });
    const returning = await agentCall(key, '/v1/agent/register', { hostname: 'returning-box' });
    expect([silent.status, returning.status]).toEqual([201, 201]);
    const silentId = silent.body.agentId as string;
    const returningId = returning.body.agentId as string;

    // Both stop speaking: one notice each.
    await expect.poll(() => notices().map((n) => n.type), { timeout: 10_000 }).toEqual(['AGENT_UNREACHABLE', 'AGENT_UNREACHABLE']);
    const named = notices().map((n) => n.name);
    expect(named.some((name) => name.includes(silentId))).toBe(true);
    expect(named.some((name) => name.includes(returningId))).toBe(true);

    // A real restart on the same data folder.
    await server.close();
    server = await startServer({ dataDir: server.dataDir, config: { rateLimitPerMinute: 100_000 }, remoteAgents: REMOTE });

    // The returning agent's first heartbeat after the restart: told back once.
    const beat = await agentCall(key, '/v1/agent/heartbeat', { agentId: returningId, runningJobIds: [] });
    expect(beat.status).toBe(200);
    await expect.poll(() => notices().map((n) => n.type), { timeout: 10_000 }).toEqual(['AGENT_UNREACHABLE', 'AGENT_UNREACHABLE', 'AGENT_REACHABLE']);
    expect(notices()[2]?.name).toContain(returningId);
    expect(notices()[2]?.error).toContain('0 runs were not run while it was unreachable');

    // Several sweeps and unreachable limits later: the silent agent is not announced again, the returning one stays back.
    const until = Date.now() + 3 * REMOTE.unreachableAfterMs;
    while (Date.now() < until) {
      expect((await agentCall(key, '/v1/agent/heartbeat', { agentId: returningId, runningJobIds: [] })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, REMOTE.heartbeatIntervalMs));
    }
    await server.backend.alerting.dispatcher.drain();
    expect(notices().map((n) => n.type)).toEqual(['AGENT_UNREACHABLE', 'AGENT_UNREACHABLE', 'AGENT_REACHABLE']);

    // The silent one, heard from at last, is told back once too.
    expect((await agentCall(key, '/v1/agent/heartbeat', { agentId: silentId, runningJobIds: [] })).status).toBe(200);
    await expect.poll(() => notices().map((n) => n.type), { timeout: 10_000 }).toEqual(['AGENT_UNREACHABLE', 'AGENT_UNREACHABLE', 'AGENT_REACHABLE', 'AGENT_REACHABLE']);
    expect(notices()[3]?.name).toContain(silentId);
  }, 60_000);
});
