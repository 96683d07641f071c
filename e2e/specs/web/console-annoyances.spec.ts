import { createFailingIcmpCheck, createIcmpCheck, restGet, restPost, runToCompletion } from '../../fixtures/rest';
import { expect, sharedServerTest as test } from '../../fixtures/server';
import { AlertChannelPicker } from '../../pages/alert-channel-picker';
import { ConsoleChrome, openConnected } from '../../pages/console';
import { GroupForm } from '../../pages/group-form';
import { GroupsPage } from '../../pages/groups-page';
import { MaintenancePage } from '../../pages/maintenance-page';
import { MonitorsPage } from '../../pages/monitors-page';

// Issue 31's annoyances, one server for the file; each test makes its own names.
test.describe('the console without the small doubts', () => {
  test('an invalid submit moves focus to the first invalid field and says how many need attention', async ({ page, server }) => {
    await openConnected(page, server, '/monitors/new-icmp');
    const form = page.getByRole('form', { name: 'New ICMP monitor' });
    await form.getByRole('button', { name: 'Create monitor' }).click();
    const name = form.getByRole('textbox', { name: 'Name', exact: true });
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('form-error-announcer')).toHaveText(/^2 fields need attention\. Focus is on the first: Name\.$/);
    await expect(page.getByTestId('form-error-announcer')).toHaveAttribute('aria-live', 'polite');
  });

  test("an invalid submit's marks stay when the alert channels arrive after it", async ({ page, server, request }) => {
    await restPost(request, server, '/v1/alert-channels', { type: 'EMAIL', config: { address: 'late-arrival@example.test' } });
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    // The form's lists (the channels among them) are held until the submit has marked the fields.
    await page.route(/\/trpc\/[^?]*alertChannels\.list/, async (route) => {
      await released;
      await route.continue();
    });
    await openConnected(page, server, '/monitors/new-icmp');
    const form = page.getByRole('form', { name: 'New ICMP monitor' });
    await form.getByRole('button', { name: 'Create monitor' }).click();
    const name = form.getByRole('textbox', { name: 'Name', exact: true });
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    release();
    await expect(new AlertChannelPicker(page, form).pill('Email: late-arrival@example.test')).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toBeFocused();
  });

  test('after moving to another page, focus is on its heading, not on <body>', async ({ page, server }) => {
    const chrome = new ConsoleChrome(page);
    const monitors = new MonitorsPage(page);
    await openConnected(page, server, '/monitors');
    await expect(monitors.heading).toBeVisible();
    await monitors.newIcmpMonitorButton.click();
    await expect(chrome.heading('New ICMP monitor')).toBeFocused();
    await chrome.navigation.getByRole('link', { name: 'Groups' }).click();
    await expect(chrome.heading('Groups')).toBeFocused();
  });

  test('"Depends on" never offers the monitor being edited', async ({ page, server, request }) => {
    const self = await createIcmpCheck(request, server, 'Self-aware ping');
    await createIcmpCheck(request, server, 'Upstream router');
    await openConnected(page, server, `/monitors/${self.id}/edit`);
    const dependsOn = page.getByRole('form', { name: 'Edit ICMP monitor' }).getByRole('combobox', { name: 'Depends on' });
    await dependsOn.click();
    await expect(page.getByRole('option', { name: 'Upstream router', exact: true })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Self-aware ping', exact: true })).toHaveCount(0);
  });

  test('a maintenance window targets monitors and groups picked by name; Escape in the tag field keeps the dialog and its input', async ({ page, server, request }) => {
    const check = await createIcmpCheck(request, server, 'Window target ping');
    const group = await restPost<{ id: number }>(request, server, '/v1/check-groups', { name: 'Window target group' });
    const maintenance = new MaintenancePage(page);
    await openConnected(page, server, '/maintenance');
    await maintenance.newButton.click();
    await maintenance.name.fill('Router swap');
    await maintenance.tags.fill('Core-DB');
    await page.keyboard.press('Escape');
    await expect(maintenance.dialog).toBeVisible();
    await expect(maintenance.name).toHaveValue('Router swap');
    await maintenance.tags.press('Enter');
    await maintenance.dialog.getByRole('combobox', { name: 'Monitors', exact: true }).fill('Window target');
    await page.getByRole('option', { name: 'Window target ping', exact: true }).click();
    await maintenance.dialog.getByRole('combobox', { name: 'Groups', exact: true }).click();
    await page.getByRole('option', { name: 'Window target group', exact: true }).click();
    await maintenance.createButton.click();
    await expect(maintenance.dialog).toBeHidden();
    const windows = await restGet<Array<{ name: string; tags: string[]; checkIds: string[]; groupIds: number[] }>>(request, server, '/v1/maintenance-windows');
    expect(windows.find((w) => w.name === 'Router swap')).toMatchObject({ tags: ['Core-DB'], checkIds: [check.id], groupIds: [group.id] });
    // Tags read as they were written, not upper-cased.
    await expect(maintenance.row('Router swap').getByText('Core-DB', { exact: true })).toBeVisible();
    expect(await maintenance.row('Router swap').getByText('Core-DB', { exact: true }).evaluate((element) => getComputedStyle(element).textTransform)).toBe('none');
    // Beside its tags, the list names what else the window targets (a group by its name, not its number).
    await expect(maintenance.row('Router swap')).toContainText('monitor Window target ping; group Window target group');
  });

  test('badges: Maintenance beside a name never covers it; a group with a failing member is not a green Active; a single retry has no "Max retries"', async ({ page, server, request }) => {
    const inWindow = await createIcmpCheck(request, server, 'Maintained ping');
    const now = Date.now();
    await restPost(request, server, '/v1/maintenance-windows', {
      name: 'Now',
      tags: [],
      checkIds: [inWindow.id],
      startsAt: new Date(now - 60_000).toISOString(),
      endsAt: new Date(now + 3_600_000).toISOString(),
    });
    const monitors = new MonitorsPage(page);
    await openConnected(page, server, '/monitors');
    const row = monitors.table.getByRole('row').filter({ hasText: 'Maintained ping' });
    const badge = row.getByText('Maintenance', { exact: true });
    await expect(badge).toBeVisible();
    // At every table width (the list turns into cards below 768 px): the badge never overlaps the name.
    for (const width of [1440, 1024, 800]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(badge).toBeVisible();
      const badgeBox = await badge.boundingBox();
      const nameBox = await row.getByRole('link', { name: 'Maintained ping', exact: true }).boundingBox();
      const apart =
        !!badgeBox && !!nameBox &&
        (badgeBox.x + badgeBox.width <= nameBox.x || nameBox.x + nameBox.width <= badgeBox.x || badgeBox.y + badgeBox.height <= nameBox.y || nameBox.y + nameBox.height <= badgeBox.y);
      expect(apart, `at ${width} px: badge ${JSON.stringify(badgeBox)}, name ${JSON.stringify(nameBox)}`).toBe(true);
    }

    const group = await restPost<{ id: number }>(request, server, '/v1/check-groups', { name: 'Group with a failure' });
    const failing = await createFailingIcmpCheck(request, server, 'Failing member');
    await request.put(`${server.baseURL}/v1/checks/icmp/${failing.id}`, { headers: { Authorization: `Bearer ${server.apiKey}` }, data: { groupId: group.id } });
    await runToCompletion(request, server, failing.id);
    const groups = new GroupsPage(page);
    await page.goto('/#/groups');
    await expect(groups.cell('Group with a failure', 'Status')).toContainText('1 failing');

    await page.goto(`/#/groups/${group.id}/edit`);
    const form = new GroupForm(page, 'Edit group');
    await form.retryStrategy.click();
    await page.getByRole('option', { name: 'Single retry', exact: true }).click();
    await expect(form.form.getByRole('textbox', { name: 'Max retries' })).toHaveCount(0);
  });
});
