import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startAgentProbes, startHealthServer, type HealthServer } from '../../src-main/agent/health-server';
import { shutDownGracefully } from '../../src-main/agent/graceful-shutdown';
import { createLogger } from '../../src-main/core/logger';
import { probe } from './helpers';

const logger = createLogger('silent');

async function takenPort(): Promise<{ port: number; blocker: Server }> {
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const address = blocker.address();
  return { port: typeof address === 'object' && address ? address.port : 0, blocker };
}

describe('agent probes as serve and the desktop app start them (startAgentProbes)', () => {
  let health: HealthServer | null = null;
  const blockers: Server[] = [];
  afterEach(async () => {
    vi.restoreAllMocks();
    await health?.close();
    health = null;
    for (const blocker of blockers.splice(0)) await new Promise((resolve) => blocker.close(resolve));
  });

  it('announces the probes on stdout and stops them through the graceful shutdown', async () => {
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    health = await startAgentProbes({ port: 0, host: '127.0.0.1', logger });
    expect(stdout).toHaveBeenCalledWith(`Agent health probes on ${health.url}\n`);
    expect(await probe(`${health.url}/-/readiness`)).toEqual({ status: 200, body: { status: 'ready' } });
    const url = health.url;
    let readinessWhileDraining = 0;
    await shutDownGracefully({ health, drain: async () => void (readinessWhileDraining = (await probe(`${url}/-/readiness`)).status) });
    expect(readinessWhileDraining).toBe(503);
    await expect(probe(`${url}/health`)).rejects.toThrow();
  });

  it('the desktop way: a taken port is a warning and the probes answer on a free port', async () => {
    const { port, blocker } = await takenPort();
    blockers.push(blocker);
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    health = await startAgentProbes({ port, host: '127.0.0.1', logger, freePortIfTaken: true });
    expect(health.port).not.toBeNull();
    expect(health.port).not.toBe(port);
    expect(await probe(`${health.url}/-/liveness`)).toEqual({ status: 200, body: { status: 'alive' } });
    expect(String(stderr.mock.calls[0]?.[0])).toMatch(new RegExp(`^Warning: agent health probes: cannot listen on 127\\.0\\.0\\.1:${port} \\(EADDRINUSE\\); serving them on a free port instead\\.`));
  });

  it('the serve way keeps a taken port a warning with no probes', async () => {
    const { port, blocker } = await takenPort();
    blockers.push(blocker);
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    health = await startHealthServer({ port, host: '127.0.0.1', logger });
    expect(health.url).toBeNull();
    expect(String(stderr.mock.calls[0]?.[0])).toMatch(/^Warning: agent health probes not served: cannot listen on/);
  });
});
