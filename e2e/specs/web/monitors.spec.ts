import { expect, test } from '../../fixtures/server';
import { ApiKeyPrompt } from '../../pages/api-key-prompt';
import { MonitorDetailPage } from '../../pages/monitor-detail-page';
import { MonitorsPage } from '../../pages/monitors-page';
import { NewIcmpMonitorPage } from '../../pages/new-icmp-monitor-page';
import { choose, ConsoleChrome, openConnected, toast } from '../../pages/console';
import { MultiStepCheckForm } from '../../pages/multistep-check-form';
import { TracerouteMonitorForm } from '../../pages/traceroute-monitor-form';

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

    await expect(toast(page, 'Monitor created')).toBeVisible();
    await expect(monitors.heading).toBeVisible();
    const row = monitors.row('Loopback ping');
    await expect(row).toContainText('127.0.0.1');
    await expect(row).toContainText('ICMP');
    await expect(row).toContainText('every 10 min');
    await expect(monitors.health('Loopback ping')).toHaveText('Not run yet');
    await expect(monitors.activeSwitch('Loopback ping')).toBeChecked();
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

  test('words an empty name and refuses a degraded packet loss at or above the failed one', async ({ page, server }) => {
    const monitors = new MonitorsPage(page);
    const form = new NewIcmpMonitorPage(page);

    await openConnected(page, server, '/monitors/new-icmp');
    await form.hostname.fill('127.0.0.1');
    await form.degradedPacketLoss.fill('30');
    await form.failedPacketLoss.fill('30');
    await form.createButton.click();

    await expect(form.name).toHaveAccessibleDescription(/^Name must not be empty Shown in lists/);
    await expect(form.degradedPacketLoss).toHaveAccessibleDescription(/Degraded at packet loss must be below failed at packet loss \(30%\)/);
    await expect(form.heading).toBeVisible();
    await monitors.open();
    await expect(monitors.emptyState).toBeVisible();
  });

  test('refuses a traceroute degraded time above the failed one', async ({ page, server }) => {
    const form = new TracerouteMonitorForm(page);
    await openConnected(page, server, '/monitors/new-traceroute');
    await form.fill({ name: 'Slow path', target: '127.0.0.1' });
    await form.degradedAfter.fill('25000');
    await form.failedAfter.fill('20000');
    await form.submit();
    await expect(form.degradedAfter).toHaveAccessibleDescription(/Degraded after \(ms\) must be below failed after \(20000 ms\)/);
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

    await new ConsoleChrome(page).signOut();
    await expect(prompt.heading).toBeVisible();
    await page.reload();
    await expect(prompt.heading).toBeVisible();
  });
});

test.describe('traceroute and multi-step monitors', () => {
  test('creates a traceroute monitor, filters by type and tag, edits it and pauses it', async ({ page, server }) => {
    const monitors = new MonitorsPage(page);
    const form = new TracerouteMonitorForm(page);

    await openConnected(page, server, '/monitors');
    await monitors.newTracerouteMonitorButton.click();
    await form.fill({ name: 'Path to lab router', target: '127.0.0.1', maxHops: 12, tags: ['network'] });
    await form.submit();

    await expect(toast(page, 'Monitor created')).toBeVisible();
    const row = monitors.row('Path to lab router');
    await expect(row).toContainText('Traceroute');
    await expect(row).toContainText('127.0.0.1');
    await expect(row).toContainText('network');

    await choose(page, monitors.typeFilter, 'ICMP');
    await expect(monitors.noMatches).toBeVisible();
    await choose(page, monitors.typeFilter, 'Traceroute');
    await monitors.tagFilter.fill('network');
    await monitors.tagFilter.press('Enter');
    await expect(monitors.row('Path to lab router')).toBeVisible();

    await monitors.edit('Path to lab router');
    const edit = new TracerouteMonitorForm(page, 'Edit traceroute monitor');
    await expect(edit.maxHops).toHaveValue('12');
    await edit.maxHops.fill('20');
    await edit.submit('Save changes');
    await expect(toast(page, 'Monitor saved')).toBeVisible();
    const detail = new MonitorDetailPage(page, 'Path to lab router');
    await expect(detail.settings).toContainText('20');

    await detail.activeSwitch.click();
    await expect(toast(page, 'Monitor paused')).toBeVisible();
    await expect(detail.activeSwitch).not.toBeChecked();
  });

  test('shows the schema message for a traceroute target with a control character', async ({ page, server }) => {
    const form = new TracerouteMonitorForm(page);
    await openConnected(page, server, '/monitors/new-traceroute');
    await form.fill({ name: 'Bad target', target: 'host\u0007name' });
    await form.submit();
    await expect(form.target).toHaveAccessibleDescription(/Target must not contain control characters/);
  });

  test('creates a multi-step check with a dependency and a secret variable', async ({ page, server }) => {
    const monitors = new MonitorsPage(page);
    const form = new MultiStepCheckForm(page);

    await openConnected(page, server, '/monitors');
    await monitors.newMultiStepCheckButton.click();
    await form.name.fill('Health API flow');
    await expect(form.script).toContainText("test('first step'");
    await expect(form.script).not.toContainText('example.com');
    await form.appendToScript('// checked by e2e');
    await form.addDependencyFile(1, './helpers.ts', 'export const base = 1;');
    await form.addEnvironmentVariable(1, 'API_TOKEN', 's3cret', true);
    await form.createButton.click();

    await expect(toast(page, 'Monitor created')).toBeVisible();
    const row = monitors.row('Health API flow');
    await expect(row).toContainText('Multi-step');

    await monitors.openMonitor('Health API flow');
    const detail = new MonitorDetailPage(page, 'Health API flow');
    await expect(detail.heading).toBeVisible();
    await expect(detail.script).toContainText('// checked by e2e');
    await expect(detail.settings).toContainText('Environment variables1');
  });
});
