import { restGet, restPost } from '../../fixtures/rest';
import { expect, test } from '../../fixtures/server';
import { AlertChannelPicker } from '../../pages/alert-channel-picker';
import { AssertionsEditor } from '../../pages/assertions-editor';
import { openConnected, toast } from '../../pages/console';
import { GroupForm } from '../../pages/group-form';
import { MonitorDetailPage } from '../../pages/monitor-detail-page';
import { NewIcmpMonitorPage } from '../../pages/new-icmp-monitor-page';
import { TracerouteMonitorForm } from '../../pages/traceroute-monitor-form';

interface StoredCheck {
  id: string;
  name: string;
  degradedResponseTime: number;
  maxResponseTime: number;
  request: { assertions: { source: string; property: string; comparison: string; target: string }[] };
  alertChannelSubscriptions: { alertChannelId: number; activated: boolean }[];
}

async function checkNamed(request: Parameters<typeof restGet>[0], server: Parameters<typeof restGet>[1], name: string): Promise<StoredCheck> {
  const checks = await restGet<StoredCheck[]>(request, server, '/v1/checks');
  const found = checks.find((check) => check.name === name);
  if (!found) throw new Error(`no check named ${name}`);
  return found;
}

const emailChannel = (request: Parameters<typeof restPost>[0], server: Parameters<typeof restPost>[1], address: string) =>
  restPost<{ id: number }>(request, server, '/v1/alert-channels', { type: 'EMAIL', config: { address } });

test.describe('monitor forms as complete as the API', () => {
  test('an ICMP latency assertion and latency thresholds are created and edited in the form and read back through the API', async ({ page, server, request }) => {
    const form = new NewIcmpMonitorPage(page);
    const assertions = new AssertionsEditor(page, form.form);
    await openConnected(page, server, '/monitors/new-icmp');
    await form.fill({ name: 'Core router', hostname: '127.0.0.1', pingCount: 2 });
    await form.form.getByRole('textbox', { name: 'Degraded after (ms)', exact: true }).fill('150');
    await form.form.getByRole('textbox', { name: 'Failed after (ms)', exact: true }).fill('400');
    await assertions.add({ source: 'Latency', property: 'maximum', comparison: 'less than', target: '100' });
    await form.createButton.click();
    await expect(toast(page, 'Monitor created')).toBeVisible();

    const created = await checkNamed(request, server, 'Core router');
    expect(created.degradedResponseTime).toBe(150);
    expect(created.maxResponseTime).toBe(400);
    expect(created.request.assertions).toEqual([{ source: 'LATENCY', property: 'max', comparison: 'LESS_THAN', target: '100', regex: '' }]);

    const detail = new MonitorDetailPage(page, 'Core router');
    await detail.open(created.id);
    await expect(detail.setting('Assertions')).toHaveText('Latency (maximum) less than 100 ms');
    await expect(detail.setting('IP family')).toHaveText('IPv4');

    await page.goto(`/#/monitors/${created.id}/edit`);
    const edit = page.getByRole('form', { name: 'Edit ICMP monitor' });
    const editor = new AssertionsEditor(page, edit);
    await expect(editor.target(1)).toHaveValue('100');
    await editor.set(1, { property: 'average', comparison: 'greater than', target: '5' });
    await editor.add({ source: 'JSON response', property: '$.packetLoss', comparison: 'equals', target: '0' });
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Monitor saved')).toBeVisible();

    const edited = await checkNamed(request, server, 'Core router');
    expect(edited.request.assertions).toEqual([
      { source: 'LATENCY', property: 'avg', comparison: 'GREATER_THAN', target: '5', regex: '' },
      { source: 'JSON_RESPONSE', property: '$.packetLoss', comparison: 'EQUALS', target: '0', regex: '' },
    ]);
    expect(edited.maxResponseTime).toBe(400);
  });

  test('an over-long assertion target is refused at its field, and nothing is stored', async ({ page, server, request }) => {
    const form = new NewIcmpMonitorPage(page);
    const assertions = new AssertionsEditor(page, form.form);
    await openConnected(page, server, '/monitors/new-icmp');
    await form.fill({ name: 'Huge target', hostname: '127.0.0.1' });
    await assertions.add({ target: 'x'.repeat(5000) });
    await form.createButton.click();
    await expect(assertions.target(1)).toHaveAttribute('aria-invalid', 'true');
    await expect(assertions.target(1)).toHaveAccessibleDescription('Assertion 1 target must have at most 2048 characters');
    expect(await restGet<unknown[]>(request, server, '/v1/checks')).toEqual([]);
  });

  test('a traceroute hop-count assertion is saved from the form', async ({ page, server, request }) => {
    const form = new TracerouteMonitorForm(page);
    const assertions = new AssertionsEditor(page, form.form);
    await openConnected(page, server, '/monitors/new-traceroute');
    await form.fill({ name: 'Path to gateway', target: '127.0.0.1' });
    await assertions.add({ source: 'Hop count', comparison: 'less than', target: '12' });
    await expect(assertions.property(1)).toHaveCount(0);
    await form.submit();
    await expect(toast(page, 'Monitor created')).toBeVisible();
    const stored = await checkNamed(request, server, 'Path to gateway');
    expect(stored.request.assertions).toEqual([{ source: 'HOP_COUNT', property: '', comparison: 'LESS_THAN', target: '12', regex: '' }]);
  });

  test('a channel picked on the monitor form is subscribed, and one taken out no longer alerts', async ({ page, server, request }) => {
    const oncall = await emailChannel(request, server, 'oncall@example.test');
    const audit = await emailChannel(request, server, 'audit@example.test');
    const check = await restPost<{ id: string }>(request, server, '/v1/checks/icmp?autoAssignAlerts=false', { name: 'Edge ping', request: { hostname: '127.0.0.1' } });

    await openConnected(page, server, `/monitors/${check.id}/edit`);
    const edit = page.getByRole('form', { name: 'Edit ICMP monitor' });
    const picker = new AlertChannelPicker(page, edit);
    await picker.pick('Email: oncall@example.test');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Monitor saved')).toBeVisible();

    const stored = await restGet<StoredCheck>(request, server, `/v1/checks/${check.id}`);
    expect(stored.alertChannelSubscriptions).toEqual([{ alertChannelId: oncall.id, activated: true }]);
    const detail = new MonitorDetailPage(page, 'Edge ping');
    await expect(detail.subscribedChannels()).toHaveText(['Email: oncall@example.test — subscribed by this monitor']);

    // A new monitor starts with every channel chosen (the console's create subscribes all); one taken out is paused.
    const form = new NewIcmpMonitorPage(page);
    await page.goto('/#/monitors/new-icmp');
    await form.fill({ name: 'Quiet ping', hostname: '127.0.0.1' });
    const newPicker = new AlertChannelPicker(page, form.form);
    await expect(newPicker.pill('Email: audit@example.test')).toBeVisible();
    await newPicker.remove('Email: audit@example.test');
    await expect(newPicker.pill('Email: audit@example.test')).toHaveCount(0);
    await form.createButton.click();
    await expect(toast(page, 'Monitor created')).toBeVisible();
    const quiet = await checkNamed(request, server, 'Quiet ping');
    const subscriptions = await restGet<StoredCheck>(request, server, `/v1/checks/${quiet.id}`);
    expect(subscriptions.alertChannelSubscriptions).toEqual(
      expect.arrayContaining([
        { alertChannelId: oncall.id, activated: true },
        { alertChannelId: audit.id, activated: false },
      ]),
    );
  });

  test('a channel picked on the group form is subscribed; the group reads its retries and alerts as sentences', async ({ page, server, request }) => {
    const oncall = await emailChannel(request, server, 'oncall@example.test');
    const group = await restPost<{ id: number }>(request, server, '/v2/check-groups?autoAssignAlerts=false', {
      name: 'Core network',
      useGlobalAlertSettings: false,
      alertSettings: { escalationType: 'RUN_BASED', runBasedEscalation: { failedRunThreshold: 2 }, reminders: { amount: 3, interval: 10 } },
      retryStrategy: { type: 'FIXED', baseBackoffSeconds: 30, maxRetries: 2, maxDurationSeconds: 300, sameRegion: true },
    });

    await openConnected(page, server, `/groups/${group.id}`);
    const settings = page.getByRole('table', { name: 'Group settings' });
    await expect(settings).toContainText('Alert after 2 failed runs, remind every 10 min up to 3 times');
    await expect(settings).toContainText('Retry up to 2 times, 30 s apart, within 5 min, from the same location');

    await page.goto(`/#/groups/${group.id}/edit`);
    const form = new GroupForm(page, 'Edit group');
    const picker = new AlertChannelPicker(page, form.form);
    await picker.pick('Email: oncall@example.test');
    await form.form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('table', { name: 'Group settings' })).toBeVisible();
    const stored = await restGet<{ alertChannelSubscriptions: { alertChannelId: number; activated: boolean }[] }>(request, server, `/v2/check-groups/${group.id}`);
    expect(stored.alertChannelSubscriptions).toEqual([{ alertChannelId: oncall.id, activated: true }]);
  });

  test("a monitor's page reads its alerts, retries and type in words, not JSON", async ({ page, server, request }) => {
    const check = await restPost<{ id: string }>(request, server, '/v1/checks/icmp', {
      name: 'Worded ping',
      request: { hostname: '127.0.0.1', ipFamily: 'IPv4' },
      useGlobalAlertSettings: false,
      alertSettings: { escalationType: 'RUN_BASED', runBasedEscalation: { failedRunThreshold: 2 }, reminders: { amount: 3, interval: 10 } },
      retryStrategy: { type: 'LINEAR', baseBackoffSeconds: 10, maxRetries: 3, maxDurationSeconds: 120, sameRegion: false },
    });
    const detail = new MonitorDetailPage(page, 'Worded ping');
    await openConnected(page, server, `/monitors/${check.id}`);
    await expect(detail.setting('Alerts')).toHaveText("Alert after 2 failed runs, remind every 10 min up to 3 times — this monitor's own");
    await expect(detail.setting('Retries')).toHaveText("Retry up to 3 times, waiting 10 s, 20 s, 30 s…, within 2 min, from another location — this monitor's own");
    await expect(detail.setting('Type')).toHaveText('ICMP');
    await expect(detail.settings).not.toContainText('{');
    await expect(detail.settings).not.toContainText('Request:');
  });
});
