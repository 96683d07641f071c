import { expect, test } from '../../fixtures/server';
import { ApiKeyPrompt } from '../../pages/api-key-prompt';
import { ConsoleChrome } from '../../pages/console';
import { MonitorsPage } from '../../pages/monitors-page';
import { GroupsPage } from '../../pages/groups-page';

test.describe('signed in across tabs (headless console)', () => {
  test('one sign-in opens every tab of the browser; the key is kept nowhere in the page', async ({ page, context, server }) => {
    const prompt = new ApiKeyPrompt(page);
    await page.goto('/#/monitors');
    await prompt.connect(server.apiKey);
    await expect(new MonitorsPage(page).heading).toBeVisible();
    await expect(new ConsoleChrome(page).signedInAs).toHaveAttribute('title', 'Signed in as Owner');

    const second = await context.newPage();
    await second.goto(`${server.baseURL}/#/groups`);
    await expect(new GroupsPage(second).heading).toBeVisible();
    await expect(new ApiKeyPrompt(second).heading).toBeHidden();

    // HttpOnly: no script of the page can read the session, and the key is not stored in the tab.
    for (const tab of [page, second]) {
      expect(await tab.evaluate(() => document.cookie)).toBe('');
      expect(await tab.evaluate(() => JSON.stringify({ ...window.sessionStorage, ...window.localStorage }))).not.toContain(server.apiKey);
    }
    const cookies = await context.cookies(server.baseURL);
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookies[0].value).not.toContain(server.apiKey);
    await second.close();
  });

  test('signing out in one tab asks for the key in the other on its next action', async ({ page, context, server }) => {
    const prompt = new ApiKeyPrompt(page);
    await page.goto('/#/monitors');
    await prompt.connect(server.apiKey);
    const chrome = new ConsoleChrome(page);
    await expect(chrome.signOutButton).toBeVisible();

    const second = await context.newPage();
    await second.goto(`${server.baseURL}/#/monitors`);
    const secondChrome = new ConsoleChrome(second);
    await expect(secondChrome.signOutButton).toBeVisible();

    await chrome.signOutButton.click();
    await expect(prompt.heading).toBeVisible();

    await second.bringToFront();
    await second.goto(`${server.baseURL}/#/groups`);
    await expect(new ApiKeyPrompt(second).heading).toBeVisible();
    expect(await context.cookies(server.baseURL)).toEqual([]);

    // Signing in again in the second tab opens the first one too.
    await new ApiKeyPrompt(second).connect(server.apiKey);
    await expect(secondChrome.signOutButton).toBeVisible();
    await page.reload();
    await expect(chrome.signOutButton).toBeVisible();
    await second.close();
  });

  test('a wrong key is refused and sets nothing', async ({ page, context, server }) => {
    const prompt = new ApiKeyPrompt(page);
    await page.goto('/');
    await prompt.connect(`${server.apiKey}-wrong`);
    await expect(prompt.error).toContainText('That key was not accepted');
    expect(await context.cookies(server.baseURL)).toEqual([]);
  });
});
