import { expect, skipWithoutElectron, test } from '../../fixtures/electron-app';
import { DesktopProbe } from '../../pages/desktop-probe';
import { MaintenancePage } from '../../pages/maintenance-page';

skipWithoutElectron();

test('the tray menu: health, Open, Pause all alerts for 1 hour, Quit; pausing shows under Maintenance', async ({ desktop }) => {
  const probe = new DesktopProbe(desktop.app);
  await expect.poll(() => probe.trayMenu()).toEqual([
    { label: 'No monitors have run yet', enabled: false },
    { label: 'Open Sightline', enabled: true },
    { label: 'Pause all alerts for 1 hour', enabled: true },
    { label: 'Quit Sightline', enabled: true },
  ]);
  await probe.clickTrayItem('Pause all alerts for 1 hour');
  await expect.poll(async () => (await probe.trayMenu())[2]).toEqual({ label: expect.stringMatching(/^Alerts paused until \d\d:\d\d UTC$/), enabled: false });
  await desktop.window.evaluate(() => (window.location.hash = '#/maintenance'));
  await expect(new MaintenancePage(desktop.window).table.getByRole('row', { name: /All alerts paused from the desktop tray/ })).toBeVisible();
});
