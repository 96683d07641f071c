import type { Locator } from '@playwright/test';
import { createFailingIcmpCheck, createIcmpCheck, runToCompletion } from '../../fixtures/rest';
import { expect, test } from '../../fixtures/server';
import { openConnected } from '../../pages/console';
import { DashboardPage } from '../../pages/dashboard-page';
import { MonitorDetailPage } from '../../pages/monitor-detail-page';
import { MonitorsPage } from '../../pages/monitors-page';

/**
 * What a table shows badly on a narrow screen: a heading's word broken over two lines ("Sever ity")
 * and badges whose text is cut ("FA…"), named so a failure says which.
 */
function narrowTableFaults(table: Locator): Promise<string[]> {
  return table.evaluate((element) => {
    const faults: string[] = [];
    for (const th of element.querySelectorAll('th')) {
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top / 4)));
          if (tops.size > 1) faults.push(`"${word[0]}" of heading "${th.textContent}" broken over ${tops.size} lines`);
        }
      }
    }
    for (const badge of element.querySelectorAll('.mantine-Badge-root')) {
      if ([badge, ...badge.querySelectorAll('*')].some((node) => node.scrollWidth > node.clientWidth + 1)) faults.push(`badge "${badge.textContent}" cut`);
    }
    return faults;
  });
}

/** Text cut with an ellipsis: its box is narrower than its text. */
function isCut(badge: Locator): Promise<boolean> {
  return badge.evaluate((element) => [element, ...element.querySelectorAll('*')].some((node) => node.scrollWidth > node.clientWidth + 1));
}

test.describe('small screens and dark mode', () => {
  test('at 390 px the first screen shows the failing monitor and its last error, before the counts', async ({ page, server, request }) => {
    const check = await createFailingIcmpCheck(request, server, 'Payments gateway');
    await runToCompletion(request, server, check.id);
    await page.setViewportSize({ width: 390, height: 844 });
    const dashboard = new DashboardPage(page);
    await openConnected(page, server, '/');

    const item = dashboard.problemList.getByRole('listitem').filter({ hasText: 'Payments gateway' });
    await expect(item).toContainText(/latency|assert/i);
    const error = item.getByText(/latency|assert/i);
    await expect(error).toBeInViewport({ ratio: 1 });
    await expect(item.getByText('Failing', { exact: true })).toBeInViewport();
    expect(await isCut(item.getByText('Failing', { exact: true }))).toBe(false);

    // The count cards follow the failing monitors rather than filling the first screen.
    const listTop = (await dashboard.problemList.boundingBox())?.y ?? Infinity;
    const cardsTop = (await page.getByRole('main').getByRole('group', { name: 'Failing monitors' }).boundingBox())?.y ?? -Infinity;
    expect(cardsTop).toBeGreaterThan(listTop);
  });

  test('at 390 px a muted failing monitor says it will not alert', async ({ page, server, request }) => {
    const check = await createFailingIcmpCheck(request, server, 'Quiet gateway');
    const muted = await request.put(`${server.baseURL}/v1/checks/icmp/${check.id}`, { headers: { Authorization: `Bearer ${server.apiKey}` }, data: { muted: true } });
    expect(muted.status()).toBe(200);
    await runToCompletion(request, server, check.id);
    await page.setViewportSize({ width: 390, height: 844 });
    const dashboard = new DashboardPage(page);
    await openConnected(page, server, '/');
    const item = dashboard.problemList.getByRole('listitem').filter({ hasText: 'Quiet gateway' });
    await expect(item).toContainText('Muted — will not alert');
  });

  test('at 390 px table headings stay whole and status badges are not cut', async ({ page, server, request }) => {
    const check = await createFailingIcmpCheck(request, server, 'Payments gateway');
    await runToCompletion(request, server, check.id);
    await page.setViewportSize({ width: 390, height: 844 });
    const dashboard = new DashboardPage(page);
    await openConnected(page, server, '/');
    await expect(dashboard.recentSessions.getByText('Failed', { exact: true })).toBeVisible();
    await expect.poll(() => narrowTableFaults(dashboard.recentSessions)).toEqual([]);

    const detail = new MonitorDetailPage(page, 'Payments gateway');
    await detail.open(check.id);
    await expect(detail.resultsTable.getByText('Failed', { exact: true }).first()).toBeVisible();
    await expect.poll(() => narrowTableFaults(detail.resultsTable)).toEqual([]);
  });

  test("in dark mode the results strip's empty slots are dark, not white", async ({ page, server, request }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    const check = await createIcmpCheck(request, server, 'Loopback ping');
    await runToCompletion(request, server, check.id);
    const monitors = new MonitorsPage(page);
    await openConnected(page, server, '/monitors');
    const strip = page.getByRole('main').getByRole('group', { name: /^Last 1 results of Loopback ping/ });
    await expect(strip).toBeVisible();
    // The empty slots are one striped block before the bars; its stripes' colour decides how bright it is.
    const luminance = await strip.evaluate((element) => {
      const slots = element.querySelector('span[aria-hidden]');
      const match = slots && /rgba?\((\d+), (\d+), (\d+)/.exec(getComputedStyle(slots).backgroundImage);
      if (!match) return null;
      const [r, g, b] = match.slice(1, 4).map(Number);
      return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    });
    expect(luminance).not.toBeNull();
    expect(luminance).toBeLessThan(0.4);
    await expect(monitors.heading).toBeVisible();
  });
});
