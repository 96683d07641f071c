import { expect, test } from '../../fixtures/server';
import { createFailingIcmpCheck, createIcmpCheck, restPost, runToCompletion } from '../../fixtures/rest';
import { ChannelSubscriptions } from '../../pages/channel-subscriptions';
import { choose, openConnected, toast } from '../../pages/console';
import { MonitorsPage } from '../../pages/monitors-page';


// Every target is loopback; the server runs checks only on demand (--no-scheduler).
test.describe('the health-first Monitors list', () => {
  test('a failing monitor comes first, says Failing and shows its runs; Run now refreshes the list live', async ({ page, server, request }) => {
    const monitors = new MonitorsPage(page);
    const passing = await createIcmpCheck(request, server, 'Loopback');
    const failing = await createFailingIcmpCheck(request, server, 'Impossible latency');
    await createIcmpCheck(request, server, 'Aardvark never ran');
    await runToCompletion(request, server, passing.id);
    await runToCompletion(request, server, failing.id);

    await openConnected(page, server, '/monitors');
    await expect(monitors.rows.first()).toContainText('Impossible latency');
    await expect(monitors.health('Impossible latency')).toHaveText('Failing');
    await expect(monitors.health('Loopback')).toHaveText('Passing');
    await expect(monitors.rows.nth(2)).toContainText('Aardvark never ran');
    await expect(monitors.health('Aardvark never ran')).toHaveText('Not run yet');

    const bars = monitors.resultBars('Impossible latency');
    await expect(bars).toHaveCount(1);
    await expect(bars.first()).toHaveAccessibleName(/ — Failed — (\d+ µs|\d+\.\d{2} ms)$/);
    await expect(monitors.row('Impossible latency')).toContainText('0%');
    await expect(monitors.row('Loopback')).toContainText('100%');
    // Sub-millisecond latency is shown as such, in the column's one unit (µs when every row is, else "0.046 ms").
    await expect(monitors.responseTime('Loopback')).toHaveText(/^(\d+ µs|\d+\.\d{2,3} ms)$/);
    await expect(monitors.lastRun('Loopback')).toHaveText(/just now|\d+ s ago/);

    // Run now from the row: the finished session refreshes the list without a reload.
    await monitors.runNow('Impossible latency');
    await expect(bars).toHaveCount(2);
    await expect(bars.last()).toHaveAccessibleName(/ — Failed — /);
    await monitors.runNow('Aardvark never ran');
    await expect(monitors.health('Aardvark never ran')).toHaveText('Passing');
    await expect(monitors.resultBars('Aardvark never ran')).toHaveCount(1);
  });

  test('on a 1440 px laptop screen every column and the row actions are in view, without scrolling sideways', async ({ page, server, request }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const monitors = new MonitorsPage(page);
    const name = 'Edge router 12 in the east data centre, second floor';
    const group = await restPost<{ id: number }>(request, server, '/v1/check-groups', { name: 'Core network backbone, east region' });
    const check = await restPost<{ id: string }>(request, server, '/v1/checks/icmp', {
      name,
      groupId: group.id,
      tags: ['production', 'network', 'east'],
      request: { hostname: '127.0.0.1' },
    });
    await runToCompletion(request, server, check.id);

    await openConnected(page, server, '/monitors');
    await expect(monitors.health(name)).toHaveText('Passing');
    await expect(monitors.resultBars(name)).toHaveCount(1);
    expect(await monitors.tableScrollsSideways()).toBe(false);
    await expect(monitors.table.getByRole('button', { name: 'Sort by created' })).toBeInViewport();
    await expect(monitors.rowAction(name, `Delete ${name}`)).toBeInViewport();
    await expect(monitors.health(name)).toBeInViewport();
  });

  test('filters, sort and page live in the URL and survive a reload', async ({ page, server, request }) => {
    const monitors = new MonitorsPage(page);
    const failing = await createFailingIcmpCheck(request, server, 'Edge latency');
    await createIcmpCheck(request, server, 'Edge gateway');
    await createIcmpCheck(request, server, 'Core switch');
    await runToCompletion(request, server, failing.id);

    await openConnected(page, server, '/monitors');
    await expect(monitors.rows).toHaveCount(3);
    await monitors.search.fill('edge');
    await expect(monitors.rows).toHaveCount(2);
    await monitors.healthChip('Failing').click();
    await expect(monitors.rows).toHaveCount(1);
    await expect(monitors.rows.first()).toContainText('Edge latency');
    await expect(page).toHaveURL(/[?&]q=edge/);
    await expect(page).toHaveURL(/[?&]health=failing/);

    await page.reload();
    await expect(monitors.search).toHaveValue('edge');
    await expect(monitors.rows).toHaveCount(1);
    await expect(monitors.rows.first()).toContainText('Edge latency');
    await expect(monitors.healthCheckbox('Failing')).toBeChecked();

    await monitors.clearFiltersButton.click();
    await expect(monitors.rows).toHaveCount(3);
    await monitors.sortBy('name');
    await expect(monitors.rows.first()).toContainText('Core switch');
    await monitors.sortBy('name');
    await expect(page).toHaveURL(/sort=name&order=desc/);
    await page.reload();
    await expect(monitors.rows.first()).toContainText('Edge latency');
    await expect(monitors.rows.last()).toContainText('Core switch');
  });

  test('the page and the page size live in the URL too', async ({ page, server, request }) => {
    const monitors = new MonitorsPage(page);
    for (let i = 1; i <= 27; i += 1) await createIcmpCheck(request, server, `Host ${String(i).padStart(2, '0')}`);

    await openConnected(page, server, '/monitors');
    await expect(monitors.rows).toHaveCount(25);
    await monitors.pageButton(2).click();
    await expect(monitors.rows).toHaveCount(2);
    await expect(monitors.rows.first()).toContainText('Host 26');
    await expect(page).toHaveURL(/[?&]page=2/);
    await page.reload();
    await expect(monitors.rows).toHaveCount(2);
    await expect(monitors.rows.last()).toContainText('Host 27');

    // Another filter, or another page size, starts again at page 1.
    await monitors.search.fill('Host 2');
    await expect(monitors.rows).toHaveCount(8);
    await expect(page).not.toHaveURL(/page=2/);
    await monitors.search.fill('');
    await choose(page, monitors.pageSize, '50 / page');
    await expect(monitors.rows).toHaveCount(27);
    await expect(page).toHaveURL(/[?&]size=50/);
    await page.reload();
    await expect(monitors.rows).toHaveCount(27);
    await expect(monitors.pagination).toBeHidden();
  });

  test('bulk pause and move to a group, with a summary naming what could not be done', async ({ page, server, request }) => {
    const monitors = new MonitorsPage(page);
    await createIcmpCheck(request, server, 'Alpha');
    await createIcmpCheck(request, server, 'Bravo');
    const charlie = await createIcmpCheck(request, server, 'Charlie');
    await restPost(request, server, '/v1/check-groups', { name: 'Core network', locations: [] });

    await openConnected(page, server, '/monitors');
    await expect(monitors.rows).toHaveCount(3);
    await expect(monitors.bulkBar).toBeHidden();
    await monitors.select('Alpha', 'Bravo', 'Charlie');
    await expect(monitors.bulkBar).toContainText('3 monitors selected');
    // Someone else deletes one meanwhile.
    expect((await request.delete(`${server.baseURL}/v1/checks/${charlie.id}`, { headers: { Authorization: `Bearer ${server.apiKey}` } })).status()).toBe(204);

    await monitors.bulkButton('Pause').click();
    await expect(monitors.summary).toContainText(
      'Paused 2 monitors; 1 could not be paused: Charlie — no monitor with this id in this account (it was deleted, or belongs to another account)',
    );
    await expect(monitors.bulkBar).toBeHidden();
    await expect(monitors.health('Alpha')).toHaveText('Paused');
    await expect(monitors.health('Bravo')).toHaveText('Paused');
    await expect(monitors.activeSwitch('Alpha')).not.toBeChecked();

    await monitors.selectAllOnPage.check();
    await monitors.bulkPick('Move to group…', 'Group', 'Core network');
    await expect(monitors.summary).toContainText('Moved 2 monitors to Core network');
    await expect(monitors.row('Alpha')).toContainText('Core network');
    await expect(monitors.row('Bravo')).toContainText('Core network');
  });

  test('bulk delete asks first, naming how many and which', async ({ page, server, request }) => {
    const monitors = new MonitorsPage(page);
    for (const name of ['Delta', 'Echo', 'Foxtrot']) await createIcmpCheck(request, server, name);

    await openConnected(page, server, '/monitors');
    await monitors.select('Delta', 'Foxtrot');
    await monitors.bulkButton('Delete…').click();
    await expect(monitors.bulkDeleteDialog).toHaveAccessibleName('Delete 2 monitors');
    await expect(monitors.bulkDeleteNames).toHaveText(['Delta', 'Foxtrot']);
    await monitors.bulkDeleteCancel.click();
    await expect(monitors.rows).toHaveCount(3);

    await monitors.bulkButton('Delete…').click();
    await monitors.bulkDeleteConfirm(2).click();
    await expect(monitors.bulkDeleteDialog).toBeHidden();
    await expect(monitors.summary).toContainText('Deleted 2 monitors');
    await expect(monitors.rows).toHaveCount(1);
    await expect(monitors.rows.first()).toContainText('Echo');
  });

  test('a READ_ONLY key gets no bulk actions and no write controls, and is told why', async ({ page, server, request }) => {
    const monitors = new MonitorsPage(page);
    await createIcmpCheck(request, server, 'Golf');
    const member = await restPost<{ apiKey: { apiKey: string } }>(request, server, '/v1/accounts/me/members', {
      name: 'Riley Reader',
      email: 'riley@example.test',
      role: 'READ_ONLY',
    });

    await openConnected(page, server, '/monitors', member.apiKey.apiKey);
    await expect(monitors.row('Golf')).toBeVisible();
    await expect(monitors.health('Golf')).toHaveText('Not run yet');
    await expect(monitors.selectionCheckboxes).toHaveCount(0);
    await expect(monitors.bulkBar).toBeHidden();
    await expect(monitors.newIcmpMonitorButton).toBeHidden();
    await expect(monitors.rowAction('Golf', 'Delete Golf')).toBeDisabled();
    await expect(monitors.rowAction('Golf', 'Edit Golf')).toBeDisabled();
    await expect(monitors.rowAction('Golf', 'Run Golf now')).toBeDisabled();
    await expect(monitors.activeSwitch('Golf')).toBeDisabled();
    const why = await monitors.hoverDeniedAction('Golf', 'Delete Golf');
    await expect(why).toContainText('This READ_ONLY key may only read');
  });

  test('an alert channel subscribes every monitor at once', async ({ page, server, request }) => {
    for (const name of ['Hotel', 'India']) await createIcmpCheck(request, server, name);
    const channel = await restPost<{ id: number }>(request, server, '/v1/alert-channels', { type: 'EMAIL', config: { address: 'ops@example.test' } });
    const subscriptions = new ChannelSubscriptions(page);

    await openConnected(page, server, `/alert-channels/${channel.id}`);
    await subscriptions.subscribeAllButton.click();
    await expect(subscriptions.subscribeAllDialog).toContainText('(2 monitors of 2)');
    await subscriptions.confirmSubscribeAll(2).click();
    await expect(toast(page, 'Subscribed 2 monitors')).toBeVisible();
    await expect(subscriptions.count).toHaveText('2 subscriptions');
    await expect(subscriptions.rows()).toHaveCount(2);
    await expect(subscriptions.table).toContainText('Hotel');
    await expect(subscriptions.table).toContainText('India');
    await expect(subscriptions.subscribeAllButton).toBeDisabled();
  });
});
