import { restPost } from '../../fixtures/rest';
import { expect, test } from '../../fixtures/server';
import { choose, openConnected, toast } from '../../pages/console';
import { MaintenancePage } from '../../pages/maintenance-page';
import { MonitorDetailPage } from '../../pages/monitor-detail-page';
import { MonitorsPage } from '../../pages/monitors-page';

/** "2026-05-20T12:00" in UTC, as the form's datetime-local inputs take it. */
const utcInput = (ms: number) => new Date(ms).toISOString().slice(0, 16);

test.describe('maintenance windows in the web console', () => {
  // The form takes times in the viewer's zone (issue 31): these tests type UTC, so the browser is in UTC.
  test.use({ timezoneId: 'UTC' });
  test('a window created in the Maintenance section puts the tagged monitor in maintenance; bad dates are refused with the field named', async ({ page, server, request }) => {
    await restPost(request, server, '/v1/checks/icmp', { name: 'Primary database', tags: ['database'], request: { hostname: '127.0.0.1' } });
    await restPost(request, server, '/v1/checks/icmp', { name: 'Website', tags: ['web'], request: { hostname: '127.0.0.1' } });
    const maintenance = new MaintenancePage(page);

    await openConnected(page, server, '/maintenance');
    await expect(maintenance.emptyState).toBeVisible();
    await maintenance.newButton.click();
    const now = Date.now();
    await maintenance.name.fill('Database upgrade');
    await maintenance.tags.fill('database');
    await maintenance.tags.press('Enter');
    await maintenance.startsAt.fill(utcInput(now - 5 * 60_000));
    await maintenance.endsAt.fill(utcInput(now - 10 * 60_000));
    await maintenance.createButton.click();
    await expect(maintenance.endsAt).toHaveAccessibleDescription(/Ends \(UTC\) must be after starts/);

    await maintenance.endsAt.fill(utcInput(now + 60 * 60_000));
    await choose(page, maintenance.repeats, 'Daily');
    await maintenance.createButton.click();
    await expect(toast(page, 'Maintenance window saved')).toBeVisible();
    await expect(maintenance.row('Database upgrade')).toContainText('Every day');

    await page.goto('/#/monitors');
    const monitors = new MonitorsPage(page);
    await expect(monitors.row('Primary database').locator('[data-maintenance]')).toHaveText('Maintenance');
    await expect(monitors.row('Website').locator('[data-maintenance]')).toHaveCount(0);

    await monitors.openMonitor('Primary database');
    const detail = new MonitorDetailPage(page, 'Primary database');
    await expect(detail.statusHeader.locator('[data-maintenance]')).toHaveText('Maintenance');

    await page.goto('/#/');
    await expect(page.getByRole('region', { name: 'In maintenance' })).toContainText('Primary database');
  });

  test('"Start maintenance now (1 hour)" on a monitor page puts just that monitor in maintenance', async ({ page, server, request }) => {
    const check = await restPost<{ id: string }>(request, server, '/v1/checks/icmp', { name: 'Edge router', request: { hostname: '127.0.0.1' } });
    await openConnected(page, server, `/monitors/${check.id}`);
    const detail = new MonitorDetailPage(page, 'Edge router');
    await expect(detail.statusHeader.locator('[data-maintenance]')).toHaveCount(0);
    await page.getByRole('main').getByRole('button', { name: 'Start maintenance now (1 hour)' }).click();
    await expect(toast(page, '“Edge router” is in maintenance')).toBeVisible();
    await expect(detail.statusHeader.locator('[data-maintenance]')).toHaveText('Maintenance');
    await page.goto('/#/maintenance');
    await expect(new MaintenancePage(page).row('Maintenance of Edge router')).toContainText('monitor Edge router');
  });
});
