import type { Locator, Page } from '@playwright/test';

export interface TcpMonitorInput {
  name: string;
  hostname: string;
  port: number;
  data?: string;
}

export class NewTcpMonitorPage {
  readonly heading: Locator;
  readonly form: Locator;
  readonly name: Locator;
  readonly hostname: Locator;
  readonly port: Locator;
  readonly data: Locator;
  readonly createButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'New TCP monitor' });
    this.form = page.getByRole('form', { name: 'New TCP monitor' });
    this.name = this.form.getByRole('textbox', { name: 'Name', exact: true });
    this.hostname = this.form.getByRole('textbox', { name: 'Hostname', exact: true });
    this.port = this.form.getByRole('textbox', { name: 'Port', exact: true });
    this.data = this.form.getByRole('textbox', { name: 'Data to send', exact: true });
    this.createButton = this.form.getByRole('button', { name: 'Create monitor' });
  }

  async create(input: TcpMonitorInput): Promise<void> {
    await this.name.fill(input.name);
    await this.hostname.fill(input.hostname);
    await this.port.fill(String(input.port));
    if (input.data !== undefined) await this.data.fill(input.data);
    await this.createButton.click();
  }
}
