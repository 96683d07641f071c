import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_FILE_NAME } from '../../src-main/db/connection';
import { RemoteBroker } from '../../src-main/scheduler/remote-broker';
import { loadCheckPlans } from '../../src-main/services/check-sessions';
import { IcmpRunInput } from '../../src-shared/schemas/icmp-monitor';
import { RUN_TYPES, RunJob } from '../../src-shared/schemas/run-job';
import { TracerouteRunInput } from '../../src-shared/schemas/traceroute-monitor';
import { startServer, type TestServer } from '../helpers/server';

/** Writes a stored check body as an older version (or a damaged file) might have left it: no API can. */
function rewriteBody(server: TestServer, checkId: string, edit: (body: Record<string, any>) => void): void {
  const db = new Database(join(server.dataDir, DB_FILE_NAME));
  try {
    const row = db.prepare('select body from checks where id = ?').get(checkId) as { body: string };
    const body = JSON.parse(row.body) as Record<string, any>;
    edit(body);
    db.prepare('update check_rows set body = ? where id = ?').run(JSON.stringify(body), checkId);
  } finally {
    db.close();
  }
}

const planOf = async (server: TestServer, checkId: string) => (await loadCheckPlans(server.backend.deps, { checkIds: [checkId] }))[0];

describe('the run contract: a stored check becomes a job only by being parsed', () => {
  let server: TestServer;
  const logged: { problem?: string; checkId?: string; msg?: string }[] = [];

  beforeAll(async () => {
    server = await startServer();
    const original = server.backend.deps.logger.error.bind(server.backend.deps.logger);
    server.backend.deps.logger.error = ((object: unknown, message?: string) => {
      if (typeof object === 'object' && object !== null) logged.push({ ...(object as object), msg: message });
      return original(object as never, message as never);
    }) as typeof server.backend.deps.logger.error;
  });
  afterAll(async () => {
    await server.stop();
  });

  it('fills a stored null with the default the create schema has, once, and derives the time limit from it', async () => {
    const created = await server.api('POST', '/v1/checks/icmp', { name: 'Old row', request: { hostname: '127.0.0.1' } });
    expect(created.status).toBe(201);
    rewriteBody(server, created.body.id, (body) => {
      body.request.pingCount = null;
      body.request.ipFamily = null;
    });
    const plan = await planOf(server, created.body.id);
    expect(plan?.execution).toMatchObject({ checkType: 'ICMP', timeoutMs: 20_000, check: { request: { hostname: '127.0.0.1', pingCount: 10, ipFamily: 'IPv4' } } });
    expect(plan?.scheduled).toBe(true);
    expect(plan?.problem).toBeNull();
  });

  it('does not run a check whose stored body its schema refuses, and says which field', async () => {
    const created = await server.api('POST', '/v1/checks/icmp', { name: 'Damaged row', request: { hostname: '127.0.0.1' } });
    rewriteBody(server, created.body.id, (body) => {
      body.request.pingCount = 'ten';
    });
    const plan = await planOf(server, created.body.id);
    expect(plan?.execution).toBeNull();
    expect(plan?.scheduled).toBe(false);
    expect(plan?.problem).toMatch(/^this ICMP check cannot run: request\.pingCount: /);
    expect(logged).toContainEqual(expect.objectContaining({ checkId: created.body.id, msg: 'a stored check cannot run', problem: plan?.problem }));

    const triggered = await server.api('POST', '/v1/check-sessions/trigger', { target: { checkId: [created.body.id] } });
    expect(triggered.status).toBe(404);
  });

  it('the time limit of each type comes from its registry entry', () => {
    expect(RUN_TYPES.ICMP.timeoutMs(IcmpRunInput.parse({ request: { hostname: '127.0.0.1', pingCount: 3 } }))).toBe(13_000);
    expect(RUN_TYPES.TRACEROUTE.timeoutMs(TracerouteRunInput.parse({ request: { url: '127.0.0.1' } }))).toBe(120_000);
  });
});

describe('the run contract over agent_jobs and the lease', () => {
  let server: TestServer;
  let broker: RemoteBroker;
  let key = '';

  beforeAll(async () => {
    server = await startServer();
    const created = await server.api('POST', '/v1/private-locations', { name: 'Lab', slugName: 'lab' });
    key = created.body.keys[0].rawKey;
    broker = new RemoteBroker(server.backend.deps, () => {}, { leaseMs: 60_000, sweepIntervalMs: 3_600_000 });
    broker.start();
  });
  afterAll(async () => {
    broker.stop();
    await server.stop();
  });

  it('hands agents parsed jobs only: a damaged queued row is dropped and never leased', async () => {
    const agentApi = (path: string, body: unknown) => server.api('POST', path, body, { authorization: `Bearer ${key}` });
    const registered = await agentApi('/v1/agent/register', { hostname: 'lab-host', version: '1.0.0', concurrency: 2 });
    const agentId = registered.body.agentId as string;
    const now = Date.now();
    const job = (jobId: string): RunJob => ({
      jobId,
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
    });
    await broker.submit(job('damaged:1'));
    await broker.submit(job('good:1'));
    const db = new Database(join(server.dataDir, DB_FILE_NAME));
    try {
      const row = db.prepare("select job from agent_jobs where job_id = 'damaged:1'").get() as { job: string };
      const damaged = JSON.parse(row.job) as Record<string, any>;
      damaged.execution.checkType = 'TELEPATHY';
      // SQL: a damaged queued job; the broker only stores jobs it has parsed.
      db.prepare("update agent_jobs set job = ? where job_id = 'damaged:1'").run(JSON.stringify(damaged));
    } finally {
      db.close();
    }
    const leased = await agentApi('/v1/agent/jobs/lease', { agentId, max: 5, waitSeconds: 0 });
    expect(leased.status).toBe(200);
    expect(leased.body.jobs.map((j: RunJob) => j.jobId)).toEqual(['good:1']);
    // What went over the wire is the contract's job, whole.
    expect(RunJob.parse(leased.body.jobs[0])).toEqual(leased.body.jobs[0]);
    const again = await agentApi('/v1/agent/jobs/lease', { agentId, max: 5, waitSeconds: 0 });
    expect(again.body.jobs).toEqual([]);
  });
});
