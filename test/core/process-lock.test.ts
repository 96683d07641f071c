import { createServer } from 'node:net';
import { once } from 'node:events';
import { rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '../../src-main/db/data-dir-lock';
import { makeDataDir, startServer } from '../helpers/server';

describe('the data folder lock', () => {
  const folders: string[] = [];
  async function folder(): Promise<string> {
    const dataDir = await makeDataDir();
    folders.push(dataDir);
    return dataDir;
  }
  afterAll(() => Promise.all(folders.map((dataDir) => rm(dataDir, { recursive: true, force: true }))));

  it('a refusal while the holder has not written its facts yet (or left a stale file) still names the folder', async () => {
    const dataDir = await folder();
    const held = lockDataDir(dataDir, 'sightline serve');
    try {
      // A previous holder's file: a pid that cannot be running.
      await writeFile(join(dataDir, 'sightline.lock-holder.json'), JSON.stringify({ pid: 2 ** 22 + 1, host: hostname(), command: 'sightline serve', address: 'http://127.0.0.1:1', startedAt: '2020-01-01T00:00:00.000Z' }));
      expect(() => lockDataDir(dataDir, 'sightline serve')).toThrow(`The data folder ${dataDir} is in use by another Sightline process: a process that is still starting (its details are not written yet).`);
      await writeFile(join(dataDir, 'sightline.lock-holder.json'), 'not json');
      expect(() => lockDataDir(dataDir, 'sightline serve')).toThrow('a process that is still starting');
    } finally {
      held.release();
    }
    lockDataDir(dataDir, 'sightline serve').release();
  });

  it('a backend that fails to start (port taken) frees the folder: the next start on it works and holds it in turn', async () => {
    const dataDir = await folder();
    const blocker = createServer();
    blocker.listen(0, '127.0.0.1');
    await once(blocker, 'listening');
    const port = (blocker.address() as { port: number }).port;
    try {
      await expect(startServer({ dataDir, config: { port } })).rejects.toMatchObject({ code: 'EADDRINUSE' });
      const server = await startServer({ dataDir });
      expect((await server.api('GET', '/v1/checks')).status).toBe(200);
      await expect(startServer({ dataDir })).rejects.toThrow(`The data folder ${dataDir} is in use by another Sightline process: pid ${process.pid} (Sightline) at ${server.url}`);
      await server.close();
    } finally {
      blocker.close();
    }
  });
});
