import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { killLeftovers, startCli, type CliServer } from '../helpers/cli';
import { pingProject, postDeploy, testHookEnv } from '../helpers/ping-project';
import { countDeployments } from '../helpers/seed-project';
import { makeApi, makeDataDir, startServer, type TestServer } from '../helpers/server';

/**
 * Issue 29: a deploy is all or nothing as every other client sees it. Its plan is made a slice at
 * a time outside any transaction and its commit re-checks cheaply what the plan read (a check
 * written since is found by its write stamp, not by a stamp of every row), so these hold:
 * a reader during a large deploy sees none of it or all of it; a server killed inside the commit
 * restarts with nothing of the deploy stored; a check written between the plan and the commit makes
 * the deploy plan again, so the deploy (the later write) wins.
 */
const KEY = 'sl_deploy_atomic_key_0123456789';

const project = (checks: number, suffix = '') => pingProject(checks, 'atomic', suffix);
const deploy = postDeploy;

/** Rows of the stopped (or killed) server's database, read as they are on disk. */
function countRows(dataDir: string, sql: string): number {
  const db = new Database(join(dataDir, 'sightline.db'), { readonly: true });
  try {
    return (db.prepare(sql).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('readers during a large deploy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** While `work` runs, `look` is called one request after another; answers every look's result. */
  async function lookDuring<T, L>(work: Promise<T>, look: () => Promise<L>): Promise<{ result: T; seen: L[] }> {
    let done = false;
    const seen: L[] = [];
    const settled = work.finally(() => {
      done = true;
    });
    const probe = (async () => {
      while (!done) seen.push(await look());
    })();
    const result = await settled;
    await probe;
    return { result, seen };
  }

  it('see none of a deploy or all of it: the number of checks, then every name of a redeploy that renames them all', async () => {
    const CHECKS = 2_000;
    const total = async () => {
      const res = await server.api('GET', '/v1/checks?limit=1');
      expect(res.status).toBe(200);
      return Number(res.headers.get('content-range')?.split('/')[1]);
    };
    const created = await lookDuring(deploy(server.url, server.key, project(CHECKS)), total);
    expect(created.result.status, JSON.stringify(created.result.body).slice(0, 300)).toBe(200);
    expect(created.seen.length).toBeGreaterThan(3);
    expect(created.seen.filter((n) => n !== 0 && n !== CHECKS)).toEqual([]);
    expect(await total()).toBe(CHECKS);

    // Every check renamed: a page of checks read during the redeploy is all old names or all new ones.
    const newNames = async () => {
      const res = await server.api('GET', '/v1/checks?limit=100');
      expect(res.status).toBe(200);
      const names = (res.body as { name: string }[]).map((check) => check.name);
      expect(names).toHaveLength(100);
      return names.filter((name) => name.endsWith(' (v2)')).length;
    };
    const renamed = await lookDuring(deploy(server.url, server.key, project(CHECKS, ' (v2)')), newNames);
    expect(renamed.result.status).toBe(200);
    expect(renamed.seen.length).toBeGreaterThan(3);
    expect(renamed.seen.filter((n) => n !== 0 && n !== 100)).toEqual([]);
    // Read once the deploy answered (the last read during it may have been sent just before its
    // commit: on PostgreSQL the commit comes very close to the answer).
    expect(await newNames()).toBe(100);
  }, 120_000);
});

describe('a check written between a deploy plan and its commit', () => {
  let server: TestServer;
  const hooks = testHookEnv(['SIGHTLINE_TEST_HOOKS', 'SIGHTLINE_TEST_DEPLOY_PAUSE_MS']);
  beforeAll(async () => {
    server = await startServer();
  });
  afterEach(() => hooks.restore());
  afterAll(async () => {
    await server?.stop();
  });

  it('makes the deploy plan again: the code, deployed after the hand edit and delete, is what is stored', async () => {
    expect((await deploy(server.url, server.key, project(50))).status).toBe(200);
    const before = (await server.api('GET', '/v1/checks?limit=100')).body as { id: string; name: string }[];
    const ping0 = before.find((check) => check.name === 'Ping 0');
    const ping1 = before.find((check) => check.name === 'Ping 1');
    const outsider = await server.api('POST', '/v1/checks/icmp', { name: 'Outside the project', request: { hostname: '127.0.0.1' } });
    expect(outsider.status).toBe(201);

    // The same code again (nothing to change), held 2.5 s between its plan and its commit (a test hook).
    process.env.SIGHTLINE_TEST_HOOKS = '1';
    process.env.SIGHTLINE_TEST_DEPLOY_PAUSE_MS = '2500';
    const redeploy = deploy(server.url, server.key, project(50));
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    // Answered before the deploy commits: the deploy is the later write.
    const edited = await server.api('PUT', `/v1/checks/icmp/${ping0?.id}`, { name: 'Changed by hand' });
    expect(edited.status, edited.text).toBe(200);
    const renamedOutsider = await server.api('PUT', `/v1/checks/icmp/${outsider.body.id}`, { name: 'Outsider, renamed' });
    expect(renamedOutsider.status).toBe(200);
    const answer = await redeploy;
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);

    expect((await server.api('GET', `/v1/checks/${ping0?.id}`)).body.name).toBe('Ping 0');
    // A check outside the project is not the deploy's: its edit stays.
    expect((await server.api('GET', `/v1/checks/${outsider.body.id}`)).body.name).toBe('Outsider, renamed');

    // Again, a check of the project deleted by hand meanwhile (its binding goes with it): the deploy creates it again.
    const again = deploy(server.url, server.key, project(50));
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect((await server.api('DELETE', `/v1/checks/${ping1?.id}`)).status).toBe(204);
    const second = await again;
    expect(second.status, JSON.stringify(second.body).slice(0, 300)).toBe(200);
    const recreated = (second.body.result.diff as { type: string; logicalId: string; action: string; physicalId: string }[]).find((entry) => entry.type === 'check' && entry.logicalId === 'ping-1');
    expect(recreated?.action).toBe('CREATE');
    expect((await server.api('GET', `/v1/checks/${recreated?.physicalId}`)).body.name).toBe('Ping 1');
    expect((await server.api('GET', '/v1/checks?limit=1')).headers.get('content-range')).toBe('0-0/51');
  }, 60_000);
});

describe('a server killed (SIGKILL) inside a deploy commit', () => {
  let dataDir: string;
  let doomed: CliServer | null = null;
  let server: CliServer | null = null;
  beforeAll(async () => {
    dataDir = await makeDataDir();
  });
  afterEach(async () => {
    await doomed?.stop('SIGKILL');
    doomed = null;
    await server?.stop();
    server = null;
  });
  afterAll(async () => {
    killLeftovers();
    await rm(dataDir, { recursive: true, force: true });
  });

  const args = () => ['--host', '127.0.0.1', '--port', '0', '--data-dir', dataDir, '--api-key', KEY, '--agent-health-port', '0'];

  it('restarts with nothing of that deploy stored, the previous deploy whole', async () => {
    server = await startCli(args());
    expect((await deploy(server.url, KEY, project(3))).status).toBe(200);
    await server.stop();
    server = null;

    doomed = await startCli(args(), { env: { SIGHTLINE_TEST_HOOKS: '1', SIGHTLINE_TEST_CRASH_IN_DEPLOY_COMMIT: '1' } });
    const killed = deploy(doomed.url, KEY, project(600, ' (v2)')).catch((error: unknown) => error);
    expect(await doomed.exited).toEqual([null, 'SIGKILL']);
    expect(await killed).toBeInstanceOf(Error);
    doomed = null;

    // On disk: the first deploy only (3 checks, their 3 bindings and the group's 3), no deployment of the second.
    expect(countRows(dataDir, 'select count(*) as n from checks')).toBe(3);
    expect(countRows(dataDir, 'select count(*) as n from project_bindings')).toBe(6);
    expect(countDeployments(dataDir, 'atomic')).toEqual({ SUCCEEDED: 1 });
    // SQL, below any API: the 597 new checks were written before the commit, held back (staged) from every reader.
    expect(countRows(dataDir, 'select count(*) as n from check_rows where staged_by is not null')).toBe(597);

    server = await startCli(args());
    // The start deleted them before answering anything.
    expect(countRows(dataDir, 'select count(*) as n from check_rows')).toBe(3);
    const api = makeApi(server.url, KEY);
    const names = ((await api('GET', '/v1/checks?limit=100')).body as { name: string }[]).map((check) => check.name).sort();
    expect(names).toEqual(['Ping 0', 'Ping 1', 'Ping 2']);
    // The same deploy, without the crash, goes through whole.
    expect((await deploy(server.url, KEY, project(600, ' (v2)'))).status).toBe(200);
    const after = await api('GET', '/v1/checks?limit=1');
    expect(after.headers.get('content-range')).toBe('0-0/600');
  }, 120_000);
});
