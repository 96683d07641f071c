import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createIcmpCheck, restGet, restPost, runToCompletion } from '../../fixtures/rest';
import { expect, sharedServerTest as test } from '../../fixtures/server';
import { openConnected, toast } from '../../pages/console';
import { MaintenancePage } from '../../pages/maintenance-page';
import { MonitorsPage } from '../../pages/monitors-page';
import { PublicStatusPage } from '../../pages/status-page-page';
import { blockingViolations } from '../../tools/axe';

interface WindowView {
  id: number;
  name: string;
  startsAt: string;
  endsAt: string;
}

// Chromium may name India's zone by its old name.
const KOLKATA = /Asia\/(Kolkata|Calcutta)/;

// Issue 31, the last three pieces: the maintenance form's zone, the public page's dates, the list's unit.
test.describe('one time zone and one unit, everywhere', () => {
  test.describe('in a browser in India (UTC+5:30)', () => {
    test.use({ locale: 'en-US', timezoneId: 'Asia/Kolkata' });

    test('a maintenance window is typed and shown in the viewer’s zone, in UTC on request, and stored as the API stores it', async ({ page, server, request }) => {
      const maintenance = new MaintenancePage(page);
      await openConnected(page, server, '/maintenance');
      await maintenance.newButton.click();
      // The labels name the zone the times are typed in.
      await expect(maintenance.startsAt).toBeVisible();
      await expect(maintenance.startsAt).toHaveAccessibleName(new RegExp(`^Starts \\(${KOLKATA.source}\\)`));
      await expect(maintenance.utcSwitch).not.toBeChecked();
      // A new window starts at the next whole hour of the viewer's clock (India is half an hour off UTC's).
      expect(await maintenance.startsAt.inputValue()).toMatch(/T\d{2}:00$/);

      await maintenance.name.fill('Kolkata core swap');
      await maintenance.tags.fill('kolkata-core');
      await maintenance.tags.press('Enter');
      await maintenance.startsAt.fill('2030-03-10T09:00');
      await maintenance.endsAt.fill('2030-03-10T10:30');
      await maintenance.createButton.click();
      await expect(toast(page, 'Maintenance window saved')).toBeVisible();
      // Dismissed, so the next save's toast is its own.
      await toast(page, 'Maintenance window saved').getByRole('button', { name: 'Dismiss' }).click();
      await expect(toast(page, 'Maintenance window saved')).toHaveCount(0);

      const stored = async () => (await restGet<WindowView[]>(request, server, '/v1/maintenance-windows')).find((w) => w.name === 'Kolkata core swap');
      // 09:00 in Kolkata is 03:30 UTC: the API keeps moments in UTC.
      expect(await stored()).toMatchObject({ startsAt: '2030-03-10T03:30:00.000Z', endsAt: '2030-03-10T05:00:00.000Z' });
      const row = maintenance.row('Kolkata core swap');
      await expect(row).toContainText('Mar 10, 2030, 9:00 AM');
      await expect(row).toContainText('Mar 10, 2030, 10:30 AM');

      // Editing shows the same wall-clock times; switching to UTC rewrites them, the moment unchanged.
      await row.getByRole('button', { name: 'Edit Kolkata core swap' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Kolkata core swap' });
      const starts = dialog.getByLabel(/^Starts \(/);
      const ends = dialog.getByLabel(/^Ends \(/);
      await expect(starts).toHaveValue('2030-03-10T09:00');
      await expect(ends).toHaveValue('2030-03-10T10:30');
      await dialog.getByRole('switch', { name: 'Type times in UTC' }).check();
      await expect(dialog).toBeVisible();
      await expect(starts).toHaveValue('2030-03-10T03:30');
      await expect(ends).toHaveValue('2030-03-10T05:00');
      await expect(starts).toHaveAccessibleName(/^Starts \(UTC\)/);
      expect(await blockingViolations(page)).toEqual([]);
      await ends.fill('2030-03-10T06:00');
      await dialog.getByRole('button', { name: 'Save window' }).click();
      await expect(toast(page, 'Maintenance window saved')).toBeVisible();
      expect(await stored()).toMatchObject({ startsAt: '2030-03-10T03:30:00.000Z', endsAt: '2030-03-10T06:00:00.000Z' });
      // The list keeps the console's zone (the switch was for typing): 06:00 UTC is 11:30 AM in Kolkata.
      await expect(row).toContainText('Mar 10, 2030, 9:00 AM');
      await expect(row).toContainText('Mar 10, 2030, 11:30 AM');
      // With UTC chosen for the console (Settings, or the page's switch) the form opens in UTC.
      await page.getByRole('main').getByRole('switch', { name: 'UTC' }).check();
      await expect(row).toContainText('Mar 10, 2030, 3:30 AM');
      await row.getByRole('button', { name: 'Edit Kolkata core swap' }).click();
      await expect(dialog.getByRole('switch', { name: 'Type times in UTC' })).toBeChecked();
      await expect(starts).toHaveValue('2030-03-10T03:30');
      await expect(ends).toHaveValue('2030-03-10T06:00');
    });

    test('the public status page writes its dates as the console does: the reader’s zone, UTC on request (one choice for both)', async ({ page, server, request }) => {
      const service = await restPost<{ id: string; name: string; accountId: string }>(request, server, '/v1/status-pages/services', { name: 'Zone API' });
      await restPost(request, server, '/v1/status-pages', { name: 'Zones status', url: 'zones', published: true, cards: [{ name: 'Core', services: [{ id: service.id }] }] });
      const at = '2026-11-20T12:00:00.000Z';
      await restPost(request, server, '/v1/status-pages/incidents', {
        name: 'Zone API slow',
        severity: 'MINOR',
        services: [service],
        incidentUpdates: [{ description: 'Looking into it.', publicIncidentUpdateDate: at }],
      });
      // The same moment in the console: a maintenance window starting then.
      await restPost(request, server, '/v1/maintenance-windows', { name: 'Zone twin', tags: ['zone-twin'], startsAt: at, endsAt: '2026-11-20T13:00:00.000Z' });
      const maintenance = new MaintenancePage(page);
      await openConnected(page, server, '/maintenance');
      const consoleText = (await maintenance.row('Zone twin').getByRole('cell').nth(2).textContent()) ?? '';
      expect(consoleText).toBe('Nov 20, 2026, 5:30 PM');

      const visitor = await PublicStatusPage.open(page.context());
      await visitor.page.goto(`${server.baseURL}/status/zones`);
      const update = visitor.openIncidents.locator('time').first();
      await expect(update).toHaveAttribute('datetime', at);
      // Exactly the console's text for the same moment: its locale, its zone, its format.
      await expect(update).toHaveText(consoleText);
      await expect(visitor.page.locator('#time-zone-note')).toHaveText(new RegExp(`^Times in ${KOLKATA.source} \\(UTC\\+5:30\\)$`));
      expect(visitor.cspViolations).toEqual([]);
      // axe on the public page too (issue 31's "every page"), light and dark, 1440 and 390 px.
      for (const colorScheme of ['light', 'dark'] as const) {
        for (const width of [1440, 390]) {
          await visitor.page.emulateMedia({ colorScheme });
          await visitor.page.setViewportSize({ width, height: 900 });
          expect(await blockingViolations(visitor.page), `${colorScheme} at ${width} px`).toEqual([]);
        }
      }

      await visitor.page.getByRole('checkbox', { name: 'Show times in UTC' }).check();
      await expect(update).toHaveText('Nov 20, 2026, 12:00 PM');
      await expect(visitor.page.locator('#time-zone-note')).toHaveText('Times in UTC');
      await visitor.page.reload();
      await expect(visitor.openIncidents.locator('time').first()).toHaveText('Nov 20, 2026, 12:00 PM');
      // One choice on this origin: the console writes UTC too.
      await page.reload();
      await expect(maintenance.row('Zone twin').getByRole('cell').nth(2)).toHaveText('Nov 20, 2026, 12:00 PM');
      await visitor.page.close();
    });
  });

  test('the Monitors list writes every response time in one unit, chosen from its rows (a loopback ping beside a 30 ms API)', async ({ page, server, request }) => {
    const target: Server = createServer((_req, res) => setTimeout(() => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'), 30));
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(target.address() as AddressInfo).port}/`;
      const api = await restPost<{ id: string }>(request, server, '/v1/checks/api', { name: 'Unit column API', request: { method: 'GET', url } });
      await runToCompletion(request, server, api.id);
      const ping = await createIcmpCheck(request, server, 'Unit column ping');
      await runToCompletion(request, server, ping.id);

      const monitors = new MonitorsPage(page);
      await openConnected(page, server, '/monitors?q=Unit%20column');
      await expect(monitors.row('Unit column API')).toBeVisible();
      await expect(monitors.row('Unit column ping')).toBeVisible();
      // Loopback round trips are microseconds: in an ms column they read "0.046 ms", not "46 µs".
      await expect(monitors.responseTime('Unit column ping')).toHaveText(/^0\.\d{3} ms$/);
      await expect(monitors.responseTime('Unit column API')).toHaveText(/^\d{2,3} ms$/);

      // The phone's cards share the unit.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(monitors.card('Unit column ping')).toContainText(/· 0\.\d{3} ms ·/);
      await expect(monitors.card('Unit column API')).toContainText(/· \d{2,3} ms ·/);
    } finally {
      await new Promise<void>((resolve) => target.close(() => resolve()));
    }
  });
});
