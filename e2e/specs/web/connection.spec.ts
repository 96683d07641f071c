import { OwnedServer } from '../../fixtures/owned-server';
import { createIcmpCheck } from '../../fixtures/rest';
import { expect, test as base } from '../../fixtures/server';
import { ApiKeyPrompt } from '../../pages/api-key-prompt';
import { ConnectionState } from '../../pages/connection-banner';
import { ConsoleChrome, signIn } from '../../pages/console';
import { DashboardPage } from '../../pages/dashboard-page';

/** These tests kill and restart their server, so each owns its `sightline serve` process. */
const test = base.extend<{ owned: OwnedServer }>({
  owned: async ({ serverArgs }, use) => {
    const owned = await OwnedServer.start(serverArgs);
    try {
      await use(owned);
    } finally {
      await owned.close();
    }
  },
  baseURL: async ({ owned }, use) => {
    await use(owned.current.baseURL);
  },
});

test.describe('the server goes away and comes back', () => {
  test('a killed server shows the banner within 5 s and marks the page stale; restarted, the tab recovers still signed in', async ({ page, request, owned }) => {
    const dashboard = new DashboardPage(page);
    const state = new ConnectionState(page);
    const chrome = new ConsoleChrome(page);
    await createIcmpCheck(request, owned.current, 'Before the crash');
    await signIn(page, owned.current);
    await dashboard.open();
    await expect(dashboard.count('Not run yet')).toHaveText('1');
    await expect(dashboard.liveBadge).toBeVisible();
    await expect(state.banner).toBeHidden();
    const title = await page.title();

    await owned.kill();
    await expect(state.banner).toBeVisible({ timeout: 5_000 });
    await expect(state.staleContent).toBeVisible();
    expect(await state.contentOpacity()).toBeLessThan(1);
    await expect(page).toHaveTitle(/^⚠ Unreachable · /);
    expect(await state.favicon()).toContain('favicon-offline');
    // The numbers stay where they were, marked stale, instead of disappearing.
    await expect(dashboard.count('Not run yet')).toHaveText('1');

    await owned.restart();
    // Changed while the tab was away: the recovered tab loads everything afresh.
    await createIcmpCheck(request, owned.current, 'After the restart');
    await expect(state.banner).toBeHidden({ timeout: 15_000 });
    await expect(state.staleContent).toHaveCount(0);
    await expect(page).toHaveTitle(title);
    expect(await state.favicon()).not.toContain('favicon-offline');
    await expect(dashboard.count('Not run yet')).toHaveText('2');
    await expect(chrome.signOutButton).toBeVisible();
    await expect(new ApiKeyPrompt(page).heading).toBeHidden();
  });
});
