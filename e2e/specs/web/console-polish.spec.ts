import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { backdateCheck, seedPastResults } from '../../fixtures/history';
import { startLoginApi } from '../../fixtures/login-api';
import { createFailingIcmpCheck, createIcmpCheck, restPost, runToCompletion } from '../../fixtures/rest';
import { expect, sharedServerTest as test, type SightlineServer } from '../../fixtures/server';
import { openConnected } from '../../pages/console';
import { MaintenancePage } from '../../pages/maintenance-page';
import { MonitorDetailPage } from '../../pages/monitor-detail-page';
import { MonitorsPage } from '../../pages/monitors-page';
import { ResultDetailPage } from '../../pages/result-detail-page';
import { SettingsPage } from '../../pages/settings-page';
import { blockingViolations } from '../../tools/axe';

/** With ISSUE31_SHOTS=before|after, each test saves what the user sees (the issue's before and after). */
async function shot(page: Page, name: string): Promise<void> {
  const label = process.env.ISSUE31_SHOTS;
  if (!label) return;
  mkdirSync('/tmp/issue31-shots', { recursive: true });
  await page.screenshot({ path: `/tmp/issue31-shots/${name}-${label}.png`, fullPage: true });
}

async function latestResultId(request: APIRequestContext, server: SightlineServer, checkId: string): Promise<string> {
  const response = await request.get(`${server.baseURL}/v1/check-results/${checkId}?limit=1`, { headers: { Authorization: `Bearer ${server.apiKey}` } });
  expect(response.ok()).toBe(true);
  const [latest] = (await response.json()) as { id: string }[];
  return latest.id;
}

/** The unit of a duration as written ("46 µs", "< 1 ms", "0.046 ms"). */
const unitOf = (text: string) => /(µs|ms|s)\s*$/.exec(text.trim())?.[1] ?? `no unit in "${text}"`;

// Issue 31's remaining annoyances; one server for the file, each test makes its own names.
test.describe('the console without the small doubts, continued', () => {
  test('a young loopback ping: time ticks never repeat, and the figures, axis and locations share one unit', async ({ page, server, request }) => {
    const check = await createIcmpCheck(request, server, 'Microsecond ping');
    await runToCompletion(request, server, check.id);
    backdateCheck(server, check.id, 6);
    // Six minutes of loopback round trips of 46–61 µs: the page must not mix "46 µs" with a "0.06 ms" axis.
    seedPastResults(server, check.id, Array.from({ length: 6 }, (_, i) => ({ minutesAgo: 6 - i, responseMs: 0.046 + i * 0.003 })));
    const detail = new MonitorDetailPage(page, 'Microsecond ping');
    await openConnected(page, server, `/monitors/${check.id}`);
    await expect(detail.rangeHeading).toHaveText('Over the last hour');
    await expect(detail.chart).toBeVisible();
    await shot(page, '1-chart');

    const axes = detail.chartAxes;
    await expect(axes).toHaveText(/^Time axis: .+\. Value axis: .+\.$/);
    const [, timeText = '', valueText = ''] = /^Time axis: (.*)\. Value axis: (.*)\.$/.exec((await axes.textContent()) ?? '') ?? [];
    const timeTicks = timeText.split(', ');
    expect(timeTicks.length).toBeGreaterThan(2);
    expect(new Set(timeTicks).size, `repeated time ticks: ${timeText}`).toBe(timeTicks.length);

    const units = [
      ...(await Promise.all(['p50', 'p95', 'p99'].map(async (label) => unitOf(((await detail.stat(label).textContent()) ?? '').replace(label, ''))))),
      ...valueText.split(', ').map(unitOf),
      unitOf((await detail.locationRow('local').getByRole('cell').last().textContent()) ?? ''),
      // The recent results under the chart too ("Response time", the fifth column).
      ...(await detail.resultRows().evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[4]?.textContent ?? ''))).map(unitOf),
    ];
    expect(new Set(units), `units on the page: ${units.join(', ')}`).toEqual(new Set([units[0]]));
  });

  test.describe('dates', () => {
    test.use({ locale: 'en-US', timezoneId: 'Asia/Kolkata' });

    test('every date is written one way: the viewer’s zone by default, UTC when chosen in Settings, kept across a reload', async ({ page, server, request }) => {
      await restPost(request, server, '/v1/maintenance-windows', {
        name: 'Core switch swap',
        tags: ['core-switch'],
        startsAt: '2030-01-15T12:00:00.000Z',
        endsAt: '2030-01-15T13:30:00.000Z',
      });
      const maintenance = new MaintenancePage(page);
      await openConnected(page, server, '/maintenance');
      const row = maintenance.row('Core switch swap');
      await expect(row).toBeVisible();
      await shot(page, '2-dates-local');
      // Kolkata is UTC+5:30: 12:00 UTC is 5:30 PM there, written as every other moment of the console.
      await expect(row).toContainText('Jan 15, 2030, 5:30 PM');
      await expect(row).toContainText('Jan 15, 2030, 7:00 PM');
      await expect(row).not.toContainText('UTC');

      const settings = new SettingsPage(page);
      await page.goto('/#/settings');
      await expect(settings.timeZone('Your time zone: Asia/Calcutta|Your time zone: Asia/Kolkata')).toBeChecked();
      expect(await blockingViolations(page)).toEqual([]);
      await settings.timeZone('UTC').check();
      await page.reload();
      await expect(settings.timeZone('UTC')).toBeChecked();
      await page.goto('/#/maintenance');
      await expect(row).toContainText('Jan 15, 2030, 12:00 PM');
      await expect(row).toContainText('Jan 15, 2030, 1:30 PM');
      await shot(page, '2-dates-utc');
    });
  });

  test('a multi-step result shows each call’s request and response, headers and bodies, and prints the run’s error once', async ({ page, server, request }) => {
    const api = await startLoginApi();
    try {
      const script = [
        "import { test, expect } from '@playwright/test';",
        "test('order lookup', async ({ request }) => {",
        '  const login = await request.post(process.env.API_BASE + "/login", { data: { username: "ops", password: process.env.PASSWORD }, headers: { "X-Request-Id": "req-7f3" } });',
        '  const { token } = await login.json();',
        '  const order = await request.get(process.env.API_BASE + "/orders/42", { headers: { Authorization: "Bearer " + token } });',
        '  expect(order.status()).toBe(200);',
        '});',
      ].join('\n');
      const check = await restPost<{ id: string }>(request, server, '/v1/checks/multistep', {
        name: 'Order lookup',
        script,
        environmentVariables: [
          { key: 'API_BASE', value: api.base },
          { key: 'PASSWORD', value: api.password, secret: true },
        ],
      });
      expect((await runToCompletion(request, server, check.id)).status).toBe('FAILED');
      const result = new ResultDetailPage(page);
      await openConnected(page, server, `/monitors/${check.id}/results/${await latestResultId(request, server, check.id)}`);
      await expect(result.heading('Order lookup')).toBeVisible();
      await expect(result.requestRows('order lookup').first()).toBeVisible();
      await shot(page, '3-multistep');

      // The failed call is open: what went out, and what came back.
      const failed = result.callDetails(2);
      await expect(failed.getByLabel('Request headers')).toContainText('authorization: [scrubbed]');
      await expect(failed.getByLabel('Response headers')).toContainText('content-type: application/json');
      await expect(failed.getByLabel('Response body')).toHaveText('{"error":"not found"}');
      // The login call opens on request; the secret password never reaches the page.
      await page.getByRole('button', { name: 'Show headers and bodies of call 1' }).click();
      const login = result.callDetails(1);
      await expect(login.getByLabel('Request headers')).toContainText('x-request-id: req-7f3');
      await expect(login.getByLabel('Request headers')).toContainText('content-type: application/json');
      await expect(login.getByLabel('Request body')).toHaveText('{"username":"ops","password":"[scrubbed]"}');
      await expect(login.getByLabel('Response body')).toHaveText('{"token":"e2e-token-4f2a"}');
      await expect(page.getByRole('main')).not.toContainText(api.password);

      // The assertion's message is written once (under its test), not in the alert, an Errors list and the step too.
      await expect(result.error).toContainText('ASSERTION_FAILED');
      await expect(page.getByRole('main').getByText(/Expected: 200/)).toHaveCount(1);
      expect(await blockingViolations(page)).toEqual([]);
    } finally {
      await api.close();
    }
  });

  test('at 390 px the Monitors list is cards, failures first, filters folded away, and nothing scrolls sideways', async ({ page, server, request }) => {
    const passing = await createIcmpCheck(request, server, 'Aardvark ping');
    await runToCompletion(request, server, passing.id);
    const failing = await createFailingIcmpCheck(request, server, 'Zebra gateway');
    await runToCompletion(request, server, failing.id);
    await page.setViewportSize({ width: 390, height: 844 });
    const monitors = new MonitorsPage(page);
    // Sorted by name in the address: on a phone the failures still come first.
    await openConnected(page, server, '/monitors?sort=name');
    await expect(monitors.heading).toBeVisible();
    await expect(page.getByRole('main').getByText('Zebra gateway').first()).toBeVisible();
    await shot(page, '4-phone-list');

    await expect(monitors.card('Zebra gateway')).toContainText('Failing');
    await expect(monitors.card('Aardvark ping')).toContainText('Passing');
    // Every failing card (other tests' monitors share this server) comes before the first that is not.
    const cards = await monitors.cards.evaluateAll((items) => items.map((item) => ({ name: item.getAttribute('aria-label'), failing: /Failing/.test(item.textContent ?? '') })));
    const firstNotFailing = cards.findIndex((card) => !card.failing);
    expect(cards.slice(firstNotFailing).some((card) => card.failing), JSON.stringify(cards)).toBe(false);
    expect(cards.findIndex((card) => card.name === 'Zebra gateway')).toBeLessThan(cards.findIndex((card) => card.name === 'Aardvark ping'));
    await expect(monitors.table).toHaveCount(0);
    await expect(monitors.search).toBeHidden();
    const scrollsSideways = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth || document.body.scrollWidth > window.innerWidth);
    expect(await scrollsSideways()).toBe(false);

    await monitors.filtersButton.click();
    await expect(monitors.filtersButton).toHaveAttribute('aria-expanded', 'true');
    await expect(monitors.search).toBeVisible();
    await shot(page, '4-phone-filters');
    await monitors.search.fill('Aardvark');
    await expect(monitors.cards).toHaveCount(1);
    expect(await scrollsSideways()).toBe(false);
    expect(await blockingViolations(page)).toEqual([]);
  });
});
