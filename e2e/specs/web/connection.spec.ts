import { OwnedServer } from '../../fixtures/owned-server';
import { createFailingIcmpCheck, createIcmpCheck, restPost, runToCompletion } from '../../fixtures/rest';
import { expect, test as base } from '../../fixtures/server';
import { ApiKeyPrompt } from '../../pages/api-key-prompt';
import { ConnectionState } from '../../pages/connection-banner';
import { ConsoleChrome, signIn, toast } from '../../pages/console';
import { GroupsPage } from '../../pages/groups-page';
import { MonitorsPage } from '../../pages/monitors-page';
import { blockingViolations } from '../../tools/axe';
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
    // Kept in the page: the server that would serve an icon file is the one that is down (issue 31).
    expect(await state.favicon()).toMatch(/^data:image\/svg\+xml,.*server%20unreachable/);
    expect(await page.evaluate(async (src) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      return image.naturalWidth;
    }, (await state.favicon()) ?? '')).toBeGreaterThan(0);
    // The numbers stay where they were, marked stale, instead of disappearing.
    await expect(dashboard.count('Not run yet')).toHaveText('1');
    // The stale content is dimmed on purpose; the banner and the frame around it must stay accessible.
    expect(await blockingViolations(page, { exclude: ['.app-content'] })).toEqual([]);

    await owned.restart();
    // Changed while the tab was away: the recovered tab loads everything afresh.
    await createIcmpCheck(request, owned.current, 'After the restart');
    await expect(state.banner).toBeHidden({ timeout: 15_000 });
    await expect(state.staleContent).toHaveCount(0);
    await expect(page).toHaveTitle(title);
    expect(await state.favicon()).not.toContain('unreachable');
    await expect(dashboard.count('Not run yet')).toHaveText('2');
    await expect(chrome.signOutButton).toBeVisible();
    await expect(new ApiKeyPrompt(page).heading).toBeHidden();
  });

  test('"failing for" stops counting while the server is unreachable', async ({ page, request, owned }) => {
    const dashboard = new DashboardPage(page);
    const failing = await createFailingIcmpCheck(request, owned.current, 'Impossible latency');
    await runToCompletion(request, owned.current, failing.id);
    await page.clock.install();
    await signIn(page, owned.current);
    await dashboard.open();
    const failingFor = dashboard.problemRow(0).getByRole('cell').nth(2);
    await expect(failingFor).toHaveText(/\d+ s/);

    await owned.kill();
    await expect(new ConnectionState(page).banner).toBeVisible({ timeout: 5_000 });
    // Stopped at the moment the server was lost.
    const before = await failingFor.textContent();
    // Ten minutes on the page's clock: a running timer would now read "10 min" or more.
    await page.clock.fastForward('10:00');
    await expect(failingFor).toHaveText(before ?? '');
  });

  test('a restart keeps the browser signed in: a reload opens the console, not the sign-in form', async ({ page, owned }) => {
    const chrome = new ConsoleChrome(page);
    await signIn(page, owned.current);
    await page.goto('/#/monitors');
    await expect(new MonitorsPage(page).heading).toBeVisible();

    await owned.kill();
    await owned.restart();
    await page.reload();
    await expect(new MonitorsPage(page).heading).toBeVisible();
    await expect(chrome.signOutButton).toBeVisible();
    await page.goto('/#/groups');
    await expect(new GroupsPage(page).heading).toBeVisible();
    await expect(new ApiKeyPrompt(page).heading).toBeHidden();
  });
});

test.describe('the signed-out note says why', () => {
  test('a tab whose API key was revoked is told so', async ({ page, request, owned }) => {
    const member = await restPost<{ userId: string; apiKey: { apiKey: string } }>(request, owned.current, '/v1/accounts/me/members', {
      name: 'Wall display',
      email: 'wall.display@example.test',
      role: 'READ_ONLY',
    });
    await signIn(page, owned.current, member.apiKey.apiKey);
    await page.goto('/#/monitors');
    await expect(new MonitorsPage(page).heading).toBeVisible();

    const removed = await request.delete(`${owned.current.baseURL}/v1/accounts/me/members/${member.userId}`, { headers: { Authorization: `Bearer ${owned.apiKey}` } });
    expect(removed.status()).toBe(204);
    await page.goto('/#/groups');
    await expect(new ApiKeyPrompt(page).heading).toBeVisible();
    await expect(toast(page, 'Signed out')).toContainText('The API key this tab signed in with was revoked');
  });
});
