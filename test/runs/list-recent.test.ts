import { createTRPCClient, httpLink, httpSubscriptionLink, splitLink, TRPCClientError } from '@trpc/client';
import { EventSource } from 'eventsource';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRouter } from '../../src-main/http/trpc/router';
import { icmpBody, startServer, type TestServer } from '../helpers/server';

/** The console's link setup: queries over HTTP, subscriptions over SSE with the key in the Authorization header. */
function clientFor(url: string, key: string) {
  const authorization = `Bearer ${key}`;
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink({
          url: `${url}/trpc`,
          EventSource,
          eventSourceOptions: { fetch: (input, init) => fetch(input, { ...init, headers: { ...init.headers, Authorization: authorization } }) },
        }),
        false: httpLink({ url: `${url}/trpc`, headers: () => ({ authorization }) }),
      }),
    ],
  });
}

describe('checkSessions.listRecent and the live session feed (tRPC, real ping to 127.0.0.1)', () => {
  let server: TestServer;
  let trpc: ReturnType<typeof clientFor>;
  const checks: Record<string, string> = {};

  async function createCheck(name: string, request: Record<string, unknown>): Promise<string> {
    const created = await server.api('POST', '/v1/checks/icmp', icmpBody({ name, request, activated: false }));
    expect(created.status).toBe(201);
    return created.body.id as string;
  }

  async function runToEnd(checkId: string): Promise<{ checkSessionId: string; status: string }> {
    const session = await trpc.checkSessions.runNow.mutate({ checkId });
    return trpc.checkSessions.completion.query({ checkSessionId: session.checkSessionId, maxWaitSeconds: 30 });
  }

  beforeAll(async () => {
    server = await startServer();
    trpc = clientFor(server.url, server.key);
    checks.passing = await createCheck('Loopback passes', { hostname: '127.0.0.1', pingCount: 1 });
    checks.failing = await createCheck('Loopback fails', {
      hostname: '127.0.0.1',
      pingCount: 1,
      assertions: [{ source: 'LATENCY', comparison: 'LESS_THAN', property: 'avg', target: '0' }],
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('lists the account sessions newest first, with the row members and no results', async () => {
    const first = await runToEnd(checks.passing);
    const second = await runToEnd(checks.failing);
    const third = await runToEnd(checks.passing);
    expect([first.status, second.status, third.status]).toEqual(['PASSED', 'FAILED', 'PASSED']);

    const recent = await trpc.checkSessions.listRecent.query({ limit: 10 });
    expect(recent.map((s) => s.checkSessionId)).toEqual([third.checkSessionId, second.checkSessionId, first.checkSessionId]);
    expect(recent[1]).toEqual({
      checkSessionId: second.checkSessionId,
      checkId: checks.failing,
      name: 'Loopback fails',
      checkType: 'ICMP',
      status: 'FAILED',
      runSource: 'SCHEDULE_NOW',
      startedAt: expect.any(String),
      stoppedAt: expect.any(String),
      timeElapsed: expect.any(Number),
      runLocations: ['local'],
    });
    expect(Date.parse(recent[1].stoppedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(recent[1].startedAt));
  });

  it('filters by check, by status and limits the count', async () => {
    const ofPassing = await trpc.checkSessions.listRecent.query({ limit: 10, checkId: checks.passing });
    expect(ofPassing).toHaveLength(2);
    expect(ofPassing.every((s) => s.checkId === checks.passing)).toBe(true);
    expect(Date.parse(ofPassing[0].startedAt)).toBeGreaterThanOrEqual(Date.parse(ofPassing[1].startedAt));

    const failed = await trpc.checkSessions.listRecent.query({ limit: 10, status: 'FAILED' });
    expect(failed.map((s) => s.name)).toEqual(['Loopback fails']);

    expect(await trpc.checkSessions.listRecent.query({ limit: 1 })).toHaveLength(1);
    expect(await trpc.checkSessions.listRecent.query({ limit: 10, checkId: 'not-a-check' })).toEqual([]);
  });

  it('rejects a limit outside 1..100 and an unknown status, naming the field', async () => {
    for (const input of [{ limit: 0 }, { limit: 101 }, { limit: 5, status: 'DONE' }]) {
      const error = await trpc.checkSessions.listRecent.query(input as never).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TRPCClientError);
      expect((error as TRPCClientError<AppRouter>).data?.code).toBe('BAD_REQUEST');
      expect((error as TRPCClientError<AppRouter>).message).toMatch(/limit|status/);
    }
  });

  it('pushes session updates over SSE when the key comes in the Authorization header', async () => {
    const seen: { status: string; finished: boolean; checkSessionId: string }[] = [];
    let resolveDone: () => void = () => undefined;
    const done = new Promise<void>((resolve) => {
      resolveDone = resolve;
    });
    const subscription = trpc.checkSessions.onUpdate.subscribe(
      { checkId: checks.passing },
      {
        onStarted: () => void trpc.checkSessions.runNow.mutate({ checkId: checks.passing }),
        onData: (event) => {
          seen.push(event);
          if (event.finished) resolveDone();
        },
      },
    );
    await done;
    subscription.unsubscribe();
    expect(seen[seen.length - 1]).toMatchObject({ status: 'PASSED', finished: true });
    expect(new Set(seen.map((e) => e.checkSessionId)).size).toBe(1);
  });

  it('ends the SSE subscription with UNAUTHORIZED for a wrong key', async () => {
    const stranger = clientFor(server.url, 'sl_not_a_key_0000000000000000');
    const error = await new Promise<unknown>((resolve) => {
      const subscription = stranger.checkSessions.onUpdate.subscribe(undefined, {
        onData: () => resolve(new Error('an update reached a caller without a valid key')),
        onError: (e) => {
          subscription.unsubscribe();
          resolve(e);
        },
      });
    });
    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as TRPCClientError<AppRouter>).data?.code).toBe('UNAUTHORIZED');
  });
});
