import { expect, test } from '../../fixtures/server';
import { restGet } from '../../fixtures/rest';
import { openConnected, toast } from '../../pages/console';
import { MonitorsPage } from '../../pages/monitors-page';
import { HeartbeatPingPanel, NewHeartbeatMonitorPage } from '../../pages/new-heartbeat-monitor-page';
import { ResultDetailPage } from '../../pages/result-detail-page';

test.describe('heartbeat monitors in the web console', () => {
  test('refuses a period under 30 s naming the field; creates one, lists what it expects, shows its ping URL with curl and crontab lines, and a POSTed ping with its body', async ({ page, server, request }) => {
    const monitors = new MonitorsPage(page);
    const form = new NewHeartbeatMonitorPage(page);

    await openConnected(page, server, '/monitors/new-heartbeat');
    await expect(form.heading).toBeVisible();
    await form.fill({ name: 'Nightly backup', period: 10, periodUnit: 'seconds', grace: 5, graceUnit: 'minutes' });
    await form.createButton.click();
    await expect(form.form).toContainText('must be at least 30 seconds');
    await form.fill({ name: 'Nightly backup', period: 5, periodUnit: 'minutes', grace: 1, graceUnit: 'minutes' });
    await form.createButton.click();
    await expect(toast(page, 'Monitor created')).toBeVisible();
    const row = monitors.row('Nightly backup');
    await expect(row).toContainText('ping every 5 minutes, 1 minute grace');

    const [check] = (await restGet<{ id: string; name: string; heartbeat: { pingUrl: string } }[]>(request, server, '/v1/checks')).filter((c) => c.name === 'Nightly backup');
    const pingUrl = check!.heartbeat.pingUrl;
    await openConnected(page, server, `/monitors/${check!.id}`);
    const panel = new HeartbeatPingPanel(page);
    await expect(panel.pingUrl).toHaveText(pingUrl);
    await expect(panel.curl).toHaveText(`curl -fsS -m 10 --retry 5 -o /dev/null ${pingUrl}`);
    await expect(panel.crontab).toHaveText(`*/5 * * * * /path/to/job.sh && curl -fsS -m 10 --retry 5 -o /dev/null ${pingUrl}`);
    await expect(page.getByRole('button', { name: 'Run now' })).toHaveCount(0);

    // The job pings with its log; the monitor page lists the ping and its page shows the body.
    const pinged = await request.post(pingUrl, { data: 'backup finished: 42 files', headers: { 'content-type': 'text/plain', 'user-agent': 'backup.sh' } });
    expect(pinged.status()).toBe(200);
    await expect(panel.panel).toContainText('State RECEIVED');
    await expect(panel.panel.getByRole('img', { name: /^Ping timeline: 1 ping and 0 failures in the last 6 hours$/ })).toBeVisible();
    const [latest] = await restGet<{ id: string }[]>(request, server, `/v1/check-results/${check!.id}?limit=1`);
    const result = new ResultDetailPage(page);
    await openConnected(page, server, `/monitors/${check!.id}/results/${latest!.id}`);
    await expect(result.heading('Nightly backup')).toBeVisible();
    await expect(result.stat('User agent')).toContainText('backup.sh');
    await expect(page.getByLabel('Ping body')).toHaveText('backup finished: 42 files');
  });
});
