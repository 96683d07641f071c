import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src-main/core/config';
import { startPgCluster, type PgCluster } from '../helpers/postgres';

// Three real processes run the real lease (test/helpers/lease-node.ts) against a real PostgreSQL,
// with the smallest failover delay `serve` accepts. The tests run in order on one cluster: each
// starts from the state the previous one left (one cluster per file keeps the file within a minute).

const FAILOVER_DELAY_MS = 5000;
const MIGRATIONS_PG = join(PROJECT_ROOT, 'src-main', 'db', 'migrations-pg');

type Line =
  | { event: 'started'; nodeId: string; wallMs: number }
  | { event: 'leader'; term: number; acquiredAtDbMs: number; wallMs: number }
  | { event: 'standby'; lostTerm: number | null; ledUntilDbMs: number; reason: string; wallMs: number }
  | { event: 'work'; term: number; dbUpperMs: number; wallMs: number }
  | { event: 'view'; nodeId: string; role: 'leader' | 'standby'; leaderNodeId: string | null; leaseAgeMs: number | null; failoverDelaySeconds: number; wallMs: number }
  | { event: 'stopped'; wallMs: number };

interface Node {
  id: string;
  child: ChildProcess;
  lines: Line[];
  stderr: string[];
  exited: Promise<unknown>;
}

let cluster: PgCluster;
let url: string;
const nodes: Node[] = [];
const killed = new Set<Node>();

function spawnNode(id: string): Node {
  const child = spawn(process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, 'test', 'helpers', 'lease-node.ts')], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, LEASE_DATABASE_URL: url, LEASE_NODE_ID: id, LEASE_FAILOVER_DELAY_MS: String(FAILOVER_DELAY_MS) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const node: Node = { id, child, lines: [], stderr: [], exited: once(child, 'exit') };
  createInterface({ input: child.stdout! }).on('line', (line) => node.lines.push(JSON.parse(line) as Line));
  createInterface({ input: child.stderr! }).on('line', (line) => node.stderr.push(line));
  nodes.push(node);
  return node;
}

const alive = (node: Node) => node.child.exitCode === null && node.child.signalCode === null;

/** The role a node last announced (standby until it announces one). */
function roleOf(node: Node): 'leader' | 'standby' {
  const last = node.lines.filter((line) => line.event === 'leader' || line.event === 'standby').at(-1);
  return last?.event === 'leader' ? 'leader' : 'standby';
}

function leaderEvents(node: Node) {
  return node.lines.filter((line): line is Extract<Line, { event: 'leader' }> => line.event === 'leader');
}

async function until<T>(what: string, timeoutMs: number, probe: () => T | null | undefined | false | Promise<T | null | undefined | false>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; nodes: ${JSON.stringify(nodes.map((n) => ({ id: n.id, alive: alive(n), role: roleOf(n), events: n.lines.filter((l) => l.event !== 'work' && l.event !== 'view'), stderr: n.stderr.slice(-5) })))}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function leaseRow(): Promise<{ leaderNodeId: string | null; term: number; acquiredAtMs: number }> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ leader_node_id: string | null; term: string; acquired_at: string }>('select leader_node_id, term, acquired_at from cluster_lease where id = 1');
    return { leaderNodeId: rows[0]!.leader_node_id, term: Number(rows[0]!.term), acquiredAtMs: Number(rows[0]!.acquired_at) };
  } finally {
    await client.end();
  }
}

/** Exactly one live node says it leads, and the lease row names it. */
async function oneLeader(timeoutMs: number): Promise<{ node: Node; term: number }> {
  return until('exactly one leader', timeoutMs, async () => {
    const leaders = nodes.filter((node) => alive(node) && roleOf(node) === 'leader');
    if (leaders.length !== 1) return null;
    const row = await leaseRow().catch(() => null);
    const term = leaderEvents(leaders[0]!).at(-1)!.term;
    return row?.leaderNodeId === leaders[0]!.id && row.term === term ? { node: leaders[0]!, term } : null;
  });
}

/**
 * No overlap, by the database clock: everything a node did as the leader of term j (each work line,
 * stamped with the database time at the latest) and the end of its leadership came before any later
 * term's takeover, whatever node took it.
 */
function expectNoOverlap(handedOver?: { node: string; term: number }): void {
  const takeovers = nodes.flatMap((node) => leaderEvents(node).map((event) => ({ ...event, node: node.id })));
  expect(takeovers.length).toBeGreaterThan(0);
  let checked = 0;
  for (const node of nodes) {
    for (const line of node.lines) {
      if (line.event !== 'work' && !(line.event === 'standby' && line.lostTerm !== null)) continue;
      const term = line.event === 'work' ? line.term : line.lostTerm!;
      const at = line.event === 'work' ? line.dbUpperMs : line.ledUntilDbMs;
      for (const later of takeovers.filter((takeover) => takeover.term > term)) {
        checked += 1;
        // A lease given up on stopping: the node stopped working before it sent the release the next
        // leader needed, so the order is certain; what is compared here is only the upper bound of its
        // last work (its last beat's database time plus the time since that beat was sent), whose
        // slack is that beat's round trip (8 ms seen on a loaded machine). Anything later than that is an overlap.
        const slack = handedOver && handedOver.node === node.id && handedOver.term === term ? HANDOVER_SLACK_MS : 0;
        if (at >= later.acquiredAtDbMs + slack) throw new Error(`${node.id} still led term ${term} at ${at} (database clock, ${line.event}) but ${later.node} took term ${later.term} at ${later.acquiredAtDbMs}`);
      }
    }
  }
  expect(checked).toBeGreaterThan(0);
}

/** How far the upper bound of a stopping leader's last work may pass the next takeover (its last beat's round trip). */
const HANDOVER_SLACK_MS = 250;

describe('the leader lease on PostgreSQL, three real processes', () => {
  beforeAll(async () => {
    cluster = await startPgCluster();
    url = await cluster.createDatabase('lease');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_PG });
    await client.end();
    for (const id of ['node-a', 'node-b', 'node-c']) spawnNode(id);
  }, 60_000);

  afterAll(async () => {
    // SIGKILL ends a stopped (SIGSTOP) process too.
    for (const node of nodes) node.child.kill('SIGKILL');
    await cluster?.stop();
  });

  it('elects exactly one leader, and it stays the leader while it renews', async () => {
    const first = await oneLeader(20_000);
    expect(first.term).toBe(1);
    // Two more beats of every node: the lease is renewed, never taken.
    const elected = leaderEvents(first.node).at(-1)!.wallMs;
    await until('two more beats', 10_000, () => Date.now() - elected > 2 * (FAILOVER_DELAY_MS / 3) + 200);
    expect(await oneLeader(1000)).toEqual(first);
    for (const node of nodes.filter((n) => n !== first.node)) expect(leaderEvents(node)).toEqual([]);
    // What /health would show: every node names the leader, and the lease is never older than a beat or so.
    for (const node of nodes) {
      const view = node.lines.filter((line): line is Extract<Line, { event: 'view' }> => line.event === 'view').at(-1)!;
      expect(view).toMatchObject({ nodeId: node.id, role: node === first.node ? 'leader' : 'standby', leaderNodeId: first.node.id, failoverDelaySeconds: FAILOVER_DELAY_MS / 1000 });
      expect(view.leaseAgeMs).toBeGreaterThanOrEqual(0);
      expect(view.leaseAgeMs).toBeLessThan(FAILOVER_DELAY_MS / 3 + 1500);
    }
  }, 40_000);

  it('a SIGKILLed leader is replaced within the failover delay + 5 s, under a higher term', async () => {
    const before = await oneLeader(5000);
    const killedAt = Date.now();
    killed.add(before.node);
    before.node.child.kill('SIGKILL');
    await before.node.exited;
    const after = await oneLeader(FAILOVER_DELAY_MS + 10_000);
    expect(after.node).not.toBe(before.node);
    expect(after.term).toBeGreaterThan(before.term);
    expect(leaderEvents(after.node).at(-1)!.wallMs - killedAt).toBeLessThan(FAILOVER_DELAY_MS + 5000);
    // A third node again for what follows.
    spawnNode('node-d');
  }, 40_000);

  it('a frozen leader (SIGSTOP) is replaced; resumed, it steps down on its own and never overlapped', async () => {
    const frozen = await oneLeader(5000);
    frozen.node.child.kill('SIGSTOP');
    const successor = await until('a new leader', FAILOVER_DELAY_MS + 10_000, () => {
      const leaders = nodes.filter((node) => node !== frozen.node && alive(node) && roleOf(node) === 'leader');
      return leaders.length === 1 ? leaders[0]! : null;
    });
    const takeover = leaderEvents(successor).at(-1)!;
    expect(takeover.term).toBeGreaterThan(frozen.term);
    const resumedAt = Date.now();
    frozen.node.child.kill('SIGCONT');
    const stepDown = await until('the resumed node to step down', 10_000, () =>
      frozen.node.lines.find((line): line is Extract<Line, { event: 'standby' }> => line.event === 'standby' && line.lostTerm === frozen.term),
    );
    // It noticed only once it ran again, yet by the database clock it had stopped leading before the takeover.
    expect(stepDown.wallMs).toBeGreaterThanOrEqual(resumedAt);
    expect(stepDown.ledUntilDbMs).toBeLessThan(takeover.acquiredAtDbMs);
    expect(frozen.node.lines.filter((line) => line.event === 'work' && line.wallMs >= resumedAt)).toEqual([]);
    expect(await oneLeader(5000)).toEqual({ node: successor, term: takeover.term });
    expect(alive(frozen.node)).toBe(true);
    expectNoOverlap();
  }, 40_000);

  it('PostgreSQL stopped for 8 s: nobody exits, the leader steps down while it is gone, and one leader leads after', async () => {
    const before = await oneLeader(5000);
    const stoppedAt = Date.now();
    await cluster.stopServer();
    const stepDown = await until('the leader to step down', FAILOVER_DELAY_MS + 5000, () =>
      before.node.lines.find((line): line is Extract<Line, { event: 'standby' }> => line.event === 'standby' && line.lostTerm === before.term),
    );
    expect(stepDown.wallMs).toBeGreaterThan(stoppedAt);
    expect(stepDown.reason).toMatch(/not renewed/);
    await until('8 s of outage', 10_000, () => Date.now() - stoppedAt >= 8000);
    expect(nodes.filter((node) => roleOf(node) === 'leader' && alive(node))).toEqual([]);
    await cluster.startServer();
    const after = await oneLeader(15_000);
    expect(after.term).toBeGreaterThan(before.term);
    expect(nodes.filter((node) => !killed.has(node) && !alive(node)).map((node) => node.id)).toEqual([]);
    expectNoOverlap();
  }, 40_000);

  it('a leader that stops (SIGTERM) gives the lease up: a standby leads within a beat or two, not after the failover delay', async () => {
    const before = await oneLeader(10_000);
    before.node.child.kill('SIGTERM');
    const [code] = (await before.node.exited) as [number | null];
    expect(code).toBe(0);
    killed.add(before.node);
    const stoppedAt = before.node.lines.find((line) => line.event === 'stopped')!.wallMs;
    expect(before.node.lines.find((line) => line.event === 'standby' && line.lostTerm === before.term)).toMatchObject({ reason: 'this node is stopping' });
    const after = await oneLeader(FAILOVER_DELAY_MS);
    expect(after.term).toBeGreaterThan(before.term);
    // Without the release the lease would expire at the earliest D − h after the stop (the last renewal a beat before it).
    expect(leaderEvents(after.node).at(-1)!.wallMs - stoppedAt).toBeLessThan(FAILOVER_DELAY_MS - FAILOVER_DELAY_MS / 3);
    expectNoOverlap({ node: before.node.id, term: before.term });
  }, 30_000);
});
