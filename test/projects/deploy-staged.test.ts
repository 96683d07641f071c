import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pingProject, postDeploy, testHookEnv, type DeployBody } from '../helpers/ping-project';
import { setMaxChecks, startServer, type TestServer } from '../helpers/server';

/**
 * Issue 29: a deploy's new checks are written before its commit, in short transactions, held back
 * from every reader (`check_rows.staged_by`, read through the `checks` view); the commit makes them
 * all visible in one statement, so a deploy of thousands no longer inserts thousands of rows while
 * every other request waits. These tests hold a deploy between its plan and its commit (a test
 * hook) and look at what readers see meanwhile, and at what a failed commit leaves.
 */
const deploy = (server: TestServer, body: DeployBody) => postDeploy(server.url, server.key, body);

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
  const hooks = testHookEnv(['SIGHTLINE_TEST_HOOKS', 'SIGHTLINE_TEST_DEPLOY_PAUSE_MS']);
  beforeAll(async () => {
    server = await startServer();
  });
  afterEach(() => hooks.restore());
  afterAll(async () => {
    await server?.stop();
  });

  it('has written its new checks, and no reader sees one until the commit shows all of them in the group it created', async () => {
    process.env.SIGHTLINE_TEST_HOOKS = '1';
    // Long enough for the reads below on a loaded CI machine; the deploy commits when it ends.
    process.env.SIGHTLINE_TEST_DEPLOY_PAUSE_MS = '4000';
    const deployed = deploy(server, pingProject(300, 'staged'));
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
    expect(groups.map((group) => group.name)).toEqual(['Group']);
    // Staged with the id reserved for the group, which the commit created it with.
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
    const second: DeployBody = { project: { logicalId: 'second', name: 'second' }, sharedFiles: [], resources: Array.from({ length: 50 }, (_, i) => ({ logicalId: `p-${i}`, type: 'check', member: true, payload: { name: `Second ${i}`, locations: [], frequency: 10, checkType: 'ICMP', request: { hostname: '127.0.0.1' } } })) };
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
