import { createIcmpCheck, offerPublicLocations, restPost } from '../../fixtures/rest';
import { expect, test } from '../../fixtures/server';
import { choose, openConnected, toast } from '../../pages/console';
import { GroupForm } from '../../pages/group-form';
import { GroupDetailPage, GroupsPage } from '../../pages/groups-page';
import { IcmpMonitorEditForm } from '../../pages/icmp-monitor-edit-form';
import { MonitorDetailPage } from '../../pages/monitor-detail-page';
import { MonitorsPage } from '../../pages/monitors-page';

test.describe('check groups in the web console', () => {
  test('shows concurrency 0 as an error instead of saving 1', async ({ page, server }) => {
    const groups = new GroupsPage(page);
    const form = new GroupForm(page);

    await openConnected(page, server, '/groups');
    await groups.newGroupButton.click();
    await form.fill({ name: 'Nothing at once', concurrency: 0 });
    await form.submit();

    await expect(form.concurrency).toHaveAccessibleDescription(/Concurrency must be 1 or more/);
    await expect(form.concurrency).toHaveValue('0');
    await page.goto('/#/groups');
    await expect(groups.emptyState).toBeVisible();
  });

  test('the retry strategy says how many retries fit before the next run of its tightest check', async ({ page, server, request }) => {
    const group = await restPost<{ id: number }>(request, server, '/v1/check-groups', { name: 'Edge', concurrency: 1 });
    // 10 pings: a 20-second time limit; every minute.
    await restPost(request, server, '/v1/checks/icmp', { name: 'Gateway ping', frequency: 1, groupId: group.id, request: { hostname: '127.0.0.1' } });
    await restPost(request, server, '/v1/checks/icmp', { name: 'Hourly ping', frequency: 60, groupId: group.id, request: { hostname: '127.0.0.1' } });
    const form = new GroupForm(page, 'Edit group');

    await openConnected(page, server, `/groups/${group.id}/edit`);
    await expect(form.retryFit).toHaveCount(0);
    await choose(page, form.retryStrategy, 'Fixed');
    await expect(form.retryFit).toHaveText("Retries end before the next run: with Gateway ping's 1-minute frequency and its 20-second time limit at most 1 retry fits.");
  });

  test('creates a group, moves a monitor into it, is refused deletion while it holds the monitor, then deletes both', async ({ page, server, request }) => {
    await createIcmpCheck(request, server, 'Gateway ping');
    // Public location names are offered only once Settings → Console opts in.
    await offerPublicLocations(request, server);
    const groups = new GroupsPage(page);
    const monitors = new MonitorsPage(page);
    const form = new GroupForm(page);

    await openConnected(page, server, '/groups');
    await expect(groups.emptyState).toBeVisible();
    await groups.newGroupButton.click();
    await form.fill({ name: 'Production network', concurrency: 5, locations: ['eu-west-1'], retry: 'Fixed', variable: { key: 'REGION', value: 'eu' } });
    await form.submit();
    await expect(toast(page, 'Group created')).toBeVisible();
    const group = new GroupDetailPage(page, 'Production network');
    await expect(group.heading).toBeVisible();
    await expect(group.noChecks).toBeVisible();

    await page.goto('/#/monitors');
    await monitors.edit('Gateway ping');
    const editForm = new IcmpMonitorEditForm(page);
    await editForm.chooseGroup('Production network');
    await editForm.saveButton.click();
    await expect(toast(page, 'Monitor saved')).toBeVisible();
    await new MonitorDetailPage(page, 'Gateway ping').groupLink('Production network').click();
    await expect(group.checksTable).toContainText('Gateway ping');

    await page.goto('/#/groups');
    const row = groups.row('Production network');
    await expect(row).toContainText('eu-west-1');
    await expect(groups.cell('Production network', 'Checks')).toHaveText('1');
    await expect(groups.cell('Production network', 'Concurrency')).toHaveText('5');
    await groups.startDelete('Production network');
    await expect(groups.deleteError).toContainText('still holds 1 check; move it to another group or delete it first.');
    await groups.deleteCancelButton.click();

    await page.goto('/#/monitors');
    await monitors.delete('Gateway ping');
    await expect(monitors.emptyState).toBeVisible();

    await page.goto('/#/groups');
    await groups.startDelete('Production network');
    await expect(toast(page, 'Group deleted')).toBeVisible();
    await expect(groups.emptyState).toBeVisible();
  });
});
