import type { Locator, Page } from '@playwright/test';

export interface HeartbeatMonitorInput {
  name: string;
  period: number;
  periodUnit: 'seconds' | 'minutes' | 'hours' | 'days';
  grace: number;
  graceUnit: 'seconds' | 'minutes' | 'hours' | 'days';
}

export class NewHeartbeatMonitorPage {
  readonly heading: Locator;
  readonly form: Locator;
  readonly name: Locator;
  readonly period: Locator;
  readonly periodUnit: Locator;
  readonly grace: Locator;
  readonly graceUnit: Locator;
  readonly createButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'New heartbeat monitor' });
    this.form = page.getByRole('form', { name: 'New heartbeat monitor' });
    this.name = this.form.getByRole('textbox', { name: 'Name', exact: true });
    this.period = this.form.getByRole('textbox', { name: 'Period', exact: true });
    this.periodUnit = this.form.getByRole('combobox', { name: 'Period unit', exact: true });
    this.grace = this.form.getByRole('textbox', { name: 'Grace', exact: true });
    this.graceUnit = this.form.getByRole('combobox', { name: 'Grace unit', exact: true });
    this.createButton = this.form.getByRole('button', { name: 'Create monitor' });
  }

  private async pick(select: Locator, value: string): Promise<void> {
    await select.click();
    await this.page.getByRole('option', { name: value, exact: true }).click();
  }

  async fill(input: HeartbeatMonitorInput): Promise<void> {
    await this.name.fill(input.name);
    await this.period.fill(String(input.period));
    await this.pick(this.periodUnit, input.periodUnit);
    await this.grace.fill(String(input.grace));
    await this.pick(this.graceUnit, input.graceUnit);
  }
}

/** The monitor page's ping panel of a heartbeat. */
export class HeartbeatPingPanel {
  readonly panel: Locator;
  readonly pingUrl: Locator;
  readonly curl: Locator;
  readonly crontab: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByRole('region', { name: 'Ping URL' });
    this.pingUrl = this.panel.getByLabel('Ping URL', { exact: true }).last();
    this.curl = this.panel.getByLabel('curl', { exact: true });
    this.crontab = this.panel.getByLabel('crontab', { exact: true });
  }
}
