import type { Locator, Page } from '@playwright/test';

export interface DnsMonitorInput {
  name: string;
  query: string;
  nameServer: string;
  port: number;
  protocol?: 'UDP' | 'TCP';
}

export class NewDnsMonitorPage {
  readonly heading: Locator;
  readonly form: Locator;
  readonly name: Locator;
  readonly query: Locator;
  readonly nameServer: Locator;
  readonly port: Locator;
  readonly createButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'New DNS monitor' });
    this.form = page.getByRole('form', { name: 'New DNS monitor' });
    this.name = this.form.getByRole('textbox', { name: 'Name', exact: true });
    this.query = this.form.getByRole('textbox', { name: 'Query', exact: true });
    this.nameServer = this.form.getByRole('textbox', { name: 'Name server', exact: true });
    this.port = this.form.getByRole('textbox', { name: 'Name server port', exact: true });
    this.createButton = this.form.getByRole('button', { name: 'Create monitor' });
  }

  /** The protocol's segmented control: one radio per protocol (its visible part is the label a user clicks). */
  protocol(name: 'UDP' | 'TCP'): Locator {
    return this.form.getByRole('radiogroup', { name: 'Protocol' }).getByText(name, { exact: true });
  }

  async create(input: DnsMonitorInput): Promise<void> {
    await this.name.fill(input.name);
    await this.query.fill(input.query);
    await this.nameServer.fill(input.nameServer);
    await this.port.fill(String(input.port));
    if (input.protocol) await this.protocol(input.protocol).click();
    await this.createButton.click();
  }
}
