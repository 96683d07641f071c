import { expect, test } from '../../fixtures/server';
import { ApiDocsPage } from '../../pages/api-docs-page';
import { ApiKeyPrompt } from '../../pages/api-key-prompt';
import { ConsoleChrome, framedConsoleRoot } from '../../pages/console';
import { DashboardPage } from '../../pages/dashboard-page';
import { MonitorsPage } from '../../pages/monitors-page';
import { NewIcmpMonitorPage } from '../../pages/new-icmp-monitor-page';
import { SettingsPage } from '../../pages/settings-page';

// The server fixture also fails any test whose page reports a Content-Security-Policy violation.
test.describe('browser hardening of the console and /docs', () => {
  test('the console is served with a strict CSP, has no inline script and works under it', async ({ page, server }) => {
    const response = await page.goto('/');
    const headers = response!.headers();
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    await expect(new ConsoleChrome(page).inlineScripts).toHaveCount(0);

    const monitors = new MonitorsPage(page);
    await new ApiKeyPrompt(page).connect(server.apiKey);
    await expect(monitors.heading.or(new DashboardPage(page).heading)).toBeVisible();
    await monitors.open();
    await monitors.newIcmpMonitorButton.click();
    await new NewIcmpMonitorPage(page).create({ name: 'Under the CSP', hostname: '127.0.0.1' });
    await expect(monitors.row('Under the CSP')).toBeVisible();
    const settings = new SettingsPage(page);
    await settings.open();
    await expect(settings.membersTable).toBeVisible();
  });

  test('a page of another origin cannot frame the console', async ({ context, server }) => {
    // Not the fixture's page: the refusal is itself reported as a CSP message, which is the point here.
    const framer = await context.newPage();
    const refused = framer.waitForEvent('console', (message) => /frame-ancestors/.test(message.text()));
    await framer.setContent(`<iframe src="${server.baseURL}/"></iframe>`);
    await refused;
    await expect(framedConsoleRoot(framer)).toHaveCount(0);
  });

  test('/docs renders the API reference under its CSP', async ({ page }) => {
    const response = await page.goto('/docs');
    expect(response!.headers()['content-security-policy']).toContain("script-src 'self'");
    // Swagger UI fetches and draws the whole 2 MB API description (0.8 s to build on a quiet machine, the
    // first time): with two workers on a loaded CI machine it took over the default 10 s once.
    await expect(new ApiDocsPage(page).heading).toBeVisible({ timeout: 30_000 });
  });
});
