import { SIGNED_IN_HINT_COOKIE } from '../../../src-shared/schemas/console-session';
import { expect, test } from '../../fixtures/server';
import { ApiKeyPrompt } from '../../pages/api-key-prompt';
import { ConsoleChrome, openConnected, signIn } from '../../pages/console';
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

    // HttpOnly: no script of the page can read the session (only the hint that this browser signed in), and the key is not stored in the tab.
    for (const tab of [page, second]) {
      expect(await tab.evaluate(() => document.cookie)).toBe(`${SIGNED_IN_HINT_COOKIE}=1`);
      expect(await tab.evaluate(() => JSON.stringify({ ...window.sessionStorage, ...window.localStorage }))).not.toContain(server.apiKey);
    }
    const cookies = await context.cookies(server.baseURL);
    expect(cookies).toHaveLength(2);
    const session = cookies.find((cookie) => cookie.name !== SIGNED_IN_HINT_COOKIE);
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(session?.value).not.toContain(server.apiKey);
    expect(cookies.find((cookie) => cookie.name === SIGNED_IN_HINT_COOKIE)).toMatchObject({ value: '1', httpOnly: false, sameSite: 'Strict', path: '/' });
    await second.close();
  });

  test('a request that still carried a session this browser has replaced does not sign the tab out', async ({ page, context, server }) => {
    const chrome = new ConsoleChrome(page);
    await openConnected(page, server, '/monitors');
    await expect(new MonitorsPage(page).heading).toBeVisible();
    const replaced = (await context.cookies(server.baseURL)).find((cookie) => cookie.name !== SIGNED_IN_HINT_COOKIE);
    expect(replaced).toBeDefined();

    // Signing in again (here, or in another tab) ends the old session; the next request of the tab
    // still carries it, as one already on its way would.
    await signIn(page, server);
    let refused = 0;
    // Only the Groups page's own query: a stream or a poll of the page being left may start first and is not this request.
    await page.route(
      (url) => url.pathname.startsWith('/trpc/') && url.pathname.includes('checkGroups.list'),
      async (route) => {
        const response = await route.fetch({ headers: { ...route.request().headers(), cookie: `${replaced?.name}=${replaced?.value}` } });
        if (response.status() === 401) refused += 1;
        await route.fulfill({ response });
      },
      { times: 1 },
    );
    await page.goto('/#/groups');
    await expect(new GroupsPage(page).heading).toBeVisible();
    // The heading is drawn before the page's query returns: wait for the refused answer itself, then look at the tab.
    await expect.poll(() => refused).toBe(1);
    await expect(chrome.signOutButton).toBeVisible();
    await expect(new ApiKeyPrompt(page).heading).toBeHidden();
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

    // It asks first, saying every tab goes (issue 31); Cancel keeps both tabs signed in.
    await chrome.signOutButton.click();
    await expect(chrome.signOutDialog).toContainText('Every Sightline tab open in this browser is signed out too');
    await chrome.signOutDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(chrome.signOutDialog).toBeHidden();
    await expect(chrome.signOutButton).toBeVisible();
    await chrome.signOut();
    await expect(prompt.heading).toBeVisible();
    await expect(page.getByText('This tab was signed out because')).toHaveCount(0);

    // The other tab says why it shows the sign-in page.
    await expect(new ApiKeyPrompt(second).heading).toBeVisible();
    await expect(second.getByRole('status').filter({ hasText: 'This tab was signed out because this browser signed out in another tab.' })).toBeVisible();
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

  test('a signed-in hint without a live session ends at the sign-in form, not in a broken console', async ({ page, context, server }) => {
    // What a browser keeps across a server restart: the hint, and a session the server no longer knows.
    await context.addCookies([{ name: SIGNED_IN_HINT_COOKIE, value: '1', url: server.baseURL, sameSite: 'Strict' }]);
    await page.goto('/#/monitors');
    const prompt = new ApiKeyPrompt(page);
    await expect(prompt.heading).toBeVisible();
    expect(await context.cookies(server.baseURL)).toEqual([]);
    await prompt.connect(server.apiKey);
    await expect(new MonitorsPage(page).heading).toBeVisible();
  });

  test('a wrong key is refused and sets nothing', async ({ page, context, server }) => {
    const prompt = new ApiKeyPrompt(page);
    await page.goto('/');
    await prompt.connect(`${server.apiKey}-wrong`);
    await expect(prompt.error).toContainText('That key was not accepted');
    expect(await context.cookies(server.baseURL)).toEqual([]);
  });
});
