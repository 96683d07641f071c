import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startHealthServer, type HealthServer } from '../../src-main/agent/health-server';
import { parseHealthPort, resolveConfig } from '../../src-main/core/config';
import { createLogger } from '../../src-main/core/logger';
import { probe } from './helpers';

const logger = createLogger('silent');

describe('agent health probes', () => {
  let health: HealthServer | null = null;
  afterEach(async () => {
    await health?.close();
    health = null;
  });

  it('answers readiness, liveness and health with 200, then readiness 503 once shutdown starts', async () => {
    health = await startHealthServer({ port: 0, host: '127.0.0.1', logger });
    expect(health.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await probe(`${health.url}/-/readiness`)).toEqual({ status: 200, body: { status: 'ready' } });
    expect(await probe(`${health.url}/-/liveness`)).toEqual({ status: 200, body: { status: 'alive' } });
    expect(await probe(`${health.url}/health`)).toEqual({ status: 200, body: { status: 'ok' } });
    expect((await probe(`${health.url}/nope`)).status).toBe(404);

    health.markShuttingDown();
    health.markReady();
    expect(await probe(`${health.url}/-/readiness`)).toEqual({ status: 503, body: { status: 'shutting down' } });
    expect((await probe(`${health.url}/-/liveness`)).status).toBe(200);
    expect((await probe(`${health.url}/health`)).status).toBe(200);
  });

  it('a remote agent is not ready before it has registered', async () => {
    health = await startHealthServer({ port: 0, host: '127.0.0.1', logger, startNotReady: true });
    expect((await probe(`${health.url}/-/readiness`)).status).toBe(503);
    health.markReady();
    expect((await probe(`${health.url}/-/readiness`)).status).toBe(200);
  });

  it('a taken port is a warning: the probes are skipped and nothing throws', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const address = blocker.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      health = await startHealthServer({ port, host: '127.0.0.1', logger });
      expect(health.port).toBeNull();
      expect(health.url).toBeNull();
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('the port comes from --agent-health-port, then AGENT_HEALTH_PORT, then 8081 (read through Config)', () => {
    const dataDir = '/tmp/sightline-config-only';
    expect(resolveConfig({ dataDir }, {}).agentHealthPort).toBe(8081);
    expect(resolveConfig({ dataDir }, { AGENT_HEALTH_PORT: '9090' }).agentHealthPort).toBe(9090);
    expect(resolveConfig({ dataDir, agentHealthPort: 0 }, { AGENT_HEALTH_PORT: '9090' }).agentHealthPort).toBe(0);
    expect(parseHealthPort('http', '--agent-health-port')).toBe('--agent-health-port must be an integer between 0 and 65535, got "http"');
    expect(() => resolveConfig({ dataDir }, { AGENT_HEALTH_PORT: '70000' })).toThrow('AGENT_HEALTH_PORT must be an integer between 0 and 65535, got "70000"');
  });
});
