import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MULTI_STEP_TIMEOUT_MS, plannedExecution } from '../../src-shared/schemas/run-job';
import { icmpBody, startServer, type TestServer } from '../helpers/server';

interface SessionRead {
  status: string;
  results: { checkResultId: string; resultType: 'ATTEMPT' | 'FINAL'; startedAt: string; stoppedAt: string }[];
}

interface ResultRead {
  resultType: 'ATTEMPT' | 'FINAL';
  hasFailures: boolean;
  isCancelled: boolean;
  timedOut: boolean;
  error: { kind: string; message: string } | null;
}

/** Never finishes on its own: waits for a promise nobody resolves. */
const HANGS = `import { test } from '@playwright/test';
test('waits forever', async () => { await new Promise(() => {}); });`;

describe('the run limit of multi-step checks', () => {
  it('is the check\'s maxResponseTime, else 30 s: far below the 120 s every other run gets', () => {
    expect(DEFAULT_MULTI_STEP_TIMEOUT_MS).toBe(30_000);
    const timeoutOf = (body: Record<string, unknown>) => {
      const planned = plannedExecution('check', 'MULTI_STEP', { script: 'x', ...body }, []);
      return 'problem' in planned ? planned.problem : planned.timeoutMs;
    };
    expect(timeoutOf({})).toBe(30_000);
    expect(timeoutOf({ maxResponseTime: null })).toBe(30_000);
    expect(timeoutOf({ maxResponseTime: 5000 })).toBe(5000);
    expect(timeoutOf({ maxResponseTime: 0 })).toBe(1000);
  });
});

/**
 * Multi-step checks whose scripts never finish, on a multi-step lane of two slots, and an ICMP
 * check triggered while they hang: each hung run ends at its own limit as a TIMEOUT failure,
 * retried exactly as its strategy says, and the ICMP run does not wait for any of them.
 */
describe('hung multi-step scripts (real Playwright and ping on 127.0.0.1)', { timeout: 180_000 }, () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ lanes: { MULTI_STEP: 2 } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const create = async (path: string, body: Record<string, unknown>): Promise<string> => {
    const created = await server.api('POST', `${path}?autoAssignAlerts=false`, body);
    expect(created.status, created.text).toBe(201);
    return created.body.id as string;
  };

  const trigger = async (checkIds: string[]): Promise<Map<string, string>> => {
    const triggered = await server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: checkIds } });
    expect(triggered.status, triggered.text).toBe(201);
    return new Map((triggered.body.sessions as { checkId: string; checkSessionId: string }[]).map((s) => [s.checkId, s.checkSessionId]));
  };

  const completed = async (sessionId: string): Promise<SessionRead> => {
    for (;;) {
      const done = await server.api('GET', `/v1/check-sessions/${sessionId}/completion?maxWaitSeconds=30`);
      if (done.status === 200) return done.body as SessionRead;
      expect(done.status, done.text).toBe(408);
    }
  };

  it('ends each hung run at its limit as a TIMEOUT, retries it only as its strategy says, and keeps ICMP on time', async () => {
    const limits = { maxResponseTime: 2000 };
    const hung = {
      doubleCheck: await create('/v1/checks/multistep', { name: 'hangs, doubleCheck', script: HANGS, doubleCheck: true, retryStrategy: null, ...limits }),
      noRetry: await create('/v1/checks/multistep', { name: 'hangs, no retry', script: HANGS, doubleCheck: false, retryStrategy: null, ...limits }),
      fixed: await create('/v1/checks/multistep', {
        name: 'hangs, two fixed retries',
        script: HANGS,
        doubleCheck: false,
        retryStrategy: { type: 'FIXED', baseBackoffSeconds: 0, maxRetries: 2 },
        ...limits,
      }),
      spins: await create('/v1/checks/multistep', {
        name: 'spins, no retry',
        script: "import { test } from '@playwright/test';\ntest('spins', () => { for (;;) { /* blocks its own timers */ } });",
        doubleCheck: false,
        retryStrategy: null,
        ...limits,
      }),
    };
    const ping = await create('/v1/checks/icmp', icmpBody({ name: 'gateway', request: { hostname: '127.0.0.1', pingCount: 1 }, doubleCheck: false }));

    const sessions = await trigger(Object.values(hung));
    const lane = async () => (await server.backend.agentHealth()).lanes.find((l) => l.lane === 'MULTI_STEP');
    await expect.poll(() => lane(), { timeout: 30_000, interval: 20 }).toMatchObject({ running: 2, queued: 2 });

    // Both multi-step slots are taken by hung scripts and two more wait: ping is not among them.
    const pingTriggeredAt = Date.now();
    const pingSession = await completed((await trigger([ping])).get(ping) ?? '');
    const pingTook = Date.now() - pingTriggeredAt;
    expect(pingSession.status).toBe('PASSED');
    expect(pingTook).toBeLessThan(5000);
    expect((await server.backend.agentHealth()).lanes.find((l) => l.lane === 'ICMP')).toMatchObject({ lateTotal: 0, skippedTotal: 0 });

    const expectedAttempts: Record<keyof typeof hung, number> = { doubleCheck: 2, noRetry: 1, fixed: 3, spins: 1 };
    for (const [name, checkId] of Object.entries(hung) as [keyof typeof hung, string][]) {
      const session = await completed(sessions.get(checkId) ?? '');
      expect(session.status, name).toBe('TIMED_OUT');
      expect(session.results.map((r) => r.resultType), name).toEqual([...Array(expectedAttempts[name] - 1).fill('ATTEMPT'), 'FINAL']);
      for (const summary of session.results) {
        // Each attempt ends at its 2 s limit (plus Playwright's 10 s start-up allowance at most), never at 130 s.
        expect(Date.parse(summary.stoppedAt) - Date.parse(summary.startedAt), name).toBeLessThan(20_000);
        const result = (await server.api('GET', `/v1/check-results/${checkId}/${summary.checkResultId}`)).body as ResultRead;
        expect(result, name).toMatchObject({ hasFailures: true, isCancelled: false, timedOut: true, error: { kind: 'TIMEOUT' } });
        expect(result.error?.message, name).toMatch(name === 'spins' ? /exceeded its time limit of 2000 ms and was stopped/ : /test "waits forever" timed out: Test timeout of 2000ms exceeded/);
      }
    }
    expect(server.backend.agent.active + server.backend.agent.queued).toBe(0);
  });
});
