import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { killLeftovers, startCli, type CliServer } from '../helpers/cli';
import { pingProject, postDeploy } from '../helpers/ping-project';
import { countDeployments } from '../helpers/seed-project';
import { icmpBody, makeApi, makeDataDir, startServer, type TestServer } from '../helpers/server';

/**
 * Issue 29: a destroy deletes a project's checks a slice at a time, each slice its own short
 * transaction, so other requests are answered meanwhile. A destroy is idempotent, so a crash
 * half-way is repaired by finishing it: the next start does so before it answers anyone. What
 * would refuse the destroy (a group of the project holding other checks) is asked before anything
 * is deleted, so a refused destroy still changes nothing.
 */
const KEY = 'sl_destroy_slices_key_0123456789';
/** More than one slice (the first deletes 100 checks, the next at most 500). */
const CHECKS = 600;

async function deploy(url: string, key: string, checks: number): Promise<number> {
  return (await postDeploy(url, key, pingProject(checks, 'sliced'))).status;
}

/** Rows of the stopped (or killed) server's database, read as they are on disk. */
function countRows(dataDir: string, sql: string): number {
  const db = new Database(join(dataDir, 'sightline.db'), { readonly: true });
  try {
    return (db.prepare(sql).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('a destroy killed (SIGKILL) half-way through its slices', () => {
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

  it('is finished by the next start before it answers: every resource of the project gone, the destroy SUCCEEDED', async () => {
    doomed = await startCli(args(), { env: { SIGHTLINE_TEST_HOOKS: '1', SIGHTLINE_TEST_CRASH_AFTER_DESTROY_SLICE: '1' } });
    expect(await deploy(doomed.url, KEY, CHECKS)).toBe(200);
    const destroyed = fetch(`${doomed.url}/v1/projects/sliced`, { method: 'DELETE', headers: { authorization: `Bearer ${KEY}` } }).catch((error: unknown) => error);
    expect(await doomed.exited).toEqual([null, 'SIGKILL']);
    expect(await destroyed).toBeInstanceOf(Error);

    // Killed between two slices: the first slice's checks are gone, the rest and the group are still stored.
    const left = countRows(dataDir, 'select count(*) as n from checks');
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(CHECKS);
    expect(countRows(dataDir, 'select count(*) as n from check_groups')).toBe(1);
    expect(countDeployments(dataDir, 'sliced')).toEqual({ SUCCEEDED: 1, IN_PROGRESS: 1 });

    server = await startCli(args());
    const api = makeApi(server.url, KEY);
    expect((await api('GET', '/v1/checks?limit=100')).body).toEqual([]);
    expect((await api('GET', '/v1/check-groups')).body).toEqual([]);
    expect((await api('GET', '/v1/alert-channels')).body).toEqual([]);
    expect(countDeployments(dataDir, 'sliced')).toEqual({ SUCCEEDED: 2 });
    // The project can be deployed again as new.
    expect(await deploy(server.url, KEY, 3)).toBe(200);
    expect((await api('GET', '/v1/checks?limit=100')).body).toHaveLength(3);
    // Three process starts and 600 checks under tsx: generous on a loaded 2-core machine.
  }, 120_000);
});

describe('a destroy that would be refused part-way', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('is refused before anything is deleted when a group of the project holds a check of no project (409 naming the group)', async () => {
    expect(await deploy(server.url, server.key, 30)).toBe(200);
    const [group] = (await server.api('GET', '/v1/check-groups')).body;
    const outsider = await server.api('POST', '/v1/checks/icmp', icmpBody({ name: 'Outside the project', groupId: group.id }));
    expect(outsider.status, outsider.text).toBe(201);

    const refused = await server.api('DELETE', '/v1/projects/sliced');
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.message).toContain(`check group ${group.id}`);
    expect(refused.body.message).toContain('Nothing was deleted');
    expect((await server.api('GET', '/v1/checks?limit=100')).body).toHaveLength(31);
    expect((await server.api('GET', '/v1/check-groups')).body).toHaveLength(1);

    // Once the other check has gone, the same destroy deletes the whole project.
    expect((await server.api('DELETE', `/v1/checks/${outsider.body.id}`)).status).toBe(204);
    const destroyed = await server.api('DELETE', '/v1/projects/sliced');
    expect(destroyed.status, destroyed.text).toBe(200);
    expect(destroyed.body.status).toBe('SUCCEEDED');
    expect((await server.api('GET', '/v1/checks?limit=100')).body).toEqual([]);
    expect((await server.api('GET', '/v1/check-groups')).body).toEqual([]);
  }, 60_000);
});
