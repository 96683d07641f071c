import { expect, test } from '../../fixtures/server';
import { ApiKeyPrompt } from '../../pages/api-key-prompt';
import { MonitorsPage } from '../../pages/monitors-page';
import { NewIcmpMonitorPage } from '../../pages/new-icmp-monitor-page';

test.describe('monitors in the web console', () => {
  test('creates, lists, keeps across a reload and deletes an ICMP monitor', async ({ page, server }) => {
    const prompt = new ApiKeyPrompt(page);
    const monitors = new MonitorsPage(page);
    const form = new NewIcmpMonitorPage(page);

    await monitors.open();
    await prompt.connect(server.apiKey);
    await expect(monitors.emptyState).toBeVisible();

    await monitors.newIcmpMonitorButton.click();
    await expect(form.heading).toBeVisible();
    await form.create({ name: 'Loopback ping', hostname: '127.0.0.1', pingCount: 3, tags: ['lab'] });

    await expect(page.getByRole('alert').filter({ hasText: 'Monitor created' })).toBeVisible();
    await expect(monitors.heading).toBeVisible();
    const row = monitors.row('Loopback ping');
    await expect(row).toContainText('127.0.0.1');
    await expect(row).toContainText('ICMP');
    await expect(row).toContainText('every 10 min');
    await expect(row).toContainText('Active');
    await expect(row).toContainText('lab');

    await page.reload();
    await expect(prompt.heading).toBeHidden();
    await expect(monitors.row('Loopback ping')).toBeVisible();

    await monitors.delete('Loopback ping');
    await expect(monitors.deleteDialog).toBeHidden();
    await expect(monitors.emptyState).toBeVisible();
    await expect(monitors.table).toBeHidden();
  });

  test('shows the schema message for an invalid hostname and creates nothing', async ({ page, server }) => {
    const monitors = new MonitorsPage(page);
    const form = new NewIcmpMonitorPage(page);

    await page.goto('/#/monitors/new-icmp');
    await new ApiKeyPrompt(page).connect(server.apiKey);
    await form.create({ name: 'Bad host', hostname: '-bad host' });

    await expect(form.hostname).toHaveAccessibleDescription(/Hostname must not contain spaces or control characters/);
    await expect(form.hostname).toHaveAccessibleDescription(/must not start with "-"/);
    await expect(form.hostname).toHaveAttribute('aria-invalid', 'true');
    await expect(form.heading).toBeVisible();

    await monitors.open();
    await expect(monitors.emptyState).toBeVisible();
  });

  test('refuses a wrong API key and keeps asking for one', async ({ page, server }) => {
    const prompt = new ApiKeyPrompt(page);

    await page.goto('/');
    await prompt.connect(`${server.apiKey}-wrong`);

    await expect(prompt.error).toContainText('That key was not accepted');
    await expect(prompt.apiKeyInput).toBeVisible();
    expect(await page.evaluate(() => window.sessionStorage.getItem('sightline.apiKey'))).toBeNull();
  });

  test('disconnecting forgets the key and asks again', async ({ page, server }) => {
    const prompt = new ApiKeyPrompt(page);
    const monitors = new MonitorsPage(page);

    await monitors.open();
    await prompt.connect(server.apiKey);
    await expect(monitors.emptyState).toBeVisible();

    await monitors.disconnectButton.click();
    await expect(prompt.heading).toBeVisible();
    await page.reload();
    await expect(prompt.heading).toBeVisible();
  });
});
