import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { shutDownGracefully } from '../../src-main/agent/graceful-shutdown';
import { startHealthServer } from '../../src-main/agent/health-server';
import { icmpBody, makeApi, makeDataDir, startServer, TEST_KEY } from '../helpers/server';
import { killLeftovers, probe, spawnSightline, waitFor } from './helpers';

/** 20 packets 0.2 s apart take about 4 s: long enough to watch shutdown while the check runs. */
const SLOW_PING = icmpBody({ name: 'Slow ping', request: { hostname: '127.0.0.1', pingCount: 20 } });

describe('shutdown of the embedded agent', () => {
  afterAll(() => killLeftovers());

  it('readiness turns 503 at once while a running check finishes, and its result is saved', async () => {
    const server = await startServer({ drainTimeoutMs: 30_000 });
    const dataDir = server.dataDir;
    const health = await startHealthServer({ port: 0, host: '127.0.0.1', logger: server.backend.deps.logger });
    try {
      for (const path of ['/-/readiness', '/-/liveness', '/health']) expect((await probe(`${health.url}${path}`)).status).toBe(200);
      const check = await server.api('POST', '/v1/checks/icmp', SLOW_PING);
      const triggered = await server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: [check.body.id] } });
      const sessionId = triggered.body.sessions[0].checkSessionId as string;
      await waitFor('the ping to start', () => (server.backend.agent.active === 1 ? true : undefined));

      const stopping = shutDownGracefully({ health, drain: () => server.close() });
      expect(await probe(`${health.url}/-/readiness`)).toEqual({ status: 503, body: { status: 'shutting down' } });
      expect((await probe(`${health.url}/-/liveness`)).status).toBe(200);
      expect(server.backend.agent.active).toBe(1);
      await stopping;
      expect(server.backend.agent.active).toBe(0);

      const again = await startServer({ dataDir });
      try {
        const session = await again.api('GET', `/v1/check-sessions/${sessionId}`);
        expect(session.status).toBe(200);
        expect(session.body.status).toBe('PASSED');
        expect(session.body.results).toHaveLength(1);
        expect(session.body.results[0]).toMatchObject({ resultType: 'FINAL', runLocation: 'local', hasFailures: false });
      } finally {
        await again.stop();
      }
    } finally {
      await health.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('sightline serve: probes on --agent-health-port, SIGTERM → readiness 503 while the check finishes → exit 0, result kept', async () => {
    const dataDir = await makeDataDir();
    const args = ['serve', '--no-console-build', '--no-scheduler', '--port', '0', '--data-dir', dataDir, '--api-key', TEST_KEY, '--agent-health-port', '0'];
    try {
      const cli = spawnSightline(args);
      const url = await cli.line(/^Sightline API listening on (http:\/\/\S+)$/, 30_000);
      const healthUrl = await cli.line(/^Agent health probes on (http:\/\/127\.0\.0\.1:\d+)$/);
      for (const path of ['/-/readiness', '/-/liveness', '/health']) expect((await probe(`${healthUrl}${path}`)).status).toBe(200);

      const api = makeApi(url, TEST_KEY);
      const check = await api('POST', '/v1/checks/icmp', SLOW_PING);
      expect(check.status).toBe(201);
      const triggered = await api('POST', '/v1/check-sessions/trigger', { target: { checkId: [check.body.id] } });
      const sessionId = triggered.body.sessions[0].checkSessionId as string;

      cli.child.kill('SIGTERM');
      const readiness = await waitFor('readiness 503', async () => {
        const answer = await probe(`${healthUrl}/-/readiness`);
        return answer.status === 503 ? answer : undefined;
      });
      expect(readiness.body).toEqual({ status: 'shutting down' });
      expect((await probe(`${healthUrl}/-/liveness`)).status).toBe(200);
      expect(await cli.exited).toBe(0);

      const again = spawnSightline(args);
      const againUrl = await again.line(/^Sightline API listening on (http:\/\/\S+)$/, 30_000);
      const session = await makeApi(againUrl, TEST_KEY)('GET', `/v1/check-sessions/${sessionId}`);
      expect(session.body.status).toBe('PASSED');
      expect(session.body.results).toHaveLength(1);
      expect(await again.stop('SIGTERM')).toBe(0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
