import type { APIRequestContext } from '@playwright/test';
import { createIcmpCheck, restPost, runToCompletion } from '../../fixtures/rest';
import { expect, test, type SightlineServer } from '../../fixtures/server';
import { blockingViolations } from '../../tools/axe';
import { Announcements } from '../../pages/announcements';
import { ConsoleChrome, openConnected } from '../../pages/console';
import { DashboardPage } from '../../pages/dashboard-page';

const IMPOSSIBLE = [{ source: 'LATENCY', comparison: 'LESS_THAN', property: 'avg', target: '0' }];

/** Makes the loopback ping fail (an average latency below 0 ms) or pass again, as an operator's edit would. */
async function setFailing(request: APIRequestContext, server: SightlineServer, checkId: string, failing: boolean): Promise<void> {
  const response = await request.put(`${server.baseURL}/v1/checks/icmp/${checkId}`, {
    headers: { Authorization: `Bearer ${server.apiKey}` },
    data: { request: { hostname: '127.0.0.1', pingCount: 1, assertions: failing ? IMPOSSIBLE : [] } },
  });
  expect(response.status(), await response.text()).toBe(200);
}

// Every target is loopback; runs are triggered through the API (the fixture's server has no scheduler).
test.describe('announcing changes', () => {
  test('a monitor failing and recovering shows a toast and the count in the title and icon; Sign out stays clickable', async ({ page, server, request }) => {
    const checkout = await createIcmpCheck(request, server, 'Checkout ping');
    const muted = await restPost<{ id: string }>(request, server, '/v1/checks/icmp', { name: 'Muted ping', muted: true, tags: ['edge'], request: { hostname: '127.0.0.1', pingCount: 1, assertions: IMPOSSIBLE } });
    await runToCompletion(request, server, checkout.id);
    await runToCompletion(request, server, muted.id);
    const now = Date.now();
    await restPost(request, server, '/v1/maintenance-windows', { name: 'Edge upgrade', tags: ['edge'], startsAt: new Date(now - 60_000).toISOString(), endsAt: new Date(now + 3_600_000).toISOString() });

    const announcements = new Announcements(page);
    const dashboard = new DashboardPage(page);
    const chrome = new ConsoleChrome(page);
    await openConnected(page, server, '/');
    await expect(page).toHaveTitle('(1) Sightline');
    await expect(announcements.tabIcon).toHaveAttribute('data-failing', 'true');
    await expect(announcements.tabIcon).toHaveAttribute('href', /^data:image\/svg\+xml,/);
    // What was already failing when the tab opened is not announced.
    await expect(dashboard.problemRows()).toHaveCount(1);
    await expect(announcements.toasts()).toHaveCount(0);
    await expect(dashboard.problemRow(0)).toContainText('Muted ping');
    await expect(dashboard.problemRow(0)).toContainText('Muted — will not alert');
    await expect(dashboard.problemRow(0)).toContainText('Maintenance');

    await setFailing(request, server, checkout.id, true);
    await runToCompletion(request, server, checkout.id);
    await expect(announcements.toast('Checkout ping is failing')).toBeVisible();
    await expect(page).toHaveTitle('(2) Sightline');
    await expect(dashboard.problems.getByRole('row').filter({ hasText: 'Checkout ping' })).not.toContainText('Muted');
    // The toast sits where it covers no control: the header's Sign out still takes the click.
    await chrome.signOutButton.click({ trial: true, timeout: 2_000 });
    expect(await blockingViolations(page)).toEqual([]);

    await setFailing(request, server, checkout.id, false);
    await runToCompletion(request, server, checkout.id);
    await expect(announcements.toast('Checkout ping recovered')).toBeVisible();
    await expect(page).toHaveTitle('(1) Sightline');

    await setFailing(request, server, muted.id, false);
    await runToCompletion(request, server, muted.id);
    await expect(page).toHaveTitle('Sightline');
    await expect(announcements.tabIcon).toHaveAttribute('data-failing', 'false');
    await expect(announcements.tabIcon).toHaveAttribute('href', './favicon.svg');
  });

  test('a burst of failures makes one toast that names the first few and counts them all', async ({ page, server, request }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    const names = ['Burst A', 'Burst B', 'Burst C', 'Burst D', 'Burst E'];
    const ids: string[] = [];
    for (const name of names) ids.push((await createIcmpCheck(request, server, name)).id);
    await openConnected(page, server, '/monitors');
    const announcements = new Announcements(page);
    await announcements.watching();
    await expect(page).toHaveTitle('Sightline');

    // One trigger runs all five at once, as a shared dependency going down would.
    for (const id of ids) await setFailing(request, server, id, true);
    const { sessions } = await restPost<{ sessions: { checkSessionId: string }[] }>(request, server, '/v1/check-sessions/trigger', { target: { checkId: ids } });
    expect(sessions).toHaveLength(5);
    await expect(page).toHaveTitle('(5) Sightline');
    await expect(announcements.toast('5 monitors failing: Burst A, Burst B, Burst C…')).toBeVisible();
    await expect(announcements.toasts()).toHaveCount(1);
    expect(await blockingViolations(page)).toEqual([]);
  });

  test('system notifications are asked for only when turned on, kept per browser, and raised on a failure', async ({ page, server, request }) => {
    const check = await createIcmpCheck(request, server, 'Edge ping');
    await runToCompletion(request, server, check.id);
    // Records what the console hands to the browser's Notification API.
    await page.addInitScript(() => {
      const shown: string[] = [];
      (window as unknown as { shownNotifications: string[] }).shownNotifications = shown;
      class Recording extends Notification {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          shown.push(title);
        }
      }
      window.Notification = Recording;
    });
    const announcements = new Announcements(page);
    await openConnected(page, server, '/settings');
    await expect(announcements.systemNotifications).not.toBeChecked();

    // Refused by the browser: the option stays off and says what to do.
    await announcements.systemNotifications.click({ force: true });
    await expect(announcements.refusal).toContainText('The browser refused notifications for this site');
    await expect(announcements.systemNotifications).not.toBeChecked();

    await page.context().grantPermissions(['notifications'], { origin: server.baseURL });
    await announcements.systemNotifications.click({ force: true });
    await expect(announcements.systemNotifications).toBeChecked();
    await page.reload();
    await expect(announcements.systemNotifications).toBeChecked();
    await announcements.watching();

    await setFailing(request, server, check.id, true);
    await runToCompletion(request, server, check.id);
    await expect(announcements.toast('Edge ping is failing')).toBeVisible();
    await expect.poll(() => page.evaluate(() => (window as unknown as { shownNotifications: string[] }).shownNotifications)).toEqual(['Edge ping is failing']);
  });
});
