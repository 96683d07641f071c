import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import { electronRuntimeMissing } from '../../fixtures/electron-runtime';

const missing = electronRuntimeMissing();
test.skip(missing !== null, `the Electron runtime is needed: ${missing}`);

test('the desktop app opens its console window', async () => {
  // Its own userData folder (the desktop app's data dir), so the test neither reads nor writes the user's.
  const userData = await mkdtemp(join(tmpdir(), 'sightline-electron-'));
  const app = await electron.launch({ args: ['.', `--user-data-dir=${userData}`] });
  try {
    const window = await app.firstWindow();
    await expect(window).toHaveTitle('Sightline');
    expect(await app.evaluate(({ app: main }) => main.getPath('userData'))).toBe(userData);
  } finally {
    await app.close();
    await rm(userData, { recursive: true, force: true });
  }
});
