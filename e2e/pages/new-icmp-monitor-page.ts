import type { Locator, Page } from '@playwright/test';

export interface IcmpMonitorInput {
  name: string;
  hostname: string;
  pingCount?: number;
  tags?: string[];
}

export class NewIcmpMonitorPage {
  readonly heading: Locator;
  readonly form: Locator;
  readonly name: Locator;
  readonly hostname: Locator;
  readonly pingCount: Locator;
  readonly tags: Locator;
  readonly degradedPacketLoss: Locator;
  readonly failedPacketLoss: Locator;
  readonly createButton: Locator;
  /** What the form says when the server refused the create (a 402 over the plan limit, ...). */
  readonly serverError: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'New ICMP monitor' });
    this.form = page.getByRole('form', { name: 'New ICMP monitor' });
    this.name = this.form.getByRole('textbox', { name: 'Name', exact: true });
    this.hostname = this.form.getByRole('textbox', { name: 'Hostname', exact: true });
    this.pingCount = this.form.getByRole('textbox', { name: 'Ping count', exact: true });
    this.tags = this.form.getByRole('combobox', { name: 'Tags', exact: true });
    this.degradedPacketLoss = this.form.getByRole('textbox', { name: 'Degraded at packet loss (%)', exact: true });
    this.failedPacketLoss = this.form.getByRole('textbox', { name: 'Failed at packet loss (%)', exact: true });
    this.createButton = this.form.getByRole('button', { name: 'Create monitor' });
    this.serverError = page.getByRole('alert').filter({ hasText: 'The server did not create the monitor' });
  }

  async fill(input: IcmpMonitorInput): Promise<void> {
    await this.name.fill(input.name);
    await this.hostname.fill(input.hostname);
    if (input.pingCount !== undefined) await this.pingCount.fill(String(input.pingCount));
    for (const tag of input.tags ?? []) {
      await this.tags.fill(tag);
      await this.tags.press('Enter');
    }
  }

  async create(input: IcmpMonitorInput): Promise<void> {
    await this.fill(input);
    await this.createButton.click();
  }
}
