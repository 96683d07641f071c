import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ready } from '../../src-main/db/connection';
import { getSql } from '../../src-main/db/dialect';
import type { JobOutcome, RunJob } from '../../src-main/runner/jobs';
import { RemoteBroker } from '../../src-main/scheduler/remote-broker';
import { ManualClock } from '../../src-main/core/clock';
import { ClockWatch } from '../../src-main/core/clock-watch';
import { createLogger } from '../../src-main/core/logger';
import { startServer, type TestServer } from '../helpers/server';
import { waitFor } from './helpers';
import { IcmpRunInput } from '../../src-shared/schemas/icmp-monitor';

/** The broker's queue and leases over the internal agent API, with a clock moved by hand. */
describe('remote broker: leases, expiry, drops, cancellation', () => {
  const clock = new ManualClock('2026-03-01T00:00:00.000Z');
  let server: TestServer;
  let broker: RemoteBroker;
  let key = '';
  let locationId = '';
  let outcomes: JobOutcome[] = [];
  let nextJob = 1;

  const agentApi = (path: string, body: unknown) => server.api('POST', path, body, { authorization: `Bearer ${key}` });

  function job(overrides: Partial<RunJob> = {}): RunJob {
    const now = clock.now().getTime();
    return {
      jobId: `job-${nextJob++}:1`,
      sessionId: 'not-a-session',
      accountId: server.backend.accountId,
      attempt: 1,
      execution: { checkId: 'check', checkType: 'ICMP', runLocation: 'lab', timeoutMs: 5000, check: IcmpRunInput.parse({ request: { hostname: '127.0.0.1' } }) },
      enqueuedAt: now,
      plannedAt: now,
      dropAfter: now + 60_000,
      slot: 'lab',
      candidates: ['lab'],
      retry: { strategy: null, doubleCheck: false },
      firstAttemptAt: now,
      periodMs: 60_000,
      ...overrides,
    };
  }

  async function register(): Promise<string> {
    const registered = await agentApi('/v1/agent/register', { hostname: 'lab-host', version: '1.0.0', concurrency: 1 });
    expect(registered.status).toBe(201);
    expect(registered.body.privateLocation.slugName).toBe('lab');
    return registered.body.agentId as string;
  }

  const lease = async (agentId: string) => (await agentApi('/v1/agent/jobs/lease', { agentId, max: 5, waitSeconds: 0 })).body.jobs as RunJob[];

  beforeAll(async () => {
    // The broker boot starts sweeps on its own every real second: a sweep of its own could take a job
    // this test's broker is about to see reported.
    server = await startServer({ clock, remoteAgents: { sweepIntervalMs: 3_600_000 } });
    const created = await server.api('POST', '/v1/private-locations', { name: 'Lab', slugName: 'lab' });
    key = created.body.keys[0].rawKey;
    locationId = created.body.id;
    broker = new RemoteBroker(server.backend.deps, (outcome) => outcomes.push(outcome), { leaseMs: 1000, sweepIntervalMs: 3_600_000 });
    broker.start();
  });
  beforeEach(() => {
    outcomes = [];
  });
  afterAll(async () => {
    broker.stop();
    await server.stop();
  });

  it('routes only jobs of existing private locations', async () => {
    expect(await broker.serves(job())).toBe(true);
    expect(await broker.serves(job({ execution: { ...job().execution, runLocation: 'local' } }))).toBe(false);
    expect(await broker.serves(job({ execution: { ...job().execution, runLocation: 'eu-west-1' } }))).toBe(false);
  });

  it('a job for a location with no agent connected is recorded NO_AGENT at once, never queued', async () => {
    const queued = job();
    await broker.submit(queued);
    expect(outcomes.map((o) => [o.job.jobId, o.reason])).toEqual([[queued.jobId, 'NO_AGENT']]);
    outcomes.length = 0;
  });

  it('a job an agent could have taken but did not before its dropAfter is recorded SKIPPED', async () => {
    await register();
    const queued = job({ dropAfter: clock.now().getTime() + 1000 });
    await broker.submit(queued);
    await broker.sweep();
    expect(outcomes).toEqual([]);
    clock.advance(1001);
    await broker.sweep();
    expect(outcomes.map((o) => [o.job.jobId, o.reason])).toEqual([[queued.jobId, 'SKIPPED']]);
  });

  it('a wall clock stepping forward 5 minutes while a job waits drops nothing and leaves the agent reachable', async () => {
    const watch = new ClockWatch({ clock, timers: { setTimeout: () => 0, clearTimeout: () => undefined }, logger: createLogger('silent') });
    broker.observeClockWith(() => watch.observe());
    const unsubscribe = watch.onEvent(async (event) => {
      if (event.kind === 'wall-clock-step') await broker.followWallClockStep(event.durationMs);
    });
    try {
      const agentId = await register();
      const queued = job({ dropAfter: clock.now().getTime() + 60_000 });
      await broker.submit(queued);
      clock.stepWall(5 * 60_000);
      await broker.sweep();
      expect(outcomes).toEqual([]);
      expect((await lease(agentId)).map((j) => j.jobId)).toEqual([queued.jobId]);
      // Done with it: the job leaves the queue, so no later test finds it.
      expect((await agentApi(`/v1/agent/jobs/${queued.jobId}/outcome`, { agentId, result: null, reason: 'EXECUTOR_ERROR' })).status).toBe(204);
      expect(watch.recent().map((event) => event.kind)).toEqual(['wall-clock-step']);
      // The agent was heard from just before the step: it is not taken for silent.
      const marked = await getSql<{ n: number | string }>(await ready(server.backend.deps.db), sql`select count(*) as n from agents where unreachable_since is not null`);
      expect(Number(marked?.n)).toBe(0);
    } finally {
      unsubscribe();
      broker.observeClockWith(() => undefined);
    }
  });

  it('an expired lease returns the job to the queue; a late outcome of the first agent is refused with 409', async () => {
    const first = await register();
    const second = await register();
    const queued = job();
    await broker.submit(queued);
    expect((await lease(first)).map((j) => j.jobId)).toEqual([queued.jobId]);
    expect(await lease(second)).toEqual([]);

    clock.advance(1001);
    await broker.sweep();
    expect(outcomes).toEqual([]);
    expect((await lease(second)).map((j) => j.jobId)).toEqual([queued.jobId]);

    const late = await agentApi(`/v1/agent/jobs/${queued.jobId}/outcome`, { agentId: first, result: null, reason: 'EXECUTOR_ERROR' });
    expect(late.status).toBe(409);
    const posted = await agentApi(`/v1/agent/jobs/${queued.jobId}/outcome`, { agentId: second, result: null, reason: 'EXECUTOR_ERROR' });
    expect(posted.status).toBe(204);
    expect(outcomes.map((o) => [o.job.jobId, o.reason, o.agentId])).toEqual([[queued.jobId, 'EXECUTOR_ERROR', second]]);
    expect((await agentApi(`/v1/agent/jobs/${queued.jobId}/outcome`, { agentId: second, result: null, reason: 'EXECUTOR_ERROR' })).status).toBe(404);
  });

  it('heartbeats renew leases; past its dropAfter an expired lease is recorded LEASE_EXPIRED', async () => {
    const agentId = await register();
    const queued = job({ dropAfter: clock.now().getTime() + 2500 });
    await broker.submit(queued);
    await lease(agentId);
    for (let i = 0; i < 3; i++) {
      clock.advance(900);
      const beat = await agentApi('/v1/agent/heartbeat', { agentId, runningJobIds: [queued.jobId] });
      expect(beat.body).toEqual({ cancelledJobIds: [] });
      await broker.sweep();
    }
    expect(outcomes).toEqual([]);
    clock.advance(1001);
    await broker.sweep();
    expect(outcomes.map((o) => [o.job.jobId, o.reason, o.result])).toEqual([[queued.jobId, 'LEASE_EXPIRED', null]]);
  });

  it('cancelling a session removes waiting jobs and tells the agent of a running one by heartbeat', async () => {
    const agentId = await register();
    const running = job({ sessionId: 'session-a' });
    const waiting = job({ sessionId: 'session-a' });
    await broker.submit(running);
    expect((await agentApi('/v1/agent/jobs/lease', { agentId, max: 1, waitSeconds: 0 })).body.jobs).toHaveLength(1);
    await broker.submit(waiting);
    await broker.cancelSession('session-a');
    expect(outcomes.map((o) => [o.job.jobId, o.reason])).toEqual([[waiting.jobId, 'CANCELLED']]);
    const beat = await agentApi('/v1/agent/heartbeat', { agentId, runningJobIds: [running.jobId] });
    expect(beat.body).toEqual({ cancelledJobIds: [running.jobId] });
    await agentApi(`/v1/agent/jobs/${running.jobId}/outcome`, { agentId, result: null, reason: 'CANCELLED' });
    expect(outcomes.map((o) => o.reason)).toEqual(['CANCELLED', 'CANCELLED']);
  });

  it('a job handed back at agent shutdown goes back to the queue', async () => {
    const agentId = await register();
    const queued = job();
    await broker.submit(queued);
    await lease(agentId);
    expect((await agentApi(`/v1/agent/jobs/${queued.jobId}/outcome`, { agentId, result: null, reason: 'SHUTDOWN' })).status).toBe(204);
    expect(outcomes).toEqual([]);
    const other = await register();
    expect((await lease(other)).map((j) => j.jobId)).toEqual([queued.jobId]);
  });

  it('a long-poll answers as soon as a job arrives', async () => {
    const agentId = await register();
    const polling = agentApi('/v1/agent/jobs/lease', { agentId, max: 1, waitSeconds: 20 });
    const queued = job();
    const { signals } = server.backend.deps.runtime.agentJobs;
    await waitFor('the lease request to wait', () => (signals.waiting(locationId) === 1 ? true : undefined));
    await broker.submit(queued);
    const answer = await polling;
    expect(answer.body.jobs.map((j: RunJob) => j.jobId)).toEqual([queued.jobId]);
  });

  it('rejects unknown agents and bad bodies', async () => {
    expect((await agentApi('/v1/agent/jobs/lease', { agentId: '00000000-0000-4000-8000-000000000000', waitSeconds: 0 })).status).toBe(404);
    const bad = await agentApi('/v1/agent/jobs/lease', { agentId: 'x', waitSeconds: 99 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('waitSeconds');
  });
});
