import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { icmpBody, startServer, type TestServer } from '../helpers/server';

type Body = Record<string, unknown>;

const TYPES: [string, string, Body][] = [
  ['ICMP', '/v1/checks/icmp', icmpBody()],
  ['traceroute', '/v1/checks/traceroute', { name: 'Path to loopback', request: { url: '127.0.0.1' } }],
  ['multi-step', '/v1/checks/multistep', { name: 'Login flow', script: '// nothing to do\n' }],
];

describe('degraded thresholds must be below the failed ones', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe.each(TYPES)('%s', (_type, path, valid) => {
    it.each([
      ['above', 25000],
      ['equal', 20000],
    ])('refuses degradedResponseTime %s maxResponseTime on create', async (_how, degraded) => {
      const res = await server.api('POST', path, { ...valid, degradedResponseTime: degraded, maxResponseTime: 20000 });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('degradedResponseTime: must be below maxResponseTime (20000 ms)');
    });

    it('accepts degradedResponseTime below maxResponseTime', async () => {
      const res = await server.api('POST', path, { ...valid, degradedResponseTime: 19999, maxResponseTime: 20000 });
      expect(res.status).toBe(201);
    });

    it('applies the rule to the merged monitor on PUT and changes nothing when it refuses', async () => {
      const created = await server.api('POST', path, { ...valid, degradedResponseTime: 5000, maxResponseTime: 20000 });
      expect(created.status).toBe(201);
      const res = await server.api('PUT', `/v1/checks/${path.split('/').pop()}/${created.body.id}`, { maxResponseTime: 4000 });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('degradedResponseTime: must be below maxResponseTime (4000 ms)');
      const stored = await server.api('GET', `/v1/checks/${created.body.id}`);
      expect(stored.body.maxResponseTime).toBe(20000);
    });
  });

  it('refuses an ICMP degraded packet-loss threshold at or above the failed one', async () => {
    const res = await server.api('POST', '/v1/checks/icmp', icmpBody({ degradedPacketLossThreshold: 30, maxPacketLossThreshold: 30 }));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('degradedPacketLossThreshold: must be below maxPacketLossThreshold (30%)');
  });

  it('checks an ICMP PUT that lowers only the failed packet-loss threshold against the stored degraded one', async () => {
    const created = await server.api('POST', '/v1/checks/icmp', icmpBody({ degradedPacketLossThreshold: 10, maxPacketLossThreshold: 20 }));
    const res = await server.api('PUT', `/v1/checks/icmp/${created.body.id}`, { maxPacketLossThreshold: 5 });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('degradedPacketLossThreshold: must be below maxPacketLossThreshold (5%)');
  });
});
