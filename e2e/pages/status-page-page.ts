import type { Locator, Page } from '@playwright/test';
import { choose } from './console';

export class StatusPagePage {
  readonly heading: Locator;
  readonly serviceName: Locator;
  readonly addServiceButton: Locator;
  readonly servicesTable: Locator;
  readonly incidentsTable: Locator;
  readonly newIncidentButton: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { name: 'Status page', exact: true });
    this.serviceName = main.getByRole('textbox', { name: 'Service name' });
    this.addServiceButton = main.getByRole('button', { name: 'Add service' });
    this.servicesTable = main.getByRole('table', { name: 'Services' });
    this.incidentsTable = main.getByRole('table', { name: 'Incidents' });
    this.newIncidentButton = main.getByRole('link', { name: 'New incident' });
  }

  async addService(name: string): Promise<void> {
    await this.serviceName.fill(name);
    await this.addServiceButton.click();
  }

  incidentRow(name: string): Locator {
    return this.incidentsTable.getByRole('row').filter({ hasText: name });
  }
}

export interface IncidentInput {
  name: string;
  severity: string;
  services: string[];
  firstUpdate: string;
}

export class NewIncidentForm {
  readonly form: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'New incident' });
  }

  async create(input: IncidentInput): Promise<void> {
    await this.form.getByRole('textbox', { name: 'Name', exact: true }).fill(input.name);
    await choose(this.page, this.form.getByRole('combobox', { name: 'Severity' }), input.severity);
    for (const service of input.services) await choose(this.page, this.form.getByRole('combobox', { name: 'Services' }), service);
    await this.page.keyboard.press('Escape');
    await this.form.getByRole('textbox', { name: 'First update' }).fill(input.firstUpdate);
    await this.form.getByRole('button', { name: 'Open incident' }).click();
  }
}

export class IncidentPage {
  readonly state: Locator;
  readonly timeline: Locator;
  readonly updateForm: Locator;

  constructor(readonly page: Page) {
    this.state = page.getByRole('group', { name: 'Incident state' });
    this.timeline = page.getByRole('main').getByLabel('Incident updates');
    this.updateForm = page.getByRole('form', { name: 'Add update' });
  }

  async addUpdate(description: string, progress: string): Promise<void> {
    await this.updateForm.getByRole('textbox', { name: 'Update' }).fill(description);
    await choose(this.page, this.updateForm.getByRole('combobox', { name: 'Progress' }), progress);
    await this.updateForm.getByRole('button', { name: 'Post update' }).click();
  }
}
