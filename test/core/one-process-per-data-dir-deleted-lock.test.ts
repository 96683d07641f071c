import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { icmpBody, makeApi, makeDataDir, startServer, TEST_KEY } from '../helpers/server';
import { killLeftovers, spawnSightline, type CliProcess } from '../agent/helpers';

const LISTENING = /^Sightline API listening on (http:\/\/\S+)$/;

function serveArgs(dataDir: string): string[] {
  return ['serve', '--no-console-build', '--no-scheduler', '--port', '0', '--data-dir', dataDir, '--api-key', TEST_KEY, '--agent-health-port', '0'];
}

async function outcome(cli: CliProcess): Promise<{ exitCode: number | null } | 'serving'> {
  return Promise.race([cli.exited.then((exitCode) => ({ exitCode })), cli.line(LISTENING, 30_000).then(() => 'serving' as const)]);
}

/** Issue 29, item 8: deleting `sightline.lock` under a running server must not let a second one in. */
describe('the data folder lock without its lock file', () => {
  const folders: string[] = [];
  afterAll(async () => {
    killLeftovers();
    await Promise.all(folders.map((dataDir) => rm(dataDir, { recursive: true, force: true })));
  });

  it('a second serve is refused after sightline.lock (and then its holder file) is deleted; the first keeps serving, and the folder is free once it stops', async () => {
    const dataDir = await makeDataDir();
    folders.push(dataDir);
    const first = spawnSightline(serveArgs(dataDir));
    const url = await first.line(LISTENING, 30_000);
    const api = makeApi(url, TEST_KEY);
    expect((await api('POST', '/v1/checks/icmp', icmpBody({ name: 'Kept' }))).status).toBe(201);

    await rm(join(dataDir, 'sightline.lock'));
    const second = spawnSightline(serveArgs(dataDir));
    expect(await outcome(second)).toEqual({ exitCode: 1 });
    expect(second.stderr.join('\n')).toContain(`The data folder ${dataDir} is in use by another Sightline process: pid ${first.child.pid} (sightline serve) at ${url}`);

    await rm(join(dataDir, 'sightline.lock'), { force: true });
    await rm(join(dataDir, 'sightline.lock-holder.json'));
    const third = spawnSightline(serveArgs(dataDir));
    expect(await outcome(third)).toEqual({ exitCode: 1 });
    expect(third.stderr.join('\n')).toContain(`The data folder ${dataDir} is in use by another Sightline process: a process that has its database sightline.db open`);

    expect((await api('GET', '/v1/checks')).body).toHaveLength(1);
    expect(await first.stop('SIGTERM')).toBe(0);
    const after = spawnSightline(serveArgs(dataDir));
    const afterUrl = await after.line(LISTENING, 30_000);
    expect((await makeApi(afterUrl, TEST_KEY)('GET', '/v1/checks')).body).toHaveLength(1);
    expect(await after.stop('SIGTERM')).toBe(0);
  }, 90_000);

  it('in one process too: a second backend on the folder is refused after the lock file is deleted', async () => {
    const first = await startServer();
    folders.push(first.dataDir);
    await rm(join(first.dataDir, 'sightline.lock'));
    await expect(startServer({ dataDir: first.dataDir })).rejects.toThrow(`The data folder ${first.dataDir} is in use by another Sightline process: pid ${process.pid} (Sightline) at ${first.url}`);
    expect((await first.api('GET', '/v1/checks')).status).toBe(200);
    await first.close();
    const again = await startServer({ dataDir: first.dataDir });
    expect((await again.api('GET', '/v1/checks')).status).toBe(200);
    await again.close();
  }, 30_000);
});
