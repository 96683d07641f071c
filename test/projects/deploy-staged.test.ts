import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setMaxChecks, startServer, type TestServer } from '../helpers/server';

/**
 * Issue 29: a deploy's new checks are written before its commit, in short transactions, held back
 * from every reader (`check_rows.staged_by`, read through the `checks` view); the commit makes them
 * all visible in one statement, so a deploy of thousands no longer inserts thousands of rows while
 * every other request waits. These tests hold a deploy between its plan and its commit (a test
 * hook) and look at what readers see meanwhile, and at what a failed commit leaves.
 */
function project(checks: number): Buffer {
  const resources: unknown[] = [
    { logicalId: 'group', type: 'check-group', member: true, payload: { name: 'Staged group', tags: [], locations: [], environmentVariables: [], v: 2 } },
    { logicalId: 'hook', type: 'alert-channel', member: true, payload: { type: 'WEBHOOK', config: { name: 'Hook', url: 'http://127.0.0.1:9/hook', method: 'POST' } } },
    { logicalId: 'group-hook', type: 'alert-channel-subscription', member: true, payload: { alertChannelId: { ref: 'hook' }, groupId: { ref: 'group' }, activated: true } },
  ];
  for (let i = 0; i < checks; i++) {
    resources.push({
      logicalId: `ping-${i}`,
      type: 'check',
      member: true,
      payload: { name: `Staged ping ${i}`, locations: [], frequency: 10, groupId: { ref: 'group' }, doubleCheck: false, useGlobalAlertSettings: true, runParallel: false, checkType: 'ICMP', request: { hostname: '127.0.0.1', pingCount: 2 } },
    });
  }
  return gzipSync(JSON.stringify({ project: { logicalId: 'staged', name: 'staged' }, sharedFiles: [], resources }));
}

async function deploy(server: TestServer, body: Buffer): Promise<{ status: number; body: any }> {
  const res = await fetch(`${server.url}/v1/projects/deploy?dryRun=false&scheduleOnDeploy=false`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json', 'content-encoding': 'gzip', 'x-checkly-source': 'CLI' },
    body: new Uint8Array(body),
  });
  return { status: res.status, body: await res.json() };
}

const total = async (server: TestServer, path = '/v1/checks?limit=1') => {
  const res = await server.api('GET', path);
  expect(res.status).toBe(200);
  return Number(res.headers.get('content-range')?.split('/')[1]);
};

/** SQL, below any API: the rows a deploy has staged and not published. */
const stagedRows = (server: TestServer) => (server.backend.db.sqlite.prepare('select count(*) as n from check_rows where staged_by is not null').get() as { n: number }).n;

async function until(what: string, condition: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a deploy held between its plan and its commit', () => {
  let server: TestServer;
  const hooks = { SIGHTLINE_TEST_HOOKS: process.env.SIGHTLINE_TEST_HOOKS, SIGHTLINE_TEST_DEPLOY_PAUSE_MS: process.env.SIGHTLINE_TEST_DEPLOY_PAUSE_MS };
  beforeAll(async () => {
    server = await startServer();
  });
  afterEach(() => {
    for (const [name, value] of Object.entries(hooks)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('has written its new checks, and no reader sees one until the commit shows all of them in the group it created', async () => {
    process.env.SIGHTLINE_TEST_HOOKS = '1';
    // Long enough for the reads below on a loaded CI machine; the deploy commits when it ends.
    process.env.SIGHTLINE_TEST_DEPLOY_PAUSE_MS = '4000';
    const deployed = deploy(server, project(300));
    await until('the 300 checks to be staged', () => stagedRows(server) === 300);

    // Written, and invisible: the list, its count, the statuses, a check read by its id, the group's members.
    expect(await total(server)).toBe(0);
    expect((await server.api('GET', '/v1/check-statuses')).body).toEqual([]);
    const anyId = server.backend.db.sqlite.prepare('select id from check_rows where staged_by is not null limit 1').pluck().get() as string;
    expect((await server.api('GET', `/v1/checks/${anyId}`)).status).toBe(404);
    expect((await server.api('PUT', `/v1/checks/icmp/${anyId}`, { name: 'Touched' })).status).toBe(404);
    expect((await server.api('DELETE', `/v1/checks/${anyId}`)).status).toBe(404);
    expect(((await server.api('GET', '/v1/check-groups')).body as unknown[]).length).toBe(0);

    const answer = await deployed;
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    expect(stagedRows(server)).toBe(0);
    expect(await total(server)).toBe(300);
    const groups = (await server.api('GET', '/v1/check-groups')).body as { id: number; name: string }[];
    expect(groups.map((group) => group.name)).toEqual(['Staged group']);
    // Staged under the group's placeholder, published with the id the commit gave the group.
    const checks = (await server.api('GET', '/v1/checks?limit=100')).body as { name: string; groupId: number }[];
    expect(new Set(checks.map((check) => check.groupId))).toEqual(new Set([groups[0].id]));
    expect((await server.api('GET', `/v1/checks?groupId=${groups[0].id}&limit=1`)).headers.get('content-range')).toBe('0-0/300');
    expect(((await server.api('PUT', `/v1/checks/icmp/${anyId}`, { name: 'Touched' })).body as { name: string }).name).toBe('Touched');
  }, 60_000);

  it('that then fails deletes what it staged: nothing of it is ever seen, nothing else is touched', async () => {
    // A plan of 150 checks; the commit refuses it when 30 checks created by hand meanwhile leave room for only 20 more.
    await setMaxChecks(server, 300 + 50);
    process.env.SIGHTLINE_TEST_HOOKS = '1';
    // Long enough for the 30 creates below on a loaded CI machine (they must all land before the commit).
    process.env.SIGHTLINE_TEST_DEPLOY_PAUSE_MS = '8000';
    const second = gzipSync(JSON.stringify({ project: { logicalId: 'second', name: 'second' }, sharedFiles: [], resources: Array.from({ length: 50 }, (_, i) => ({ logicalId: `p-${i}`, type: 'check', member: true, payload: { name: `Second ${i}`, locations: [], frequency: 10, checkType: 'ICMP', request: { hostname: '127.0.0.1' } } })) }));
    const deployed = deploy(server, second);
    await until('the 50 checks to be staged', () => stagedRows(server) === 50);
    for (let i = 0; i < 30; i++) expect((await server.api('POST', '/v1/checks/icmp', { name: `By hand ${i}`, request: { hostname: '127.0.0.1' } })).status).toBe(201);
    // Still held: nothing of the deploy is visible, and it has not committed yet.
    expect(stagedRows(server)).toBe(50);
    expect(await total(server)).toBe(330);

    const answer = await deployed;
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(stagedRows(server)).toBe(0);
    expect((server.backend.db.sqlite.prepare('select count(*) as n from check_rows').get() as { n: number }).n).toBe(330);
    expect(await total(server)).toBe(330);
    expect(await total(server, '/v1/checks?limit=1&search=Second')).toBe(0);
  }, 60_000);
});
