import { createFailingIcmpCheck, createIcmpCheck, restPost, runToCompletion } from '../../fixtures/rest';
import { expect, test } from '../../fixtures/server';
import { openConnected } from '../../pages/console';
import { DashboardPage } from '../../pages/dashboard-page';
import { MonitorDetailPage } from '../../pages/monitor-detail-page';

// Every target is loopback; the server runs checks only when asked (--no-scheduler).
test.describe('the dashboard', () => {
  test('shows the counts and the failing monitor first, and updates live after "Run now" without a reload or polling', async ({ page, server, request }) => {
    const passing = await createIcmpCheck(request, server, 'Loopback ping');
    const failing = await createFailingIcmpCheck(request, server, 'Impossible latency');
    const slow = await restPost<{ id: string }>(request, server, '/v1/checks/icmp', { name: 'Any reply is slow', request: { hostname: '127.0.0.1', pingCount: 1 }, degradedResponseTime: 0, maxResponseTime: 10000 });
    const later = await createFailingIcmpCheck(request, server, 'Breaks later');
    for (const id of [passing.id, failing.id, slow.id]) await runToCompletion(request, server, id);

    const summaryRequests: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/trpc/') && req.url().includes('dashboard.summary')) summaryRequests.push(req.url());
    });
    const dashboard = new DashboardPage(page);
    await openConnected(page, server, '/');
    await expect(dashboard.liveBadge).toBeVisible();
    await expect(dashboard.count('Passing')).toHaveText('1');
    await expect(dashboard.count('Failing')).toHaveText('1');
    await expect(dashboard.count('Degraded')).toHaveText('1');
    await expect(dashboard.count('Not run yet')).toHaveText('1');
    await expect(dashboard.problemRow(0)).toContainText('Impossible latency');
    await expect(dashboard.problemRow(0)).toContainText('Failing');
    await expect(dashboard.problemRow(0)).toContainText('ASSERTION_FAILED');
    await expect(dashboard.problemRow(1)).toContainText('Any reply is slow');
    await expect(dashboard.problemRow(1)).toContainText('Degraded');
    await expect(dashboard.lanes).toContainText('ICMP');

    // "Run now" in another tab; this one is not reloaded.
    const other = await page.context().newPage();
    const detail = new MonitorDetailPage(other, 'Breaks later');
    await openConnected(other, server, `/monitors/${later.id}`);
    await detail.runNowButton.click();
    await expect(detail.runProgress).toContainText('Failed');

    await expect(dashboard.count('Failing')).toHaveText('2');
    await expect(dashboard.count('Not run yet')).toHaveText('0');
    await expect(dashboard.problemRows()).toHaveCount(3);
    await expect(dashboard.problems).toContainText('Breaks later');
    // The first answer came from the query; every later one was pushed.
    expect(summaryRequests.length).toBeLessThanOrEqual(2);
  });

  test('lists open incidents and the recent notifications with their channel and monitor names', async ({ page, server, request }) => {
    const channel = await restPost<{ id: number }>(request, server, '/v1/alert-channels', { type: 'EMAIL', config: { address: 'oncall@example.test' } });
    const check = await restPost<{ id: string }>(request, server, '/v1/checks/icmp', {
      name: 'Checkout ping',
      request: { hostname: '127.0.0.1', pingCount: 1, assertions: [{ source: 'LATENCY', comparison: 'LESS_THAN', property: 'avg', target: '0' }] },
      alertChannelSubscriptions: [{ alertChannelId: channel.id, activated: true }],
    });
    await runToCompletion(request, server, check.id);
    const service = await restPost<{ id: string }>(request, server, '/v1/status-pages/services', { name: 'Checkout' });
    await restPost(request, server, '/v1/status-pages/incidents', {
      name: 'Checkout is slow',
      severity: 'MAJOR',
      services: [{ id: service.id, name: 'Checkout', accountId: '00000000-0000-4000-8000-000000000000' }],
      incidentUpdates: [{ description: 'We are looking into it' }],
    });

    const dashboard = new DashboardPage(page);
    await openConnected(page, server, '/');
    await expect(dashboard.incidents).toContainText('Checkout is slow');
    await expect(dashboard.incidents).toContainText('Investigating');
    await expect(dashboard.incidents).toContainText('Major outage');
    const notification = dashboard.notificationRow('Checkout ping');
    await expect(notification).toContainText('Email: oncall@example.test');
    await expect(notification).toContainText('ALERT_FAILURE');
  });
});
