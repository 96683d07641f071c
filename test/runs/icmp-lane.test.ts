import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { icmpBody, startServer, type TestServer } from '../helpers/server';

interface ResultDetail {
  hasFailures: boolean;
  hasErrors: boolean;
  icmpCheckResult: { hostname: string; packetsSent: number; packetsReceived: number; packetLoss: number; latency: { min: number; avg: number; max: number; stdDev: number } };
}

/** A logger whose lines the test reads. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'warn', base: undefined }, stream), lines };
}

async function runAll(server: TestServer, count: number, pingCount: number): Promise<{ hostname: string; detail: ResultDetail }[]> {
  const ids: string[] = [];
  const hostOf = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    const created = await server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name: `host ${i}`, request: { hostname: `127.9.0.${i + 1}`, pingCount } }));
    expect(created.status, created.text).toBe(201);
    ids.push(created.body.id);
    hostOf.set(created.body.id, `127.9.0.${i + 1}`);
  }
  const triggered = await server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: ids } });
  expect(triggered.status, triggered.text).toBe(201);
  const out: { hostname: string; detail: ResultDetail }[] = [];
  for (const session of triggered.body.sessions as { checkSessionId: string; checkId: string }[]) {
    const done = await server.api('GET', `/v1/check-sessions/${session.checkSessionId}/completion?maxWaitSeconds=30`);
    expect(done.status, done.text).toBe(200);
    expect(done.body.status).toBe('PASSED');
    const detail = await server.api('GET', `/v1/check-results/${session.checkId}/${done.body.results[0].checkResultId}`);
    out.push({ hostname: hostOf.get(session.checkId) ?? '', detail: detail.body });
  }
  return out;
}

describe('the ICMP lane (real fping and ping against 127.0.0.0/8)', { timeout: 120_000 }, () => {
  const open: TestServer[] = [];
  afterEach(async () => {
    for (const server of open.splice(0)) await server.stop();
  });

  it('batches due checks through fping: each check gets its own full result', async () => {
    const server = await startServer();
    open.push(server);
    expect((await server.backend.agentHealth()).icmpMode).toBe('fping');
    const results = await runAll(server, 12, 3);
    expect(results).toHaveLength(12);
    for (const { hostname, detail } of results) {
      expect(detail.hasFailures).toBe(false);
      expect(detail.icmpCheckResult).toMatchObject({ hostname, packetsSent: 3, packetsReceived: 3, packetLoss: 0 });
      expect(detail.icmpCheckResult.latency.max).toBeGreaterThanOrEqual(detail.icmpCheckResult.latency.min);
    }
    const lane = (await server.backend.agentHealth()).lanes.find((l) => l.lane === 'ICMP');
    expect(lane).toMatchObject({ startedTotal: 12, skippedTotal: 0, running: 0, queued: 0 });
    expect(lane?.runsPerMinute).toBe(12);
  });

  it('falls back to one ping per run where fping is missing, and says so once', async () => {
    const { logger, lines } = capturingLogger();
    const server = await startServer({ logger, tools: { fping: '/nonexistent/fping' } });
    open.push(server);
    const health = await server.backend.agentHealth();
    expect(health.icmpMode).toBe('ping');
    expect(health.message).toMatch(/fping is not installed/);
    expect(health.lanes.find((l) => l.lane === 'ICMP')?.capacity).toBe(64);
    expect(lines.filter((l) => String(l.msg).includes('fping was not found'))).toHaveLength(1);
    const results = await runAll(server, 3, 2);
    for (const { detail } of results) expect(detail.icmpCheckResult).toMatchObject({ packetsSent: 2, packetsReceived: 2, packetLoss: 0 });
  });
});
