import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, launchDesktopApp, skipWithoutElectron, test } from '../../fixtures/electron-app';
import { DashboardPage } from '../../pages/dashboard-page';
import { DesktopProbe } from '../../pages/desktop-probe';

skipWithoutElectron();

test('the desktop app opens its console window over app://, signed in, on its own userData folder', async ({ desktop }) => {
  await expect(desktop.window).toHaveTitle('Sightline');
  expect(desktop.window.url()).toMatch(/^app:\/\/sightline\/index\.html/);
  await expect(new DashboardPage(desktop.window).heading).toBeVisible();
  expect(await desktop.app.evaluate(({ app }) => app.getPath('userData'))).toBe(desktop.userData);
});

test('closing the window hides it and the app keeps running; the tray brings it back', async ({ desktop }) => {
  const probe = new DesktopProbe(desktop.app);
  await expect(new DashboardPage(desktop.window).heading).toBeVisible();
  await probe.closeWindow();
  await expect.poll(() => probe.windowVisible()).toBe(false);
  // The backend still answers: monitoring goes on.
  const { apiBaseUrl, token } = await desktop.connection();
  expect((await fetch(`${apiBaseUrl}/v1/checks`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  await probe.clickTrayItem('Open Sightline');
  await expect.poll(() => probe.windowVisible()).toBe(true);
});

test('the window opens again at the size it was left at', async () => {
  const userData = await mkdtemp(join(tmpdir(), 'sightline-electron-'));
  try {
    const first = await launchDesktopApp(userData);
    await new DesktopProbe(first.app).resizeWindow(1000, 700);
    await first.quit();
    const second = await launchDesktopApp(userData);
    await expect.poll(() => new DesktopProbe(second.app).windowBounds()).toEqual({ width: 1000, height: 700 });
    await second.quit();
  } finally {
    await rm(userData, { recursive: true, force: true });
  }
});
