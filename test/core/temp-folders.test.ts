import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { claimTempRoot, removeAbandonedTempRoots, TEMP_ROOT_PREFIX } from '../../src-main/db/temp-folders';
import { makeApi, makeDataDir, TEST_KEY } from '../helpers/server';
import { killLeftovers, spawnSightline } from '../agent/helpers';

const LISTENING = /^Sightline API listening on (http:\/\/\S+)$/;

function serveArgs(dataDir: string): string[] {
  return ['serve', '--no-console-build', '--no-scheduler', '--port', '0', '--data-dir', dataDir, '--api-key', TEST_KEY, '--agent-health-port', '0'];
}

async function tempRoots(base: string): Promise<string[]> {
  return (await readdir(base)).filter((name) => name.startsWith(TEMP_ROOT_PREFIX)).sort();
}

/** Issue 29, item 8: the temporary folders of a process that is gone are removed at the next start; a live one's are not. */
describe('temporary folders of processes that are gone', () => {
  const folders: string[] = [];
  afterAll(async () => {
    killLeftovers();
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
  });
  async function folder(make: () => Promise<string>): Promise<string> {
    const made = await make();
    folders.push(made);
    return made;
  }

  it("a SIGKILLed server's folder is gone once a server starts again; a live server's folder (another data folder) is untouched; a stop removes its own", async () => {
    // A system temporary folder of the test's own, so other tests' servers are not in it.
    const base = await folder(() => mkdtemp(join(tmpdir(), 'sightline-temp-test-')));
    const env = { TMPDIR: base };
    const [liveDir, killedDir] = [await folder(makeDataDir), await folder(makeDataDir)];

    const live = spawnSightline(serveArgs(liveDir), env);
    const liveUrl = await live.line(LISTENING, 30_000);
    const [liveRoot] = await tempRoots(base);
    expect(liveRoot).toBeDefined();
    await writeFile(join(base, liveRoot, 'marker'), 'still here');

    const killed = spawnSightline(serveArgs(killedDir), env);
    await killed.line(LISTENING, 30_000);
    const killedRoot = (await tempRoots(base)).find((name) => name !== liveRoot)!;
    expect(killedRoot).toBeDefined();
    killed.child.kill('SIGKILL');
    await killed.exited;
    expect(await tempRoots(base)).toEqual([liveRoot, killedRoot].sort());

    const again = spawnSightline(serveArgs(killedDir), env);
    const againUrl = await again.line(LISTENING, 30_000);
    const now = await tempRoots(base);
    expect(now).not.toContain(killedRoot);
    expect(now).toContain(liveRoot);
    expect(now).toHaveLength(2);
    expect(await readFile(join(base, liveRoot, 'marker'), 'utf8')).toBe('still here');

    for (const url of [liveUrl, againUrl]) expect((await makeApi(url, TEST_KEY)('GET', '/v1/checks')).status).toBe(200);
    expect(await Promise.all([live.stop('SIGTERM'), again.stop('SIGTERM')] as Promise<number | null>[])).toEqual([0, 0]);
    expect(await tempRoots(base)).toEqual([]);
  }, 120_000);

  it('a folder whose owner holds its lock is never taken for abandoned; one that never got a lock is, once it is a minute old', async () => {
    const base = await folder(() => mkdtemp(join(tmpdir(), 'sightline-temp-test-')));
    const held = claimTempRoot({ base });
    const [unclaimedOld, unclaimedNew] = [join(base, `${TEMP_ROOT_PREFIX}old`), join(base, `${TEMP_ROOT_PREFIX}new`)];
    await mkdir(unclaimedOld);
    await mkdir(unclaimedNew);
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await utimes(unclaimedOld, twoMinutesAgo, twoMinutesAgo);
    expect(removeAbandonedTempRoots(base)).toEqual([unclaimedOld]);
    expect(await tempRoots(base)).toEqual([held.path.slice(base.length + 1), `${TEMP_ROOT_PREFIX}new`].sort());
    held.release();
    expect(await tempRoots(base)).toEqual([`${TEMP_ROOT_PREFIX}new`]);
  });

  it('a folder still being made (locked, then renamed into place) is not removed by a server starting in the same instant; one its maker left a minute ago is', async () => {
    const base = await folder(() => mkdtemp(join(tmpdir(), 'sightline-temp-test-')));
    // What another process's claim looks like between its mkdtemp and its rename: its lock file made, not yet locked.
    const [beingMade, leftBehind] = [join(base, 'sightline-tmpnew-abc123'), join(base, 'sightline-tmpnew-def456')];
    for (const made of [beingMade, leftBehind]) {
      await mkdir(made);
      await writeFile(join(made, 'owner.lock'), '');
    }
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await utimes(leftBehind, twoMinutesAgo, twoMinutesAgo);
    const claimed = claimTempRoot({ base });
    expect((await readdir(base)).sort()).toEqual([claimed.path.slice(base.length + 1), 'sightline-tmpnew-abc123'].sort());
    expect(claimed.path.slice(base.length + 1).startsWith(TEMP_ROOT_PREFIX)).toBe(true);
    // The claim's lock survived the rename: another process's look finds it held, not abandoned.
    expect(removeAbandonedTempRoots(base)).toEqual([]);
    claimed.release();
    expect(await readdir(base)).toEqual(['sightline-tmpnew-abc123']);
  });
});
