import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import { findAgentJob } from '../../src-main/db/repositories/agent-jobs';
import type { JobOutcome, RunJob } from '../../src-main/runner/jobs';
import { RemoteBroker } from '../../src-main/scheduler/remote-broker';
import { agentHeartbeat, authenticateAgent, sweepAgentJobs } from '../../src-main/services/agent-jobs';
import { IcmpRunInput } from '../../src-shared/schemas/icmp-monitor';
import { startPgCluster, type PgCluster } from '../helpers/postgres';
import { startServer, type TestServer } from '../helpers/server';
import { startHttpReceiver, type HttpReceiver } from '../notify/receivers';

/**
 * Issue 35, item 5: two servers on one PostgreSQL share the remote agents' queue. Agents long-poll
 * either server; sweeps and heartbeats arrive at both at once. Every job is leased to one agent,
 * every outcome recorded once, and an agent is never left running a job the queue gave back.
 */
describe('two servers sharing the remote agents’ queue on PostgreSQL', () => {
  let cluster: PgCluster;
  let receiver: HttpReceiver;
  const servers: TestServer[] = [];
  const brokers: RemoteBroker[] = [];
  const keyDir = mkdtempSync('/tmp/sightline-agent-jobs-key-');
  // One clock for both servers, moved by hand: leases expire when the test says so.
  const clock = new ManualClock(new Date());
  const LEASE_MS = 1000;
  const outcomes: { outcome: JobOutcome; server: string }[] = [];
  let key = '';
  let nextJob = 1;

  beforeAll(async () => {
    cluster = await startPgCluster();
    receiver = await startHttpReceiver();
    const databaseUrl = await cluster.createDatabase('agent_jobs');
    const config = { databaseUrl, secretKeyFile: join(keyDir, 'secret.key'), rateLimitPerMinute: 1_000_000 };
    // Two backends in this process, each with its own pool: their transactions run at the same time.
    for (const name of ['a', 'b']) {
      const server = await startServer({ config, clock, remoteAgents: { sweepIntervalMs: 3_600_000 } });
      servers.push(server);
      // Outcomes are collected here (no session behind these jobs); sweeps run when the test calls them.
      const broker = new RemoteBroker(server.backend.deps, (outcome) => outcomes.push({ outcome, server: name }), { leaseMs: LEASE_MS, sweepIntervalMs: 3_600_000 });
      broker.start();
      brokers.push(broker);
    }
    const [a] = servers as [TestServer, TestServer];
    const created = await a.api('POST', '/v1/private-locations', { name: 'Lab', slugName: 'lab' });
    expect(created.status, created.text).toBe(201);
    key = created.body.keys[0].rawKey as string;
  }, 60_000);

  afterAll(async () => {
    for (const broker of brokers) broker.stop();
    for (const server of servers) await server.stop();
    await cluster?.stop();
    await receiver?.close();
    rmSync(keyDir, { recursive: true, force: true });
  });

  const agentApi = (server: TestServer, path: string, body: unknown) => server.api('POST', path, body, { authorization: `Bearer ${key}` });

  async function register(server: TestServer): Promise<string> {
    const registered = await agentApi(server, '/v1/agent/register', { hostname: 'lab-host', version: '1.0.0', concurrency: 5 });
    expect(registered.status, registered.text).toBe(201);
    return registered.body.agentId as string;
  }

  function job(dropAfterMs: number): RunJob {
    const now = clock.now().getTime();
    return {
      jobId: `job-${nextJob++}:1`,
      sessionId: `session-${nextJob}`,
      accountId: servers[0]!.backend.accountId,
      attempt: 1,
      execution: { checkId: 'check', checkType: 'ICMP', runLocation: 'lab', timeoutMs: 5000, check: IcmpRunInput.parse({ request: { hostname: '127.0.0.1' } }) },
      enqueuedAt: now,
      plannedAt: now,
      dropAfter: now + dropAfterMs,
      slot: 'lab',
      candidates: ['lab'],
      retry: { strategy: null, doubleCheck: false },
      firstAttemptAt: now,
      periodMs: 60_000,
    };
  }

  async function enqueue(count: number, dropAfterMs: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const queued = job(dropAfterMs);
      await brokers[i % 2]!.submit(queued);
      ids.push(queued.jobId);
    }
    return ids;
  }

  const lease = async (server: TestServer, agentId: string, max: number) =>
    ((await agentApi(server, '/v1/agent/jobs/lease', { agentId, max, waitSeconds: 0 })).body.jobs as RunJob[]).map((j) => j.jobId);

  const countsOf = (ids: readonly string[]) => {
    const times = new Map<string, number>();
    for (const id of ids) times.set(id, (times.get(id) ?? 0) + 1);
    return times;
  };

  it('five agents gone silent, then heard again through both servers at once: one UNREACHABLE and one REACHABLE notice each', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const channel = await a.api('POST', '/v1/alert-channels', {
      type: 'WEBHOOK',
      config: { name: 'ops', url: `${receiver.url}/hook`, method: 'POST', template: '{"type":"{{ALERT_TYPE}}","name":"{{CHECK_NAME}}","error":"{{CHECK_ERROR_MESSAGE}}"}' },
    });
    expect(channel.status, channel.text).toBe(201);
    const agentIds: string[] = [];
    for (let i = 0; i < 5; i++) agentIds.push(await register(i % 2 === 0 ? a : b));
    const notices = () => receiver.requests.map((request) => JSON.parse(request.body) as { type: string; name: string });
    const perAgent = () => agentIds.map((id) => notices().filter((n) => n.name.includes(id)).map((n) => n.type).sort());
    const expected = agentIds.map(() => ['AGENT_REACHABLE', 'AGENT_UNREACHABLE']);

    // Silent past the limit (three heartbeat intervals): both servers sweep at once, twice.
    clock.advance(31_000);
    for (let i = 0; i < 2; i++) await Promise.all([sweepAgentJobs(a.backend.deps), sweepAgentJobs(b.backend.deps)]);
    // Heard again: each one's heartbeats reach both servers at once.
    const beats = await Promise.all(agentIds.flatMap((agentId) => [a, b].map((server) => agentApi(server, '/v1/agent/heartbeat', { agentId, runningJobIds: [] }))));
    expect(beats.map((beat) => beat.status)).toEqual(beats.map(() => 200));
    await expect.poll(perAgent, { timeout: 10_000 }).toEqual(expected);
    await Promise.all(servers.map((server) => server.backend.alerting.dispatcher.drain()));
    expect(perAgent()).toEqual(expected);
  }, 60_000);

  it("an agent's own network going offline and back, its heartbeats reaching both servers: one OFFLINE and one ONLINE notice", async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const channel = await a.api('POST', '/v1/alert-channels', {
      type: 'WEBHOOK',
      config: { name: 'network', url: `${receiver.url}/network`, method: 'POST', template: '{"type":"{{ALERT_TYPE}}","name":"{{CHECK_NAME}}"}' },
    });
    expect(channel.status, channel.text).toBe(201);
    const agentId = await register(b);
    const at = (offsetMs: number) => new Date(clock.now().getTime() + offsetMs).toISOString();
    const report = (online: boolean, outages: number) => ({
      online,
      since: at(0),
      reason: online ? null : 'no canary answered',
      canaries: ['192.0.2.1'],
      outages,
      lastOutageSince: outages > 0 ? at(0) : null,
      lastOutageReason: outages > 0 ? 'no canary answered' : null,
      offlineRuns: 0,
    });
    const beat = async (server: TestServer, online: boolean, outages: number) =>
      (await agentApi(server, '/v1/agent/heartbeat', { agentId, runningJobIds: [], connectivity: report(online, outages) })).status;
    const notices = () =>
      receiver.requests
        .filter((request) => request.path === '/network')
        .map((request) => JSON.parse(request.body) as { type: string; name: string })
        .filter((n) => n.name.includes(agentId))
        .map((n) => n.type);

    expect(await beat(a, true, 0)).toBe(200);
    // Offline: its heartbeats reach both servers (a balancer), at once and then in turn.
    expect(await Promise.all([beat(a, false, 1), beat(b, false, 1)])).toEqual([200, 200]);
    expect(await beat(b, false, 1)).toBe(200);
    expect(await beat(a, false, 1)).toBe(200);
    // Back online.
    expect(await Promise.all([beat(b, true, 1), beat(a, true, 1)])).toEqual([200, 200]);
    expect(await beat(a, true, 1)).toBe(200);
    await expect.poll(notices, { timeout: 10_000 }).toEqual(['AGENT_OFFLINE', 'AGENT_ONLINE']);
    await Promise.all(servers.map((server) => server.backend.alerting.dispatcher.drain()));
    expect(notices()).toEqual(['AGENT_OFFLINE', 'AGENT_ONLINE']);
  }, 60_000);

  it('240 waiting jobs, six agents long-polling both servers at once: each job is leased to one agent and its outcome recorded once', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const agents = [] as { id: string; server: TestServer; name: string }[];
    for (let i = 0; i < 6; i++) {
      const server = i % 2 === 0 ? a : b;
      agents.push({ id: await register(server), server, name: i % 2 === 0 ? 'a' : 'b' });
    }
    const ids = await enqueue(240, 600_000);
    outcomes.length = 0;

    const leased: { jobId: string; agentId: string; via: string }[] = [];
    const until = Date.now() + 20_000;
    await Promise.all(
      agents.map(async (agent) => {
        while (leased.length < ids.length && Date.now() < until) {
          const reply = await agentApi(agent.server, '/v1/agent/jobs/lease', { agentId: agent.id, max: 4, waitSeconds: 1 });
          expect(reply.status, reply.text).toBe(200);
          for (const got of reply.body.jobs as RunJob[]) leased.push({ jobId: got.jobId, agentId: agent.id, via: agent.name });
        }
      }),
    );
    expect([...countsOf(leased.map((l) => l.jobId))].filter(([, n]) => n !== 1)).toEqual([]);
    expect(leased.map((l) => l.jobId).sort()).toEqual([...ids].sort());
    // Both servers handed out part of the queue.
    expect(new Set(leased.map((l) => l.via))).toEqual(new Set(['a', 'b']));

    // Every outcome is posted to both servers at once (an agent's retry through the other server):
    // one records it, the other finds it gone.
    const statuses: number[] = [];
    for (let i = 0; i < leased.length; i += 20) {
      await Promise.all(
        leased.slice(i, i + 20).map(async ({ jobId, agentId }) => {
          const body = { agentId, result: null, reason: 'EXECUTOR_ERROR' };
          const replies = await Promise.all([agentApi(a, `/v1/agent/jobs/${jobId}/outcome`, body), agentApi(b, `/v1/agent/jobs/${jobId}/outcome`, body)]);
          statuses.push(...replies.map((r) => r.status));
        }),
      );
    }
    expect(countsOf(statuses.map(String))).toEqual(new Map([['204', ids.length], ['404', ids.length]]));
    expect([...countsOf(outcomes.map((o) => o.outcome.job.jobId))].filter(([, n]) => n !== 1)).toEqual([]);
    expect(outcomes.map((o) => o.outcome.job.jobId).sort()).toEqual([...ids].sort());
    const agentOf = new Map(leased.map((l) => [l.jobId, l.agentId]));
    for (const { outcome } of outcomes) expect([outcome.reason, outcome.agentId]).toEqual(['EXECUTOR_ERROR', agentOf.get(outcome.job.jobId)]);
  }, 60_000);

  it('expired leases past their jobs’ time, swept by both servers at once: one LEASE_EXPIRED outcome each', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const agentId = await register(a);
    for (let round = 0; round < 3; round++) {
      const ids = await enqueue(40, LEASE_MS);
      expect((await lease(a, agentId, 50)).sort()).toEqual([...ids].sort());
      outcomes.length = 0;
      clock.advance(LEASE_MS + 1);
      await Promise.all([sweepAgentJobs(a.backend.deps), sweepAgentJobs(b.backend.deps)]);
      expect([...countsOf(outcomes.map((o) => o.outcome.job.jobId))].filter(([, n]) => n !== 1)).toEqual([]);
      expect(outcomes.map((o) => o.outcome.job.jobId).sort()).toEqual([...ids].sort());
      expect(new Set(outcomes.map((o) => o.outcome.reason))).toEqual(new Set(['LEASE_EXPIRED']));
      // The agent stays heard from between rounds.
      await lease(a, agentId, 1);
    }
  }, 60_000);

  it('outcomes posted to one server while the other sweeps the same expired leases: each job recorded once', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const agentId = await register(a);
    for (let round = 0; round < 5; round++) {
      const ids = await enqueue(40, LEASE_MS);
      expect((await lease(a, agentId, 50)).sort()).toEqual([...ids].sort());
      outcomes.length = 0;
      clock.advance(LEASE_MS + 1);
      const [, statuses] = await Promise.all([
        sweepAgentJobs(b.backend.deps),
        Promise.all(ids.map(async (jobId) => (await agentApi(a, `/v1/agent/jobs/${jobId}/outcome`, { agentId, result: null, reason: 'EXECUTOR_ERROR' })).status)),
      ]);
      expect([...countsOf(outcomes.map((o) => o.outcome.job.jobId))].filter(([, n]) => n !== 1)).toEqual([]);
      expect(outcomes.map((o) => o.outcome.job.jobId).sort()).toEqual([...ids].sort());
      // The agent's report counted (204) exactly for the jobs the sweep left to it; the others it was told were gone (404).
      const reasonOf = new Map(outcomes.map((o) => [o.outcome.job.jobId, o.outcome.reason]));
      expect(ids.map((id, i) => [reasonOf.get(id), statuses[i]]).filter(([reason, status]) => (reason === 'EXECUTOR_ERROR' ? status !== 204 : reason !== 'LEASE_EXPIRED' || status !== 404))).toEqual([]);
      await lease(a, agentId, 1);
    }
  }, 60_000);

  it('a heartbeat renewing a job the sweep has just requeued is told to stop', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const agentId = await register(a);
    const [jobId] = await enqueue(1, 600_000);
    expect(await lease(a, agentId, 1)).toEqual([jobId]);
    clock.advance(LEASE_MS + 1);
    expect(await sweepAgentJobs(a.backend.deps)).toMatchObject({ requeued: 1 });
    const beat = await agentApi(b, '/v1/agent/heartbeat', { agentId, runningJobIds: [jobId] });
    expect(beat.body).toEqual({ cancelledJobIds: [jobId] });
    expect(await findAgentJob(b.backend.deps.db, jobId!)).toMatchObject({ state: 'QUEUED', agentId: null, leaseExpiresAt: null });
    // Gone from the queue for the next test.
    expect((await agentApi(b, `/v1/agent/jobs/${jobId}/outcome`, { agentId, result: null, reason: 'EXECUTOR_ERROR' })).status).toBe(204);
  });

  it('heartbeat and sweep of the same expired leases on two servers at once: an agent keeps exactly the jobs it was not told to stop', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const agentId = await register(a);
    const principal = await authenticateAgent(b.backend.deps, `Bearer ${key}`);
    const ids = await enqueue(30, 600_000);
    for (let round = 0; round < 6; round++) {
      // Every job of the test leased to the agent again (the ones requeued by the last round).
      await lease(a, agentId, 50);
      for (const id of ids) expect(await findAgentJob(a.backend.deps.db, id)).toMatchObject({ state: 'LEASED', agentId });
      clock.advance(LEASE_MS + 1);
      const [, reply] = await Promise.all([sweepAgentJobs(a.backend.deps), agentHeartbeat(b.backend.deps, principal, { agentId, runningJobIds: ids })]);
      const stop = new Set(reply.cancelledJobIds);
      for (const id of ids) {
        const row = await findAgentJob(a.backend.deps.db, id);
        // Renewed and still the agent's, or back in the queue and the agent told to stop: never both, never neither.
        if (stop.has(id)) expect(row).toMatchObject({ state: 'QUEUED', agentId: null });
        else expect(row).toMatchObject({ state: 'LEASED', agentId, leaseExpiresAt: clock.now().getTime() + LEASE_MS });
      }
    }
    // Gone from the queue for the next test: the agent reports each (a requeued one's report counts too).
    for (const jobId of ids) expect((await agentApi(b, `/v1/agent/jobs/${jobId}/outcome`, { agentId, result: null, reason: 'EXECUTOR_ERROR' })).status).toBe(204);
  }, 60_000);

  it('sessions cancelled on one server while agents lease on the other: a job is either taken back or told to its agent, never both', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const agents = [await register(a), await register(a)];
    // Each job its own session (job() gives each one a session of its own).
    const ids = await enqueue(60, 600_000);
    const sessionOf = new Map<string, string>();
    for (const id of ids) sessionOf.set(id, (await findAgentJob(a.backend.deps.db, id))!.sessionId);
    outcomes.length = 0;
    const leased = new Map<string, string>();
    let cancelling = true;
    await Promise.all([
      (async () => {
        for (const id of ids) await brokers[1]!.cancelSession(sessionOf.get(id)!);
        cancelling = false;
      })(),
      ...agents.map(async (agentId) => {
        while (cancelling) for (const jobId of await lease(a, agentId, 2)) leased.set(jobId, agentId);
      }),
    ]);
    const takenBack = new Set(outcomes.filter((o) => o.outcome.reason === 'CANCELLED').map((o) => o.outcome.job.jobId));
    expect([...takenBack].filter((id) => leased.has(id))).toEqual([]);
    // Every leased one is still stored, marked cancelled: its agent's next heartbeat tells it to stop.
    for (const [jobId, agentId] of leased) {
      expect(await findAgentJob(a.backend.deps.db, jobId)).toMatchObject({ state: 'LEASED', agentId, cancelled: true });
      const beat = await agentApi(b, '/v1/agent/heartbeat', { agentId, runningJobIds: [jobId] });
      expect(beat.body.cancelledJobIds).toContain(jobId);
      expect((await agentApi(b, `/v1/agent/jobs/${jobId}/outcome`, { agentId, result: null, reason: 'CANCELLED' })).status).toBe(204);
    }
    expect(takenBack.size + leased.size).toBe(ids.length);
  }, 60_000);
});
