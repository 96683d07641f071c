import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardSummary } from '../../src-main/services/dashboard/summary';
import { killLeftovers, startCli, type CliServer } from '../helpers/cli';
import { startPgCluster, type PgCluster } from '../helpers/postgres';
import { Received, sseClient } from '../dashboard/sse-client';

/**
 * Issue 35, item 5: the live feeds hear every server of a team. Two real `sightline serve` processes
 * on one PostgreSQL; what the leader runs or queues is seen within about a second on the standby by
 * the console's live summary, the CLI's MQTT feed and an agent's long-poll; and after PostgreSQL was
 * stopped and started again, the feeds carry on.
 */

const KEY = 'sl_live_feeds_owner_key_0123456789';
const DELAY_S = 5;

interface Node {
  cli: CliServer;
  dataDir: string;
  healthUrl: string;
}

interface Message {
  at: number;
  topic: string;
  body: Record<string, any>;
}

/** What `get` answers once `ok` holds (expect.poll works inside tests only; the servers start in beforeAll). */
async function until<T>(get: () => T | Promise<T>, ok: (value: T) => boolean, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await get();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms (last: ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function probesUrl(cli: CliServer): Promise<string> {
  const url = () => cli.stdout.map((line) => /^Agent health probes on (http:\/\/\S+)$/.exec(line)?.[1]).find(Boolean);
  return (await until(url, Boolean, 15_000, 'the health probes address'))!;
}

async function role(node: Node): Promise<string> {
  const response = await fetch(`${node.healthUrl}/health`);
  return ((await response.json()) as { cluster: { role: string } }).cluster.role;
}

describe('team mode: live feeds across servers (LISTEN/NOTIFY)', () => {
  let cluster: PgCluster;
  const keyDir = mkdtempSync('/tmp/sightline-feeds-key-');
  const keyFile = join(keyDir, 'secret.key');
  const nodes: Node[] = [];
  const clients: MqttClient[] = [];
  let leader: Node;
  let standby: Node;
  let accountId: string;

  async function startNode(url: string): Promise<Node> {
    const dataDir = mkdtempSync('/tmp/sightline-feeds-node-');
    const cli = await startCli(['--port', '0', '--data-dir', dataDir, '--agent-health-port', '0', '--database', url, '--secret-key-file', keyFile, '--failover-delay', String(DELAY_S), '--api-key', KEY]);
    const node = { cli, dataDir, healthUrl: await probesUrl(cli) };
    nodes.push(node);
    return node;
  }

  const api = async (node: Node, method: string, path: string, body?: unknown, key = KEY) => {
    const response = await fetch(`${node.cli.url}${path}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, text, body: text ? (JSON.parse(text) as Record<string, any>) : {} };
  };

  async function roles(): Promise<[Node, Node]> {
    await until(async () => (await Promise.all(nodes.map(role))).sort().join(), (roles) => roles === 'leader,standby', 30_000, 'one leader and one standby');
    return (await role(nodes[0]!)) === 'leader' ? [nodes[0]!, nodes[1]!] : [nodes[1]!, nodes[0]!];
  }

  /** An MQTT client of the node, subscribed to a run's topics as the CLI does (`checkly trigger`, `checkly test`). */
  async function follow(node: Node, suite: string): Promise<Message[]> {
    const client = await mqtt.connectAsync(`${node.cli.url.replace('http://', 'ws://')}/mqtt?authenticationScheme=userApiKey`, { username: accountId, password: KEY, reconnectPeriod: 0, connectTimeout: 5000 });
    clients.push(client);
    const messages: Message[] = [];
    client.on('message', (topic, payload) => messages.push({ at: Date.now(), topic, body: JSON.parse(payload.toString('utf8')) as Record<string, any> }));
    await client.subscribeAsync(`account/${accountId}/ad-hoc-check-results/${suite}/+/+/+`);
    return messages;
  }

  /**
   * A run triggered through the leader: the CLI's MQTT feed on the standby gets its run-start and its
   * FINAL result within a second of the leader's own feed, and the standby's console summary shows
   * it within about a second (its feed ticks once a second; without the leader's events it would
   * only notice at its 3-second idle refresh).
   */
  async function runSeenOnStandby(checkId: string, passingBefore: number): Promise<void> {
    const summaries = new Received<DashboardSummary>();
    const subscription = sseClient(standby.cli.url, KEY).dashboard.onSummary.subscribe(undefined, { onData: summaries.push });
    try {
      await summaries.next((summary) => summary.counts.passing === passingBefore);
      const suite = randomUUID();
      const onLeader = await follow(leader, suite);
      const onStandby = await follow(standby, suite);
      const triggered = await api(leader, 'POST', '/next/test-sessions/trigger', { checkRunSuiteId: suite, checkId: [checkId] });
      expect(triggered.status, triggered.text).toBe(201);
      const sequenceId = triggered.body.sequenceIds[checkId] as string;
      const finalOf = (messages: Message[]) => messages.find((m) => m.topic.endsWith('/result'));
      await expect.poll(() => finalOf(onLeader), { timeout: 20_000, interval: 50 }).toBeTruthy();
      await expect.poll(() => finalOf(onStandby), { timeout: 5_000, interval: 50 }).toBeTruthy();
      const base = `account/${accountId}/ad-hoc-check-results/${suite}/${sequenceId}/${sequenceId}`;
      expect(onStandby.map((m) => m.topic)).toEqual([`${base}/run-start`, `${base}/result`]);
      expect(onStandby[1]!.body).toEqual(onLeader[1]!.body);
      expect(onStandby[1]!.body).toMatchObject({ resultType: 'FINAL', result: { checkId, hasFailures: false, runLocation: 'local' } });
      expect(finalOf(onStandby)!.at - finalOf(onLeader)!.at).toBeLessThan(1_000);
      const shown = await summaries.next((summary) => summary.counts.passing === passingBefore + 1, 10_000);
      const shownAt = summaries.values.find((entry) => entry.value === shown)!.at;
      expect(shownAt - finalOf(onLeader)!.at).toBeLessThan(1_600);
    } finally {
      subscription.unsubscribe();
    }
  }

  beforeAll(async () => {
    cluster = await startPgCluster();
    const url = await cluster.createDatabase('live_feeds');
    await startNode(url);
    await startNode(url);
    [leader, standby] = await roles();
    accountId = (await api(standby, 'GET', '/v1/accounts/me')).body.id as string;
  }, 90_000);

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.endAsync(true).catch(() => undefined)));
    for (const node of nodes) await node.cli.stop('SIGKILL');
    killLeftovers();
    await cluster?.stop();
    for (const dir of [keyDir, ...nodes.map((n) => n.dataDir)]) rmSync(dir, { recursive: true, force: true });
  });

  it("a run the leader makes reaches the standby's console summary and the CLI's MQTT feed on the standby within about a second", async () => {
    const created = await api(leader, 'POST', '/v1/checks/icmp?autoAssignAlerts=false', { name: 'Seen everywhere', frequency: 0, frequencyOffset: 10, request: { hostname: '127.0.0.1', pingCount: 1 } });
    expect(created.status, created.text).toBe(201);
    await runSeenOnStandby(created.body.id as string, 0);
  }, 60_000);

  it('an agent long-polling the standby gets a job the leader queued for its location at once', async () => {
    const location = await api(leader, 'POST', '/v1/private-locations', { name: 'Lab', slugName: 'lab' });
    expect(location.status, location.text).toBe(201);
    const agentKey = location.body.keys[0].rawKey as string;
    const registered = await api(standby, 'POST', '/v1/agent/register', { hostname: 'lab-host', version: '1.0.0', concurrency: 1 }, agentKey);
    expect(registered.status, registered.text).toBe(201);
    const agentId = registered.body.agentId as string;
    const check = await api(leader, 'POST', '/v1/checks/icmp?autoAssignAlerts=false', { name: 'From the lab', frequency: 0, frequencyOffset: 10, privateLocations: ['lab'], request: { hostname: '127.0.0.1', pingCount: 1 } });
    expect(check.status, check.text).toBe(201);

    // The long-poll is waiting on the standby (nothing queued yet) when the leader queues the job.
    const polling = api(standby, 'POST', '/v1/agent/jobs/lease', { agentId, max: 1, waitSeconds: 25 }, agentKey).then((reply) => ({ reply, at: Date.now() }));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const triggeredAt = Date.now();
    const triggered = await api(leader, 'POST', '/v1/check-sessions/trigger', { target: { checkId: [check.body.id] } });
    expect(triggered.status, triggered.text).toBe(201);
    const { reply, at } = await polling;
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.jobs.map((job: { execution: { checkId: string; runLocation: string } }) => [job.execution.checkId, job.execution.runLocation])).toEqual([[check.body.id, 'lab']]);
    expect(at - triggeredAt).toBeLessThan(1_500);
  }, 60_000);

  it("Ctrl-C of `checkly test` asked of the standby stops the run the leader is running: it ends CANCELLED, not failing", async () => {
    // A target that takes the connection and never answers: the run would wait for its 30 s limit.
    const sockets: Socket[] = [];
    const hanging = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = hanging.address() as AddressInfo;
      const suite = randomUUID();
      const job = {
        logicalId: 'never-answers',
        name: 'Never answers',
        checkType: 'API',
        maxResponseTime: 30_000,
        degradedResponseTime: 30_000,
        request: { method: 'GET', url: `http://127.0.0.1:${port}/`, assertions: [] },
        sourceInfo: { checkRunSuiteId: suite, checkRunId: randomUUID() },
      };
      const run = await api(leader, 'POST', '/v1/test-sessions/run', { name: 'To cancel', shouldRecord: true, checkRunJobs: [job] });
      expect(run.status, run.text).toBe(202);
      await expect.poll(() => sockets.length, { timeout: 10_000, interval: 50 }).toBeGreaterThan(0);
      const cancelledAt = Date.now();
      const cancel = await api(standby, 'POST', `/v1/test-sessions/${run.body.testSessionId}/cancel`, {});
      expect(cancel.status, cancel.text).toBe(204);
      await expect
        .poll(async () => (await api(standby, 'GET', `/v1/test-sessions/${run.body.testSessionId}`)).body.status, { timeout: 5_000, interval: 100 })
        .toBe('CANCELLED');
      expect(Date.now() - cancelledAt).toBeLessThan(5_000);
      const session = await api(leader, 'GET', `/v1/test-sessions/${run.body.testSessionId}`);
      expect(session.body).toMatchObject({ status: 'CANCELLED', results: [{ status: 'CANCELLED', checkSessionStatus: 'CANCELLED' }] });
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => hanging.close(resolve));
    }
  }, 60_000);

  it('PostgreSQL stopped for 20 s and started again: no server exits, and the feeds carry the next run again', async () => {
    const created = await api(leader, 'POST', '/v1/checks/icmp?autoAssignAlerts=false', { name: 'After the outage', frequency: 0, frequencyOffset: 10, request: { hostname: '127.0.0.1', pingCount: 1 } });
    expect(created.status, created.text).toBe(201);
    await cluster.stopServer();
    await new Promise((resolve) => setTimeout(resolve, 20_000));
    for (const node of nodes) expect(node.cli.child.exitCode).toBeNull();
    await cluster.startServer();
    [leader, standby] = await roles();
    // Each server's feed connection is back (it tries again every second and says so in its log):
    // what is sent before a server listens again is not for it (live feeds only).
    const back = (node: Node) => [...node.cli.stdout, ...node.cli.stderr].some((line) => line.includes('the live feeds between the servers of the team are back'));
    await expect.poll(() => nodes.every(back), { timeout: 15_000, interval: 100 }).toBe(true);
    // The dashboard counts the check of the first test and this one; the first passed once.
    await runSeenOnStandby(created.body.id as string, 1);
    for (const node of nodes) expect(node.cli.child.exitCode).toBeNull();
  }, 120_000);
});
