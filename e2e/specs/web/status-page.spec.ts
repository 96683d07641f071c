import { expect, test } from '../../fixtures/server';
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
    await new NewIncidentForm(page).create({ name: 'Elevated error rates', severity: 'CRITICAL', services: ['Public API'], firstUpdate: 'Looking into it.' });
    await expect(toast(page, 'Incident opened')).toBeVisible();
    await expect(incident.state).toContainText('CRITICAL');
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
    await expect(row).toContainText('CRITICAL');
    await expect(row).toContainText('Resolved');
    await expect(row).toContainText('Public API');
    await expect(row).not.toContainText('open');
  });
});
