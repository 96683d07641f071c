import type { Locator, Page } from '@playwright/test';

export interface GrpcMonitorInput {
  name: string;
  host: string;
  port: number;
  tls: boolean;
  /** HEALTH when left out; with a method, BEHAVIOR by server reflection. */
  method?: string;
  service?: string;
}

export class NewGrpcMonitorPage {
  readonly heading: Locator;
  readonly form: Locator;
  readonly name: Locator;
  readonly host: Locator;
  readonly port: Locator;
  readonly tls: Locator;
  readonly service: Locator;
  readonly method: Locator;
  readonly createButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'New gRPC monitor' });
    this.form = page.getByRole('form', { name: 'New gRPC monitor' });
    this.name = this.form.getByRole('textbox', { name: 'Name', exact: true });
    this.host = this.form.getByRole('textbox', { name: 'Host', exact: true });
    this.port = this.form.getByRole('textbox', { name: 'Port', exact: true });
    this.tls = this.form.getByRole('checkbox', { name: 'TLS', exact: true });
    this.service = this.form.getByRole('textbox', { name: 'Health service name', exact: true });
    this.method = this.form.getByRole('textbox', { name: 'Method', exact: true });
    this.createButton = this.form.getByRole('button', { name: 'Create monitor' });
  }

  async create(input: GrpcMonitorInput): Promise<void> {
    await this.name.fill(input.name);
    await this.host.fill(input.host);
    await this.port.fill(String(input.port));
    await this.tls.setChecked(input.tls);
    if (input.method !== undefined) {
      await this.form.getByText('Call a method', { exact: true }).click();
      await this.method.fill(input.method);
    } else if (input.service !== undefined) {
      await this.service.fill(input.service);
    }
    await this.createButton.click();
  }
}
