import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '../../fixtures/server';
import { blockingViolations } from '../../tools/axe';
import { openConnected, toast } from '../../pages/console';
import { HttpCheckForm } from '../../pages/http-check-form';
import { MonitorsPage } from '../../pages/monitors-page';
import { ResultDetailPage } from '../../pages/result-detail-page';
import { runProgress, viewSessionLink } from '../../pages/run-progress';
import { SessionDetailPage } from '../../pages/session-detail-page';

// A real local target on 127.0.0.1: the shop's health endpoint answers 503 with a JSON body.
let target: Server;
let targetUrl = '';

test.beforeAll(async () => {
  target = createServer((req, res) => {
    if (req.url === '/old-health') {
      res.writeHead(301, { location: '/health' });
      return res.end();
    }
    res.writeHead(503, { 'content-type': 'application/json', 'x-shop': 'eu-1' });
    res.end(JSON.stringify({ status: 'down', db: { ok: false } }));
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/health`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => target.close(() => resolve()));
});

test.describe('API checks and URL monitors in the console', () => {
  test('an API check created in the form runs against a local target; its failing result shows the assertion with expected and actual, status, headers and the pretty-printed body', async ({
    page,
    server,
  }) => {
    const form = new HttpCheckForm(page, 'New API check');
    await openConnected(page, server, '/monitors/new-api');
    await form.field('Name').fill('Shop health');
    await form.field('URL').fill(targetUrl);
    await form.assertions.add({ source: 'JSON body', property: '$.status', comparison: 'equals', target: 'up' });
    await form.createButton.click();
    await expect(toast(page, 'Monitor created')).toBeVisible();

    const monitors = new MonitorsPage(page);
    await monitors.runNow('Shop health');
    const progress = runProgress(page, 'Shop health');
    await expect(progress).toContainText('Failed');

    const session = new SessionDetailPage(page);
    const result = new ResultDetailPage(page);
    await viewSessionLink(progress).click();
    await session.openResult('FINAL');
    await expect(result.heading('Shop health')).toBeVisible();
    const failing = page.getByRole('region', { name: 'Failing assertions' });
    await expect(failing).toContainText('Status code');
    await expect(failing).toContainText('Expected 200, got 503');
    await expect(failing).toContainText('$.status');
    await expect(failing).toContainText('Expected up, got down');
    await expect(result.stat('Status')).toContainText('503');
    await expect(page.getByRole('table', { name: 'Response headers' })).toContainText('eu-1');
    await expect(page.getByRole('region', { name: 'Response body' })).toContainText('"status": "down"');
    await expect(page.getByRole('group', { name: 'Timing waterfall' })).toContainText('First byte');
    expect(await blockingViolations(page)).toEqual([]);
  });

  test('a URL monitor is created in the form with its status code assertion', async ({ page, server }) => {
    const form = new HttpCheckForm(page, 'New URL monitor');
    await openConnected(page, server, '/monitors/new-url');
    await form.field('Name').fill('Shop home');
    await form.field('URL').fill(targetUrl);
    await form.assertions.set(1, { target: '503' });
    expect(await blockingViolations(page)).toEqual([]);
    await form.createButton.click();
    await expect(toast(page, 'Monitor created')).toBeVisible();
  });

  test('Send now on the URL monitor form fetches the page once with its redirect setting and shows the status, redirects and timings; its status becomes an assertion in one click', async ({ page, server }) => {
    const form = new HttpCheckForm(page, 'New URL monitor');
    await openConnected(page, server, '/monitors/new-url');
    await form.field('URL').fill(targetUrl.replace('/health', '/old-health'));
    await form.sendNowButton.click();
    const panel = form.sendNowResult;
    await expect(panel.locator('[data-status]')).toHaveText('Failed');
    await expect(panel.getByRole('listitem', { name: 'Status' })).toContainText('503');
    await expect(panel).toContainText(`Redirects: 301 → ${targetUrl}`);
    await expect(panel.getByRole('group', { name: 'Timing waterfall' })).toContainText('First byte');
    await expect(panel.getByRole('region', { name: 'Failing assertions' })).toContainText('Expected 200, got 503');
    // A URL monitor asserts the status code only: no header or body picking is offered.
    await expect(panel.getByRole('button', { name: /^Assert header/ })).toHaveCount(0);
    await panel.getByRole('group', { name: 'Assert this response' }).getByRole('button', { name: '+ Status is 503' }).click();
    await expect(form.assertions.target(2)).toHaveValue('503');
    expect(await blockingViolations(page)).toEqual([]);

    // Without following redirects, the monitor sees the redirect itself.
    await form.form.getByRole('switch', { name: 'Follow redirects' }).uncheck();
    await form.sendNowButton.click();
    await expect(panel.getByRole('listitem', { name: 'Status' })).toContainText('301');
  });
});
