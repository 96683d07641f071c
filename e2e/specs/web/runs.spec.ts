import { createFailingIcmpCheck, createIcmpCheck, runToCompletion } from '../../fixtures/rest';
import { expect, test } from '../../fixtures/server';
import { openConnected } from '../../pages/console';
import { DashboardPage } from '../../pages/dashboard-page';
import { MonitorDetailPage } from '../../pages/monitor-detail-page';
import { MonitorsPage } from '../../pages/monitors-page';
import { NewIcmpMonitorPage } from '../../pages/new-icmp-monitor-page';
import { ResultDetailPage } from '../../pages/result-detail-page';
import { runProgress, viewSessionLink } from '../../pages/run-progress';
import { SessionDetailPage } from '../../pages/session-detail-page';
import { SessionsPage } from '../../pages/sessions-page';

// Every target is loopback, so nothing leaves the machine. The fixture's server runs no schedule:
// every session here is one the test started.
test.describe('running monitors from the web console', () => {
  test('Run now follows an ICMP session live to Passed and opens the result with 0% packet loss', async ({ page, server }) => {
    const monitors = new MonitorsPage(page);
    const form = new NewIcmpMonitorPage(page);
    const session = new SessionDetailPage(page);
    const result = new ResultDetailPage(page);

    await openConnected(page, server, '/monitors/new-icmp');
    await form.create({ name: 'Loopback ping', hostname: '127.0.0.1', pingCount: 2 });
    await expect(monitors.heading).toBeVisible();

    await monitors.runNow('Loopback ping');
    const progress = runProgress(page, 'Loopback ping');
    await expect(progress).toBeVisible();
    await expect(progress).toContainText('Passed');

    await viewSessionLink(progress).click();
    await expect(session.heading('Loopback ping')).toBeVisible();
    await expect(session.status).toHaveText('Passed');
    await expect(session.resultRow('FINAL')).toContainText('Passed');
    await expect(session.resultRow('FINAL')).toContainText('Final');
    await expect(session.resultRow('FINAL')).not.toContainText('FINAL');
    await expect(session.field('Source')).toContainText('Schedule now');

    await session.openResult('FINAL');
    await expect(result.heading('Loopback ping')).toBeVisible();
    await expect(result.field('Result type')).toContainText('Final');
    await expect(result.field('Result type')).not.toContainText('FINAL');
    await expect(result.stat('Packets sent')).toContainText('2');
    await expect(result.stat('Packets received')).toContainText('2');
    await expect(result.stat('Packet loss')).toContainText('0%');
    // One unit per page, chosen from the data (issue 31): a loopback ping reads in µs.
    await expect(result.stat('Latency avg')).toContainText(/^Latency avg\d+(\.\d+)? (µs|ms)$/);
    await expect(result.error).toBeHidden();
  });

  test('a failing LATENCY assertion ends Failed, marks the monitor failing and shows the failed assertion', async ({ page, server, request }) => {
    const check = await createFailingIcmpCheck(request, server, 'Impossible latency');
    const detail = new MonitorDetailPage(page, 'Impossible latency');
    const session = new SessionDetailPage(page);
    const result = new ResultDetailPage(page);

    await openConnected(page, server, `/monitors/${check.id}`);
    await detail.runNowButton.click();
    await expect(detail.runProgress).toContainText('Failed');
    await expect(detail.statusHeader).toContainText('Failing');
    await expect(detail.resultRow(0)).toContainText('Failed');
    await expect(detail.chart).toBeVisible();

    await viewSessionLink(detail.runProgress).click();
    await expect(session.status).toHaveText('Failed');
    await session.openResult('FINAL');
    await expect(result.heading('Impossible latency')).toBeVisible();
    await expect(result.error).toContainText('ASSERTION_FAILED');
    const latency = result.assertionRow('LATENCY');
    await expect(latency).toContainText('avg');
    await expect(latency).toContainText('LESS_THAN');
    await expect(latency).toContainText('Failed');
    await expect(result.assertionActual('LATENCY')).toHaveText(/^\d+(\.\d+)?$/);
  });

  test('Sessions lists both runs, filters by status, shows a new run live; the dashboard counts 1 passing and 1 failing', async ({ page, server, request }) => {
    const passing = await createIcmpCheck(request, server, 'Loopback ping');
    const failing = await createFailingIcmpCheck(request, server, 'Impossible latency');
    expect((await runToCompletion(request, server, passing.id)).status).toBe('PASSED');
    expect((await runToCompletion(request, server, failing.id)).status).toBe('FAILED');

    const sessions = new SessionsPage(page);
    await openConnected(page, server, '/sessions');
    await expect(sessions.liveIndicator).toBeVisible();
    await expect(sessions.rows('Loopback ping').first()).toContainText('Passed');
    await expect(sessions.rows('Impossible latency').first()).toContainText('Failed');

    await expect(sessions.rows('Loopback ping')).toHaveCount(1);
    await runToCompletion(request, server, passing.id);
    // The new session appears without a reload.
    await expect(sessions.rows('Loopback ping')).toHaveCount(2);

    await sessions.filterByStatus('Failed');
    await expect(sessions.rows('Impossible latency').first()).toBeVisible();
    await expect(sessions.rows('Loopback ping')).toHaveCount(0);

    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await expect(dashboard.count('Passing')).toHaveText('1');
    await expect(dashboard.count('Failing')).toHaveText('1');
    await expect(dashboard.count('Degraded')).toHaveText('0');
    await expect(dashboard.count('Paused')).toHaveText('0');
    await expect(dashboard.problemRows()).toHaveCount(1);
    await expect(dashboard.problemRow(0)).toContainText('Impossible latency');
    await expect(dashboard.problems).toContainText('local');
    await expect(dashboard.recentSessions).toContainText('Loopback ping');
  });
});
