import { createIcmpCheck } from '../../fixtures/rest';
import { expect, test } from '../../fixtures/server';
import { openConnected, toast } from '../../pages/console';
import { DesktopAppSettings } from '../../pages/desktop-app-settings';
import { SettingsPage } from '../../pages/settings-page';
import { blockingViolations } from '../../tools/axe';

test.describe('Settings → Desktop app', () => {
  test('in a browser there is no Desktop app section (no notifications or login items to set)', async ({ page, server }) => {
    await openConnected(page, server, '/settings');
    await expect(new SettingsPage(page).consoleSection).toBeVisible();
    await expect(new DesktopAppSettings(page).section).toHaveCount(0);
  });

  test('inside the app: opt in for chosen monitors (none chosen cannot be saved), kept after a reload; start at login goes to the app', async ({ page, server, request }) => {
    await createIcmpCheck(request, server, 'Checkout API');
    await createIcmpCheck(request, server, 'Billing API');
    const desktop = await DesktopAppSettings.openAsDesktopApp(page, server);
    await expect(desktop.section).toBeVisible();
    await expect(desktop.enabled).not.toBeChecked();
    expect(await blockingViolations(page)).toEqual([]);

    await desktop.enabled.check();
    await desktop.chosenMonitors.click();
    await expect(desktop.notificationsForm).toContainText('Choose at least one monitor, or notify for all monitors');
    await expect(desktop.save).toBeDisabled();
    await desktop.chooseMonitor('Checkout API');
    await desktop.save.click();
    await expect(toast(page, 'Desktop notifications saved')).toBeVisible();

    await page.reload();
    await expect(desktop.enabled).toBeChecked();
    await expect(desktop.notificationsForm).toContainText('Checkout API');
    await expect(desktop.notificationsForm).not.toContainText('Billing API');

    await expect(desktop.startAtLogin).not.toBeChecked();
    await desktop.startAtLogin.check();
    await expect(desktop.startAtLogin).toBeChecked();
    expect(await desktop.loginItemCalls()).toEqual([true]);
    expect(await blockingViolations(page)).toEqual([]);
  });
});
