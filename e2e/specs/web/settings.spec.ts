import { createIcmpCheck } from '../../fixtures/rest';
import { expect, test } from '../../fixtures/server';
import { ConsoleChrome, openConnected, toast } from '../../pages/console';
import { NewIcmpMonitorPage } from '../../pages/new-icmp-monitor-page';
import { SettingsPage } from '../../pages/settings-page';

test.describe('settings in the web console', () => {
  test('a plan limit at the current number of checks makes the next create answer 402', async ({ page, server, request }) => {
    await createIcmpCheck(request, server, 'Only check');
    const settings = new SettingsPage(page);

    await openConnected(page, server, '/settings');
    await expect(settings.planForm).toContainText('The account has 1 check now.');
    await settings.setLimit(1);
    await expect(toast(page, 'Plan limit saved')).toBeVisible();
    await expect(settings.accountTable).toContainText('Local (1 checks)');

    const form = new NewIcmpMonitorPage(page);
    await page.goto('/#/monitors/new-icmp');
    await form.create({ name: 'One too many', hostname: '127.0.0.2' });
    await expect(form.serverError).toContainText(
      'Your plan allows 1 checks and 1 exist. Delete a check or raise the limit in Settings.',
    );
  });

  test('a negative plan limit is an error, not a limit of 0', async ({ page, server }) => {
    const settings = new SettingsPage(page);
    await openConnected(page, server, '/settings');
    await settings.setLimit(-5);

    await expect(settings.maxChecks).toHaveAccessibleDescription(/Maximum checks must be 0 or more/);
    await expect(settings.maxChecks).toHaveValue('-5');
    // Nothing was saved: after a reload the account is still unlimited.
    await page.reload();
    await expect(settings.unlimited).toBeChecked();
    await expect(settings.accountTable).toContainText('Local (unlimited)');
  });

  test('adds a READ_ONLY member and shows its key once', async ({ page, server }) => {
    const settings = new SettingsPage(page);
    await openConnected(page, server, '/settings');
    await settings.addMember('Riley Reader', 'riley@example.com', 'READ_ONLY');

    await expect(settings.keyDialog).toBeVisible();
    const key = await settings.shownKey();
    expect(key.length).toBeGreaterThan(20);
    await expect(settings.copyKeyButton).toBeVisible();
    await settings.keyDoneButton.click();
    await expect(settings.keyDialog).toBeHidden();

    await expect(settings.memberRow('riley@example.com')).toBeVisible();
    await expect(settings.memberRole('Riley Reader')).toHaveValue('READ_ONLY');
    await expect(new ConsoleChrome(page).main).not.toContainText(key);

    // The key shown is a working key: it reads the account over REST.
    const me = await page.request.get(`${server.baseURL}/v1/accounts/me`, { headers: { Authorization: `Bearer ${key}` } });
    expect(me.status()).toBe(200);
  });
});


test.describe('the agent canaries in Settings', () => {
  test('started with --no-canary, the panel says the flags decide and cannot be changed here', async ({ page, server }) => {
    await openConnected(page, server, '/settings');
    const panel = page.getByRole('region', { name: 'Agent connectivity' });
    await expect(panel).toContainText('Set by the server’s --canary, --no-canary or SIGHTLINE_CANARIES.');
    await expect(panel.getByRole('radio', { name: /^None: do not check/ })).toBeChecked();
    await expect(panel.getByRole('radio', { name: /^These hosts/ })).toBeDisabled();
    await expect(panel.getByRole('button', { name: 'Save canaries' })).toBeDisabled();
    await expect(panel).toContainText('win over Settings: change them there.');
  });
});

test.describe('the servers in Settings (issue 35, item 6)', () => {
  test('one server on SQLite is listed as the leader, this server, with its last heartbeat and version', async ({ page, server }) => {
    await openConnected(page, server, '/settings');
    const panel = page.getByRole('region', { name: 'Servers' });
    const table = panel.getByRole('table', { name: 'Servers' });
    await expect(table.getByRole('row')).toHaveCount(2);
    const row = table.getByRole('row').nth(1);
    await expect(row.getByRole('cell').nth(0)).toContainText('this server');
    await expect(row.getByRole('cell').nth(1)).toHaveText('Leader');
    await expect(row.getByRole('cell').nth(2)).toHaveText(/^(just now|\d+ s ago)$/);
    await expect(row.getByRole('cell').nth(4)).toHaveText(/^\d+\.\d+\.\d+/);
    await expect(panel).toContainText('One server, on the data folder’s SQLite database: it leads a cluster of one.');
  });
});
