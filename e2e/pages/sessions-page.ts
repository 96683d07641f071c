import type { Locator, Page } from '@playwright/test';

export class SessionsPage {
  readonly heading: Locator;
  readonly table: Locator;
  readonly liveIndicator: Locator;
  readonly statusFilter: Locator;
  readonly monitorFilter: Locator;
  readonly noMatches: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { name: 'Sessions', exact: true });
    this.table = main.getByRole('table', { name: 'Sessions' });
    this.liveIndicator = main.getByText('Live', { exact: true });
    this.statusFilter = main.getByRole('combobox', { name: 'Filter by status' });
    this.monitorFilter = main.getByRole('combobox', { name: 'Filter by monitor' });
    this.noMatches = main.getByText('No sessions match these filters');
  }

  async open(): Promise<void> {
    await this.page.goto('/#/sessions');
  }

  /** Shows only sessions of one status ("Passed", "Failed", ...). */
  async filterByStatus(status: string): Promise<void> {
    await this.statusFilter.click();
    await this.page.getByRole('option', { name: status, exact: true }).click();
  }

  rows(monitorName: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('link', { name: monitorName, exact: true }) });
  }

  async openSession(monitorName: string): Promise<void> {
    await this.rows(monitorName).first().getByRole('link', { name: `Open session of ${monitorName}` }).click();
  }
}
