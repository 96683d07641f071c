import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { icmpBody, makeApi, makeDataDir, startServer, TEST_KEY } from '../helpers/server';
import { killLeftovers, spawnSightline, type CliProcess } from '../agent/helpers';

const LISTENING = /^Sightline API listening on (http:\/\/\S+)$/;

function serveArgs(dataDir: string): string[] {
  return ['serve', '--no-console-build', '--no-scheduler', '--port', '0', '--data-dir', dataDir, '--api-key', TEST_KEY, '--agent-health-port', '0'];
}

/** How a started process ended up: refused (its exit code and the time it took) or serving. */
async function outcome(cli: CliProcess, startedAt: number): Promise<{ exitCode: number | null; ms: number } | 'serving'> {
  return Promise.race([cli.exited.then((exitCode) => ({ exitCode, ms: Date.now() - startedAt })), cli.line(LISTENING, 30_000).then(() => 'serving' as const)]);
}

/** Starts a serve on `dataDir` and expects it refused within 2 s, naming the folder and the holder. */
async function expectRefused(dataDir: string, holder: CliProcess, holderUrl: string): Promise<CliProcess> {
  const startedAt = Date.now();
  const second = spawnSightline(serveArgs(dataDir));
  const refused = await outcome(second, startedAt);
  expect(refused).not.toBe('serving');
  expect(refused).toMatchObject({ exitCode: 1 });
  expect((refused as { ms: number }).ms).toBeLessThan(2000);
  expect(second.stderr.join('\n')).toContain(`The data folder ${dataDir} is in use by another Sightline process: pid ${holder.child.pid} (sightline serve) at ${holderUrl}, running since 20`);
  expect(second.stdout).toEqual([]);
  return second;
}

describe('one process per data folder (sightline serve)', () => {
  const folders: string[] = [];
  async function folder(): Promise<string> {
    const dataDir = await makeDataDir();
    folders.push(dataDir);
    return dataDir;
  }
  afterAll(async () => {
    killLeftovers();
    await Promise.all(folders.map((dataDir) => rm(dataDir, { recursive: true, force: true })));
  });

  it('a second serve on a used folder exits 1 within 2 s naming the folder, pid and address; the first keeps serving', async () => {
    const dataDir = await folder();
    const first = spawnSightline(serveArgs(dataDir));
    const url = await first.line(LISTENING, 30_000);
    const api = makeApi(url, TEST_KEY);
    const check = await api('POST', '/v1/checks/icmp', icmpBody({ name: 'Kept while refused' }));
    expect(check.status).toBe(201);

    const second = await expectRefused(dataDir, first, url);
    expect(second.stderr.join('\n')).toContain('start this one with another --data-dir');

    const read = await api('GET', `/v1/checks/${check.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body.name).toBe('Kept while refused');
    expect((await api('GET', '/v1/checks')).body).toHaveLength(1);
    expect(await first.stop('SIGTERM')).toBe(0);
  }, 60_000);

  it('after a SIGKILL of the holder (which had a second one refused), a new serve starts at once on the same folder with its data', async () => {
    const dataDir = await folder();
    const first = spawnSightline(serveArgs(dataDir));
    const firstUrl = await first.line(LISTENING, 30_000);
    const check = await makeApi(firstUrl, TEST_KEY)('POST', '/v1/checks/icmp', icmpBody({ name: 'Survives a SIGKILL' }));
    expect(check.status).toBe(201);
    await expectRefused(dataDir, first, firstUrl);
    first.child.kill('SIGKILL');
    await first.exited;

    const again = spawnSightline(serveArgs(dataDir));
    expect(await outcome(again, Date.now())).toBe('serving');
    const url = again.stdout.map((line) => LISTENING.exec(line)?.[1]).find(Boolean)!;
    expect((await makeApi(url, TEST_KEY)('GET', `/v1/checks/${check.body.id}`)).body.name).toBe('Survives a SIGKILL');
    expect(again.stderr.join('\n')).not.toContain('in use');
    expect(await again.stop('SIGTERM')).toBe(0);
  }, 60_000);

  it('two serves on two different folders both run, and each folder refuses a third on its own behalf', async () => {
    const [oneDir, twoDir] = [await folder(), await folder()];
    const [one, two] = [spawnSightline(serveArgs(oneDir)), spawnSightline(serveArgs(twoDir))];
    const urls = await Promise.all([one.line(LISTENING, 30_000), two.line(LISTENING, 30_000)]);
    for (const url of urls) expect((await makeApi(url, TEST_KEY)('GET', '/v1/checks')).status).toBe(200);
    await expectRefused(twoDir, two, urls[1]);
    expect(await Promise.all([one.stop('SIGTERM'), two.stop('SIGTERM')])).toEqual([0, 0]);
  }, 60_000);

  it('in one process, a second backend on the folder is refused too, and the folder is free again after close', async () => {
    const first = await startServer();
    folders.push(first.dataDir);
    await expect(startServer({ dataDir: first.dataDir })).rejects.toThrow(`The data folder ${first.dataDir} is in use by another Sightline process: pid ${process.pid} (Sightline) at ${first.url}`);
    expect((await first.api('GET', '/v1/checks')).status).toBe(200);
    await first.close();
    const again = await startServer({ dataDir: first.dataDir });
    expect((await again.api('GET', '/v1/checks')).status).toBe(200);
    await again.close();
  }, 30_000);
});
