import { expect, sharedServerTest as test } from '../../fixtures/server';
import { ConsoleChrome, openConnected } from '../../pages/console';

test.describe('keyboard shortcuts, skip link, theme, icon and narrow screens', () => {
  test('"g" then a letter opens a section, "/" focuses the search, "?" shows the shortcuts; not while typing', async ({ page, server }) => {
    const chrome = new ConsoleChrome(page);
    await openConnected(page, server, '/');
    await expect(chrome.heading('Dashboard')).toBeVisible();

    await chrome.pressSequence('g', 'm');
    await expect(chrome.heading('Monitors')).toBeVisible();
    await chrome.pressSequence('/');
    await expect(chrome.search).toBeFocused();
    // Typing in the search is typing, not a shortcut.
    await chrome.pressSequence('g', 'd');
    await expect(chrome.search).toHaveValue('gd');
    await expect(chrome.heading('Monitors')).toBeVisible();
    // The list takes the search into its address once typing pauses; let it settle before leaving the field.
    await expect(page).toHaveURL(/q=gd/);
    await chrome.search.blur();

    await chrome.pressSequence('g', 's');
    await expect(chrome.heading('Sessions')).toBeVisible();
    await chrome.pressSequence('g', 'n');
    await expect(chrome.heading('Notifications')).toBeVisible();
    await chrome.pressSequence('g', 'd');
    await expect(chrome.heading('Dashboard')).toBeVisible();

    await chrome.pressSequence('?');
    await expect(chrome.shortcutsDialog).toBeVisible();
    await expect(chrome.shortcutsDialog).toContainText('Go to Monitors');
    await expect(chrome.shortcutsDialog).toContainText('Focus the search field of a list');
    await page.keyboard.press('Escape');
    await expect(chrome.shortcutsDialog).toBeHidden();
  });

  test('the skip link is the first stop of Tab and moves focus to the page', async ({ page, server }) => {
    const chrome = new ConsoleChrome(page);
    await openConnected(page, server, '/groups');
    await expect(chrome.heading('Groups')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(chrome.skipLink).toBeFocused();
    await expect(chrome.skipLink).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(chrome.main).toBeFocused();
    await expect(page).toHaveURL(/#\/groups$/);
  });

  test('the colour scheme choice is kept across reloads', async ({ page, server }) => {
    const chrome = new ConsoleChrome(page);
    await openConnected(page, server, '/');
    await chrome.chooseTheme('Dark');
    await expect.poll(() => chrome.colorScheme()).toBe('dark');
    await page.reload();
    await expect(chrome.heading('Dashboard')).toBeVisible();
    expect(await chrome.colorScheme()).toBe('dark');
    await expect(chrome.themeButton).toHaveAccessibleName('Colour scheme: Dark');
    await chrome.chooseTheme('Light');
    await expect.poll(() => chrome.colorScheme()).toBe('light');
    await page.reload();
    expect(await chrome.colorScheme()).toBe('light');
  });

  test('the console has an icon, served by the server', async ({ page, server, request }) => {
    const chrome = new ConsoleChrome(page);
    await openConnected(page, server, '/');
    const href = await chrome.faviconHref();
    expect(href).toBe(`${server.baseURL}/favicon.svg`);
    const icon = await request.get(href!);
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toContain('image/svg+xml');
    expect((await request.get(`${server.baseURL}/favicon.ico`)).status()).toBe(200);
  });

  test('at 390 px the header fits, the burger opens the navigation and no page scrolls sideways', async ({ page, server }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const chrome = new ConsoleChrome(page);
    await openConnected(page, server, '/');
    await expect(chrome.heading('Dashboard')).toBeVisible();
    const signOut = await chrome.signOutButton.boundingBox();
    expect(signOut!.x + signOut!.width).toBeLessThanOrEqual(390);
    await expect(chrome.navigation).not.toBeInViewport();

    await chrome.navToggle.click();
    await expect(chrome.navLink('Alert channels')).toBeInViewport();
    await chrome.navLink('Alert channels').click();
    await expect(chrome.heading('Alert channels')).toBeVisible();
    await expect(chrome.navigation).not.toBeInViewport();

    for (const path of ['/', '/monitors', '/monitors/new-multistep', '/groups', '/alert-channels', '/sessions', '/notifications', '/agent', '/settings']) {
      await page.goto(`/#${path}`);
      await expect(chrome.pageHeading).toBeVisible();
      expect(await chrome.pageOverflowsHorizontally(), `${path} scrolls sideways`).toBe(false);
    }
  });
});
