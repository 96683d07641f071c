import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { killLeftovers, probe, spawnSightline, type CliProcess } from './helpers';

const REGISTERED = /^Sightline agent \S+ registered for private location (\S+)/;

/**
 * A remote agent has no data folder: it locks its key and server on the machine, in the
 * runtime folder (XDG_RUNTIME_DIR, a folder of this test's own here).
 */
describe('one agent per key on a machine (sightline agent)', () => {
  let server: TestServer;
  let runtimeDir: string;
  beforeAll(async () => {
    server = await startServer();
    runtimeDir = await mkdtemp(join(tmpdir(), 'sightline-runtime-dir-'));
  });
  afterAll(async () => {
    killLeftovers();
    await server.stop();
    await rm(runtimeDir, { recursive: true, force: true });
  });

  async function locationKey(slugName: string): Promise<string> {
    const created = await server.api('POST', '/v1/private-locations', { name: `Location ${slugName}`, slugName });
    expect(created.status).toBe(201);
    return created.body.keys[0].rawKey as string;
  }

  function startAgent(key: string): CliProcess {
    return spawnSightline(['agent', '--server', server.url, '--key', key, '--agent-health-port', '0', '--concurrency', '1'], { XDG_RUNTIME_DIR: runtimeDir });
  }

  async function outcome(agent: CliProcess, startedAt: number): Promise<{ exitCode: number | null; ms: number } | 'registered'> {
    return Promise.race([agent.exited.then((exitCode) => ({ exitCode, ms: Date.now() - startedAt })), agent.line(REGISTERED, 30_000).then(() => 'registered' as const)]);
  }

  it('a second agent of a key exits 1 within 2 s naming the running one; another key runs; after a SIGKILL the key is free at once', async () => {
    const key = await locationKey('lock-office');
    const first = startAgent(key);
    const healthUrl = await first.line(/^Agent health probes on (http:\/\/\S+)$/, 30_000);
    await first.line(REGISTERED, 30_000);

    const startedAt = Date.now();
    const second = startAgent(key);
    const refused = await outcome(second, startedAt);
    expect(refused).not.toBe('registered');
    expect(refused).toMatchObject({ exitCode: 1 });
    expect((refused as { ms: number }).ms).toBeLessThan(2000);
    expect(second.stderr.join('\n')).toContain(
      `An agent with this key for ${server.url} already runs on this machine: pid ${first.child.pid} (sightline agent --server ${server.url}) at ${healthUrl}, running since 20`,
    );
    expect(second.stderr.join('\n')).not.toContain(key);
    expect((await probe(`${healthUrl}/-/readiness`)).status).toBe(200);

    const other = startAgent(await locationKey('lock-depot'));
    expect(await outcome(other, Date.now())).toBe('registered');

    first.child.kill('SIGKILL');
    await first.exited;
    const again = startAgent(key);
    expect(await outcome(again, Date.now())).toBe('registered');
    await Promise.all([other.stop('SIGKILL'), again.stop('SIGKILL')]);
  }, 90_000);

  it('deleting the lock file under a running agent does not let a second one of its key in (issue 29)', async () => {
    const key = await locationKey('lock-deleted');
    const first = startAgent(key);
    const healthUrl = await first.line(/^Agent health probes on (http:\/\/\S+)$/, 30_000);
    await first.line(REGISTERED, 30_000);
    const lockFiles = (await readdir(runtimeDir, { recursive: true })).filter((name) => name.endsWith('.lock'));
    expect(lockFiles.length).toBeGreaterThan(0);
    for (const name of lockFiles) await rm(join(runtimeDir, name));

    const second = startAgent(key);
    expect(await outcome(second, Date.now())).toMatchObject({ exitCode: 1 });
    expect(second.stderr.join('\n')).toContain(`An agent with this key for ${server.url} already runs on this machine: pid ${first.child.pid} (sightline agent --server ${server.url}) at ${healthUrl}`);
    expect((await probe(`${healthUrl}/-/readiness`)).status).toBe(200);

    first.child.kill('SIGKILL');
    await first.exited;
    const again = startAgent(key);
    expect(await outcome(again, Date.now())).toBe('registered');
    await again.stop('SIGKILL');
  }, 90_000);
});
