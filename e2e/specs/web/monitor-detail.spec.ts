import { seedPastResults } from '../../fixtures/history';
import { createFailingIcmpCheck, createIcmpCheck, runToCompletion } from '../../fixtures/rest';
import { expect, test } from '../../fixtures/server';
import { openConnected } from '../../pages/console';
import { MonitorDetailPage } from '../../pages/monitor-detail-page';
import { MonitorsPage } from '../../pages/monitors-page';

// Every target is loopback; the server runs checks only when asked (--no-scheduler).
test.describe('a monitor over time', () => {
  test('the range picker changes the figures, the range stays in the address over a reload, a loopback ping reads in µs', async ({ page, server, request }) => {
    const check = await createIcmpCheck(request, server, 'Loopback ping');
    await runToCompletion(request, server, check.id);
    await runToCompletion(request, server, check.id);
    // Three hours ago: ten runs at 5 ms and one that failed, inside 24 h but outside 1 h.
    seedPastResults(server, check.id, [...Array.from({ length: 10 }, (_, i) => ({ minutesAgo: 180 + i, responseMs: 5 })), { minutesAgo: 175, failed: true }]);
    const detail = new MonitorDetailPage(page, 'Loopback ping');

    await openConnected(page, server, `/monitors/${check.id}`);
    // Its data starts three hours ago: the page opens on the quick range that fits it.
    await expect(detail.rangeHeading).toHaveText('Over the last 6 hours');
    await expect(detail.rangeOption('6 h')).toBeChecked();
    await expect(detail.stat('Runs')).toContainText('13');
    await expect(detail.stat('Failed runs')).toContainText('1');
    // One percentage format on every page: the sign right after the number.
    await expect(detail.stat('Uptime')).toHaveText(/Uptime\s*92\.30%$/);
    await expect(detail.failures).toHaveCount(1);
    await expect(detail.failures.first()).toContainText('failed · local');
    await expect(detail.resultRows()).toHaveCount(13);

    await detail.chooseRange('1 h');
    await expect(page).toHaveURL(/[?&]range=1h/);
    await expect(detail.rangeHeading).toHaveText('Over the last hour');
    await expect(detail.stat('Runs')).toContainText('2');
    await expect(detail.stat('Uptime')).toHaveText(/Uptime\s*100%$/);
    await expect(detail.noFailures).toHaveText('No failed runs in the last hour.');
    // Two loopback pings: tens of microseconds, not "0 ms". The page has one unit, chosen from its
    // largest figure: on a loaded machine one of the pings can take a millisecond, and then the p50
    // reads in ms with its microseconds ("0.044 ms"), which is just as true.
    await expect(detail.stat('p50')).toHaveText(/p50\s*(\d{1,3} µs|0\.\d{3} ms)$/);
    await expect(detail.locationRow('local')).toContainText('100%');
    await expect(detail.locationRow('local')).not.toContainText('100 %');

    await page.reload();
    await expect(detail.rangeHeading).toHaveText('Over the last hour');
    await expect(detail.stat('Runs')).toContainText('2');
    await expect(detail.rangeOption('1 h')).toBeChecked();

    // The list's 24-hour uptime reads as the monitor page's 24-hour figure does.
    const monitors = new MonitorsPage(page);
    await monitors.open();
    await expect(monitors.uptime('Loopback ping')).toHaveText('92.30%');
  });

  test('a failing run from "Run now" shows as a failure at its time, with its error, and the state says since when', async ({ page, server, request }) => {
    const check = await createFailingIcmpCheck(request, server, 'Impossible latency');
    const detail = new MonitorDetailPage(page, 'Impossible latency');

    await openConnected(page, server, `/monitors/${check.id}?range=1h`);
    await expect(detail.noFailures).toBeVisible();
    await detail.runNowButton.click();
    await expect(detail.runProgress).toContainText('Failed');

    await expect(detail.failures).toHaveCount(1);
    await expect(detail.failures.first()).toContainText('ASSERTION_FAILED');
    await expect(detail.failureResultLink(0)).toBeVisible();
    await expect(detail.chart).toHaveAccessibleName(/1 period with failures marked$/);
    await expect(detail.stat('Uptime')).toHaveText(/Uptime\s*0%$/);
    await expect(detail.statusHeader).toContainText('Failing');
    await expect(detail.statusHeader).toContainText(/Failing for \d+ s/);
  });
});
