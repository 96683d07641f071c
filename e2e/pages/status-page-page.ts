import type { BrowserContext, Locator, Page } from '@playwright/test';
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

  publishSwitch(name: string): Locator {
    return this.pageRow(name).getByRole('switch', { name: `Publish ${name}` });
  }

  publicLink(name: string): Locator {
    return this.pageRow(name).getByRole('link', { name: 'Open public page' });
  }

  subscribersButton(name: string): Locator {
    return this.pageRow(name).getByRole('button', { name: new RegExp(`^Subscribers of ${name}:`) });
  }

  /** The subscribers dialog a page's subscribers button opens. */
  get subscribersDialog(): Locator {
    return this.page.getByRole('dialog');
  }

  get subscribersTable(): Locator {
    return this.subscribersDialog.getByRole('table', { name: 'Subscribers' });
  }

  /** What the subscribers dialog says when the list is empty. */
  get subscribersEmpty(): Locator {
    return this.subscribersDialog.getByRole('status');
  }

  removeSubscriberButton(email: string): Locator {
    return this.subscribersTable.getByRole('button', { name: `Remove ${email}`, exact: true });
  }

  serviceRow(name: string): Locator {
    return this.servicesTable.getByRole('row').filter({ hasText: name });
  }

  /** Chooses the checks behind a service in its "Link checks" dialog and saves. */
  async linkChecks(service: string, checks: string[]): Promise<void> {
    await this.servicesTable.getByRole('button', { name: `Link checks to ${service}` }).click();
    const form = this.page.getByRole('form', { name: `Checks behind ${service}` });
    for (const check of checks) await choose(this.page, form.getByRole('combobox', { name: 'Checks' }), check);
    // Closes the dropdown, which covers the buttons; Escape would close the whole dialog.
    await form.getByText('Their hourly results').click();
    await form.getByRole('button', { name: 'Save checks' }).click();
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

  get published(): Locator {
    return this.form.getByRole('switch', { name: 'Published' });
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

/**
 * The public page at /status/<url> as a visitor sees it, in a browser context of its own (no key).
 * It records CSP violations itself: the `page` fixture's check covers only the fixture's own page.
 */
export class PublicStatusPage {
  readonly heading: Locator;
  readonly overall: Locator;
  readonly openIncidents: Locator;
  readonly pastIncidents: Locator;
  readonly subscribeForm: Locator;
  readonly cspViolations: string[] = [];

  private constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.overall = page.getByRole('region', { name: 'Current status' });
    this.openIncidents = page.getByRole('region', { name: 'Open incidents' });
    this.pastIncidents = page.getByRole('region', { name: 'Past incidents' });
    this.subscribeForm = page.getByRole('region', { name: 'Get incident updates by email' });
  }

  static async open(context: BrowserContext): Promise<PublicStatusPage> {
    const page = await context.newPage();
    const visitor = new PublicStatusPage(page);
    await page.exposeFunction('__reportCspViolation', (violation: string) => visitor.cspViolations.push(violation));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { __reportCspViolation: (violation: string) => void }).__reportCspViolation;
        void report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
      });
    });
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) visitor.cspViolations.push(message.text());
    });
    return visitor;
  }

  service(name: string): Locator {
    return this.page.getByRole('listitem').filter({ has: this.page.getByRole('heading', { name, exact: true, level: 3 }) });
  }

  /** The day bars of a service, oldest first. */
  bars(name: string): Locator {
    return this.page.getByRole('list', { name: `${name}: uptime per day over the last 90 days` }).getByRole('listitem');
  }

  incident(name: string): Locator {
    return this.page.getByRole('article', { name });
  }

  incidentUpdates(name: string): Locator {
    return this.incident(name).getByRole('list', { name: `Updates of ${name}` });
  }

  /** The page's <html>, which carries the theme (data-theme) even without JavaScript. */
  get root(): Locator {
    return this.page.locator('html');
  }

  /** The page shown after subscribing: "Check your inbox". */
  get confirmationHeading(): Locator {
    return this.page.getByRole('heading', { name: 'Check your inbox' });
  }

  text(text: string): Locator {
    return this.page.getByText(text);
  }

  backLink(pageName: string): Locator {
    return this.page.getByRole('link', { name: `Back to ${pageName}` });
  }

  async subscribe(email: string): Promise<void> {
    await this.subscribeForm.getByRole('textbox', { name: 'Email address' }).fill(email);
    await this.subscribeForm.getByRole('button', { name: 'Subscribe' }).click();
  }
}
