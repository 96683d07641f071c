import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src-main/core/config';
import { PgClusterLease } from '../../src-main/db/cluster/lease-pg';
import { startPgCluster, type PgCluster } from '../helpers/postgres';
import { startServer, type TestServer } from '../helpers/server';
import { trpcClient } from '../helpers/trpc';

/**
 * Issue 35, item 6: what the console's Settings lists of the cluster — every server, its role and
 * its last heartbeat. On SQLite the server leads a cluster of one; on PostgreSQL the real lease
 * lists every node that beats on the team's database, the lease's holder as leader.
 */
const MIGRATIONS_PG = join(PROJECT_ROOT, 'src-main', 'db', 'migrations-pg');
const FAILOVER_DELAY_MS = 5000;

describe('the servers of a one-server Sightline (SQLite)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('are this server alone, leading, with a heartbeat of now and the version it runs', async () => {
    const before = Date.now();
    const answer = await trpcClient(server.url, server.key).agent.clusterNodes.query();
    expect(answer.self).toMatchObject({ role: 'leader', leaderNodeId: answer.self.nodeId, failoverDelaySeconds: 15 });
    expect(answer.nodes).toHaveLength(1);
    const [node] = answer.nodes;
    expect(node).toMatchObject({ nodeId: answer.self.nodeId, role: 'leader', alive: true, thisServer: true, pid: process.pid });
    expect(node.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(node.heartbeatAt).toBeGreaterThanOrEqual(before);
    expect(node.startedAt).toBeLessThanOrEqual(node.heartbeatAt);
  });
});

describe('the nodes of a cluster on PostgreSQL', () => {
  let cluster: PgCluster;
  let url: string;
  const leases: PgClusterLease[] = [];
  beforeAll(async () => {
    cluster = await startPgCluster();
    url = await cluster.createDatabase('sightline');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_PG });
    await client.end();
  }, 60_000);
  afterAll(async () => {
    for (const lease of leases) await lease.stop();
    await cluster?.stop();
  });

  it('are listed by every node with their roles: the lease holder leads, the other stands by; a stopped node is listed as stopped', async () => {
    const first = new PgClusterLease({ connectionString: url, nodeId: 'node-a', failoverDelayMs: FAILOVER_DELAY_MS, version: '9.9.9' });
    leases.push(first);
    first.start();
    await until('node-a to lead', () => first.isLeader());
    const second = new PgClusterLease({ connectionString: url, nodeId: 'node-b', failoverDelayMs: FAILOVER_DELAY_MS, version: '9.9.9' });
    leases.push(second);
    second.start();

    const seen = await until('both nodes listed', async () => {
      const listed = await second.nodes();
      return listed.length === 2 ? listed : null;
    });
    expect(seen.map((node) => [node.nodeId, node.role, node.alive, node.thisServer])).toEqual([
      ['node-a', 'leader', true, false],
      ['node-b', 'standby', true, true],
    ]);
    expect(seen[0]).toMatchObject({ host: expect.any(String), pid: process.pid, version: '9.9.9' });
    // The same list from the leader, where it is this server.
    expect((await first.nodes()).map((node) => [node.nodeId, node.thisServer])).toEqual([
      ['node-a', true],
      ['node-b', false],
    ]);

    // The leader stops (handing its lease over): the standby takes over, and lists the stopped node until it has been gone an hour.
    await first.stop();
    await until('node-b to lead', () => second.isLeader(), 15_000);
    const after = await until('node-a listed as stopped', async () => {
      const listed = await second.nodes();
      return listed.find((node) => node.nodeId === 'node-a')?.alive === false ? listed : null;
    }, 15_000);
    expect(after.map((node) => [node.nodeId, node.role, node.alive])).toEqual([
      ['node-a', 'standby', false],
      ['node-b', 'leader', true],
    ]);
  }, 60_000);
});

async function until<T>(what: string, probe: () => T | null | undefined | false | Promise<T | null | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
