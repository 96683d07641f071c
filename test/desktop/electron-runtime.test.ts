import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { electronRuntime, projectSelected } from '../../e2e/fixtures/electron-runtime';

/** The e2e electron project's runtime lookup: where it finds Electron, and when global setup builds for it. */
describe('the Electron e2e project finds its runtime', () => {
  const saved = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  afterEach(() => {
    if (saved === undefined) delete process.env.ELECTRON_OVERRIDE_DIST_PATH;
    else process.env.ELECTRON_OVERRIDE_DIST_PATH = saved;
  });

  it('honours ELECTRON_OVERRIDE_DIST_PATH: a runtime unpacked there is used', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sightline-electron-dist-'));
    try {
      const name = process.platform === 'win32' ? 'electron.exe' : process.platform === 'darwin' ? 'Electron.app/Contents/MacOS/Electron' : 'electron';
      await writeFile(join(dir, name), '');
      process.env.ELECTRON_OVERRIDE_DIST_PATH = dir;
      expect(electronRuntime()).toEqual({ binary: join(dir, name) });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('an override naming an empty folder says so, instead of downloading', () => {
    process.env.ELECTRON_OVERRIDE_DIST_PATH = join(tmpdir(), 'no-electron-here');
    expect(electronRuntime()).toEqual({ missing: expect.stringContaining('ELECTRON_OVERRIDE_DIST_PATH names no Electron runtime') });
  });

  it('global setup builds for a project only when it runs: all projects by default, else the ones named', () => {
    expect(projectSelected('electron', ['node', 'playwright', 'test'])).toBe(true);
    expect(projectSelected('electron', ['node', 'playwright', 'test', '--project=web'])).toBe(false);
    expect(projectSelected('electron', ['node', 'playwright', 'test', '--project', 'electron'])).toBe(true);
  });
});
