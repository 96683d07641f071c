import { expect, test } from '../../fixtures/server';
import { restPost } from '../../fixtures/rest';
import { openConnected, toast } from '../../pages/console';
import { IncidentPage, NewIncidentForm, StatusPagePage } from '../../pages/status-page-page';

test.describe('status page in the web console', () => {
  test('adds a service, opens an incident and posts updates through to RESOLVED', async ({ page, server }) => {
    const statusPage = new StatusPagePage(page);
    const incident = new IncidentPage(page);

    await openConnected(page, server, '/status-page');
    await statusPage.addService('Public API');
    await expect(toast(page, 'Service added')).toBeVisible();
    await expect(statusPage.servicesTable).toContainText('Public API');

    await statusPage.newIncidentButton.click();
    await new NewIncidentForm(page).create({ name: 'Elevated error rates', severity: 'Critical outage', services: ['Public API'], firstUpdate: 'Looking into it.' });
    await expect(toast(page, 'Incident opened')).toBeVisible();
    await expect(incident.state).toContainText('Critical outage');
    await expect(incident.state).not.toContainText('CRITICAL');
    await expect(incident.state).toContainText('Investigating');

    await incident.addUpdate('A bad deploy.', 'Identified');
    await expect(incident.state).toContainText('Identified');
    await incident.addUpdate('Rolled back; watching.', 'Monitoring');
    await expect(incident.state).toContainText('Monitoring');
    await incident.addUpdate('All clear.', 'Resolved');
    await expect(incident.state).toContainText('Resolved');
    await expect(incident.state).toContainText(/Resolved after \d+/);
    await expect(incident.updateForm).toBeHidden();
    await expect(incident.timeline).toContainText('All clear.');
    await expect(incident.timeline).toContainText('Looking into it.');

    await page.goto('/#/status-page');
    const row = statusPage.incidentRow('Elevated error rates');
    await expect(row).toContainText('Critical outage');
    await expect(row).toContainText('Resolved');
    await expect(row).toContainText('Public API');
    await expect(row).not.toContainText('open');
  });

  test('creates a status page with cards of services, edits it, rejects a bad URL and deletes it', async ({ page, server }) => {
    const statusPage = new StatusPagePage(page);

    await openConnected(page, server, '/status-page');
    await expect(statusPage.noPages).toBeVisible();
    for (const name of ['Public API', 'Website', 'Billing']) {
      await statusPage.addService(name);
      await expect(statusPage.servicesTable).toContainText(name);
    }

    const create = await statusPage.newPage();
    await create.fill({ name: 'Acme status', url: 'Acme Status', firstCard: { name: 'Core', services: ['Public API', 'Website'] } });
    await create.submit();
    await expect(create.form).toContainText('URL must be lower-case letters, digits and hyphens, not starting or ending with a hyphen');
    await create.fill({ url: 'acme' });
    await create.submit();
    await expect(toast(page, 'Status page created')).toBeVisible();
    const row = statusPage.pageRow('Acme status');
    await expect(row).toContainText('acme');
    await expect(row).toContainText('Core: Public API, Website');

    const edit = await statusPage.editPage('Acme status');
    await expect(edit.field('URL')).toHaveValue('acme');
    await edit.fill({ name: 'Acme platform', theme: 'Dark', addCards: [{ name: 'Payments', services: ['Billing'] }] });
    await edit.submit();
    await expect(toast(page, 'Status page saved')).toBeVisible();
    const edited = statusPage.pageRow('Acme platform');
    await expect(edited).toContainText('Dark');
    await expect(edited).toContainText('Core: Public API, Website · Payments: Billing');

    await statusPage.deletePage('Acme platform');
    await expect(toast(page, 'Status page deleted')).toBeVisible();
    await expect(statusPage.noPages).toBeVisible();
    await expect(statusPage.servicesTable).toContainText('Billing');
  });

  test('publishes a page from its form; a URL another page has is refused with a message naming the field', async ({ page, server, request }) => {
    const statusPage = new StatusPagePage(page);
    await restPost(request, server, '/v1/status-pages', { name: 'First', url: 'taken', cards: [] });

    await openConnected(page, server, '/status-page');
    const create = await statusPage.newPage();
    await create.fill({ name: 'Second', url: 'taken' });
    await expect(create.form).toContainText('Public address: /status/taken');
    await create.published.click();
    await create.submit();
    await expect(create.form).toContainText('url: a status page with the url "taken" already exists; choose another');
    await create.fill({ url: 'second' });
    await create.submit();
    await expect(toast(page, 'Status page created')).toBeVisible();
    await expect(toast(page, 'Status page created')).toContainText('public at /status/second');
    await expect(statusPage.publishSwitch('Second')).toBeChecked();
    await expect(statusPage.publicLink('Second')).toHaveAttribute('href', `${server.baseURL}/status/second`);
    await expect(statusPage.publishSwitch('First')).not.toBeChecked();
    await expect(statusPage.pageRow('First')).toContainText('Not published');
    await expect(statusPage.publicLink('First')).toHaveCount(0);
  });
});
