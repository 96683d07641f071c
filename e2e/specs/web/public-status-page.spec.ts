import { createFailingIcmpCheck, restPost, runToCompletion } from '../../fixtures/rest';
import { expect, test } from '../../fixtures/server';
import { openConnected, toast } from '../../pages/console';
import { PublicStatusPage, StatusPagePage } from '../../pages/status-page-page';

interface Service {
  id: string;
  name: string;
  accountId: string;
}

test.describe('public status page', () => {
  test('the operator links a check and publishes; a visitor without a key sees services, state, uptime bars and the open incident', async ({ page, server, request, browser }) => {
    const api = await restPost<Service>(request, server, '/v1/status-pages/services', { name: 'Public API' });
    const website = await restPost<Service>(request, server, '/v1/status-pages/services', { name: 'Website' });
    const check = await createFailingIcmpCheck(request, server, 'Secret latency probe');
    await runToCompletion(request, server, check.id);
    await restPost(request, server, '/v1/status-pages', { name: 'Acme status', url: 'acme', cards: [{ name: 'Core', services: [{ id: api.id }, { id: website.id }] }] });
    await restPost(request, server, '/v1/status-pages/incidents', {
      name: 'Website partially down',
      severity: 'MAJOR',
      services: [website],
      incidentUpdates: [{ description: 'Some pages answer slowly; we are on it.' }],
    });

    const console = new StatusPagePage(page);
    await openConnected(page, server, '/status-page');
    await console.linkChecks('Public API', ['Secret latency probe']);
    await expect(toast(page, 'Checks linked')).toBeVisible();
    await expect(console.serviceRow('Public API')).toContainText('Secret latency probe');

    await expect(console.pageRow('Acme status')).toContainText('Not published');
    await expect(console.publicLink('Acme status')).toHaveCount(0);
    await expect(console.publishSwitch('Acme status')).not.toBeChecked();
    await console.publishSwitch('Acme status').click();
    await expect(toast(page, 'Status page published')).toBeVisible();
    await expect(console.publishSwitch('Acme status')).toBeChecked();
    const href = await console.publicLink('Acme status').getAttribute('href');
    expect(href).toBe(`${server.baseURL}/status/acme`);
    await expect(console.subscribersButton('Acme status')).toHaveText('0 subscribers');

    const context = await browser.newContext();
    try {
      const visitor = await PublicStatusPage.open(context);
      const response = await visitor.page.goto(href ?? '');
      expect(response?.status()).toBe(200);
      await expect(visitor.heading).toHaveText('Acme status');
      await expect(visitor.overall).toHaveText('Major outage');
      await expect(visitor.service('Public API')).toContainText('Major outage');
      // The incident was opened as "Major outage": the page does not understate it (issue 31).
      await expect(visitor.service('Website')).toContainText('Major outage');
      await expect(visitor.service('Website')).not.toContainText('Partial outage');
      const summary = (await (await context.request.get(`${href}/summary.json`)).json()) as {
        cards: Array<{ services: Array<{ name: string; state: string; description: string }> }>;
        incidents: { open: Array<{ name: string; impact: string }> };
      };
      expect(summary.cards[0].services.find((service) => service.name === 'Website')).toMatchObject({ state: 'MAJOR_OUTAGE', description: 'Major outage' });
      expect(summary.incidents.open).toEqual([expect.objectContaining({ name: 'Website partially down', impact: 'MAJOR_OUTAGE' })]);

      const today = new Date().toISOString().slice(0, 10);
      await expect(visitor.bars('Public API')).toHaveCount(90);
      await expect(visitor.bars('Public API').last()).toHaveAttribute('aria-label', new RegExp(`^${today}: 0\\.00% uptime`));
      await expect(visitor.bars('Public API').first()).toHaveAttribute('title', /: no data$/);
      await expect(visitor.bars('Website').last()).toHaveAttribute('aria-label', `${today}: no data, 1 incident`);

      const incident = visitor.incident('Website partially down');
      await expect(incident).toContainText('Major outage');
      await expect(incident).toContainText('Investigating');
      await expect(visitor.incidentUpdates('Website partially down')).toContainText('Some pages answer slowly; we are on it.');
      await expect(visitor.pastIncidents).toContainText('No incidents in the last 90 days.');

      const text = await visitor.page.content();
      for (const secret of ['Secret latency probe', check.id, '127.0.0.1']) expect(text).not.toContain(secret);
      expect(await visitor.page.evaluate(() => window.sessionStorage.getItem('sightline.apiKey'))).toBeNull();

      await visitor.subscribe('visitor@example.com');
      await expect(visitor.confirmationHeading).toBeVisible();
      await expect(visitor.text('If visitor@example.com can receive mail, a confirmation link is on its way.')).toBeVisible();
      await visitor.backLink('Acme status').click();
      await expect(visitor.heading).toHaveText('Acme status');

      await page.reload();
      await expect(console.subscribersButton('Acme status')).toHaveText('0 subscribers (+1 unconfirmed)');
      await console.subscribersButton('Acme status').click();
      await expect(console.subscribersTable).toContainText('visitor@example.com');
      await expect(console.subscribersTable).toContainText('Unconfirmed');
      await console.removeSubscriberButton('visitor@example.com').click();
      await expect(toast(page, 'Subscriber removed')).toBeVisible();
      await expect(console.subscribersEmpty).toHaveText('No subscribers yet.');
      await page.keyboard.press('Escape');

      await console.publishSwitch('Acme status').click();
      await expect(toast(page, 'Status page unpublished')).toBeVisible();
      const gone = await visitor.page.reload();
      expect(gone?.status()).toBe(404);
      await expect(visitor.heading).toHaveText('Status page not found');
      expect(visitor.cspViolations, 'Content-Security-Policy violations on the public page').toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('the public page needs no JavaScript, and an unknown page is a 404 page', async ({ request, server, browser }) => {
    const api = await restPost<Service>(request, server, '/v1/status-pages/services', { name: 'Public API' });
    await restPost(request, server, '/v1/status-pages', { name: 'Plain status', url: 'plain', published: true, defaultTheme: 'DARK', cards: [{ name: 'Core', services: [{ id: api.id }] }] });
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const visitor = await PublicStatusPage.open(context);
      await visitor.page.goto(`${server.baseURL}/status/plain`);
      await expect(visitor.heading).toHaveText('Plain status');
      await expect(visitor.overall).toHaveText('All systems operational');
      await expect(visitor.service('Public API')).toContainText('Operational');
      await expect(visitor.bars('Public API')).toHaveCount(90);
      await expect(visitor.root).toHaveAttribute('data-theme', 'dark');
      const missing = await visitor.page.goto(`${server.baseURL}/status/nobody`);
      expect(missing?.status()).toBe(404);
      await expect(visitor.heading).toHaveText('Status page not found');
      expect(visitor.cspViolations).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
