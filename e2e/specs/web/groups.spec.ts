import { createIcmpCheck, offerPublicLocations } from '../../fixtures/rest';
import { expect, test } from '../../fixtures/server';
import { choose, openConnected, toast } from '../../pages/console';
import { GroupForm } from '../../pages/group-form';
import { GroupsPage } from '../../pages/groups-page';
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
    await expect(page.getByRole('heading', { name: 'Production network' })).toBeVisible();
    await expect(page.getByText('No checks in this group yet')).toBeVisible();

    await page.goto('/#/monitors');
    await monitors.edit('Gateway ping');
    const editForm = page.getByRole('form', { name: 'Edit ICMP monitor' });
    await choose(page, editForm.getByRole('combobox', { name: 'Group' }), 'Production network');
    await editForm.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Monitor saved')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Production network' }).click();
    await expect(page.getByRole('table', { name: 'Checks in this group' })).toContainText('Gateway ping');

    await page.goto('/#/groups');
    const row = groups.row('Production network');
    await expect(row).toContainText('eu-west-1');
    await expect(row.getByRole('cell').nth(1)).toHaveText('1');
    await expect(row.getByRole('cell').nth(2)).toHaveText('5');
    await groups.startDelete('Production network');
    await expect(groups.deleteError).toContainText('still holds 1 check; move it to another group or delete it first.');
    await groups.deleteDialog.getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/#/monitors');
    await monitors.delete('Gateway ping');
    await expect(monitors.emptyState).toBeVisible();

    await page.goto('/#/groups');
    await groups.startDelete('Production network');
    await expect(toast(page, 'Group deleted')).toBeVisible();
    await expect(groups.emptyState).toBeVisible();
  });
});
