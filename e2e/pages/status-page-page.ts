import type { Locator, Page } from '@playwright/test';
import { choose } from './console';

export class StatusPagePage {
  readonly heading: Locator;
  readonly serviceName: Locator;
  readonly addServiceButton: Locator;
  readonly servicesTable: Locator;
  readonly incidentsTable: Locator;
  readonly newIncidentButton: Locator;
  readonly pagesTable: Locator;
  readonly newPageButton: Locator;
  readonly noPages: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { name: 'Status page', exact: true });
    this.serviceName = main.getByRole('textbox', { name: 'Service name' });
    this.addServiceButton = main.getByRole('button', { name: 'Add service' });
    this.servicesTable = main.getByRole('table', { name: 'Services' });
    this.incidentsTable = main.getByRole('table', { name: 'Incidents' });
    this.newIncidentButton = main.getByRole('link', { name: 'New incident' });
    this.pagesTable = main.getByRole('table', { name: 'Status pages' });
    this.newPageButton = main.getByRole('button', { name: 'New status page' });
    this.noPages = main.getByRole('status').filter({ hasText: 'No status pages yet' });
  }

  pageRow(name: string): Locator {
    return this.pagesTable.getByRole('row').filter({ hasText: name });
  }

  async editPage(name: string): Promise<StatusPageForm> {
    await this.pagesTable.getByRole('button', { name: `Edit ${name}` }).click();
    return new StatusPageForm(this.page, `Edit status page ${name}`);
  }

  async newPage(): Promise<StatusPageForm> {
    await this.newPageButton.click();
    return new StatusPageForm(this.page, 'New status page');
  }

  async deletePage(name: string): Promise<void> {
    await this.pagesTable.getByRole('button', { name: `Delete ${name}` }).click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  }

  async addService(name: string): Promise<void> {
    await this.serviceName.fill(name);
    await this.addServiceButton.click();
  }

  incidentRow(name: string): Locator {
    return this.incidentsTable.getByRole('row').filter({ hasText: name });
  }
}

export interface StatusPageCardInput {
  name: string;
  services: string[];
}

export interface StatusPageInput {
  name?: string;
  url?: string;
  theme?: string;
  /** Cards added after the ones the form already shows; `firstCard` fills the first one. */
  firstCard?: StatusPageCardInput;
  addCards?: StatusPageCardInput[];
}

/** The create/edit dialog of a status page. */
export class StatusPageForm {
  readonly form: Locator;

  constructor(
    readonly page: Page,
    name: string,
  ) {
    this.form = page.getByRole('form', { name });
  }

  field(label: string): Locator {
    return this.form.getByRole('textbox', { name: label, exact: true });
  }

  async fillCard(index: number, card: StatusPageCardInput): Promise<void> {
    const group = this.form.getByRole('group', { name: `Card ${index + 1}` });
    await group.getByRole('textbox', { name: `Card ${index + 1} name` }).fill(card.name);
    for (const service of card.services) await choose(this.page, group.getByRole('combobox', { name: `Card ${index + 1} services` }), service);
    // Closes the services dropdown; Escape would close the whole dialog.
    await group.getByRole('textbox', { name: `Card ${index + 1} name` }).click();
  }

  async fill(input: StatusPageInput): Promise<void> {
    if (input.name !== undefined) await this.field('Name').fill(input.name);
    if (input.url !== undefined) await this.field('URL').fill(input.url);
    if (input.theme !== undefined) await choose(this.page, this.form.getByRole('combobox', { name: 'Theme' }), input.theme);
    if (input.firstCard) await this.fillCard(0, input.firstCard);
    for (const card of input.addCards ?? []) {
      const count = await this.form.getByRole('group', { name: /^Card \d+$/ }).count();
      await this.form.getByRole('button', { name: 'Add card' }).click();
      await this.fillCard(count, card);
    }
  }

  async submit(): Promise<void> {
    await this.form.getByRole('button', { name: /^(Create|Save) page$/ }).click();
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
