import type { Locator, Page } from '@playwright/test';

export class MonitorsPage {
  readonly heading: Locator;
  readonly newIcmpMonitorButton: Locator;
  readonly newTracerouteMonitorButton: Locator;
  readonly newMultiStepCheckButton: Locator;
  readonly table: Locator;
  readonly emptyState: Locator;
  readonly noMatches: Locator;
  readonly search: Locator;
  readonly typeFilter: Locator;
  readonly tagFilter: Locator;
  readonly deleteDialog: Locator;
  readonly confirmDeleteButton: Locator;
  readonly disconnectButton: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { name: 'Monitors', exact: true });
    this.newIcmpMonitorButton = main.getByRole('link', { name: 'New ICMP monitor' }).first();
    this.newTracerouteMonitorButton = main.getByRole('link', { name: 'New traceroute monitor' }).first();
    this.newMultiStepCheckButton = main.getByRole('link', { name: 'New multi-step check' }).first();
    this.table = main.getByRole('table', { name: 'Monitors' });
    this.emptyState = main.getByText('No monitors yet — create an ICMP monitor to start watching a host');
    this.noMatches = main.getByText('No monitors match these filters');
    this.search = main.getByRole('searchbox', { name: 'Search monitors' });
    this.typeFilter = main.getByRole('combobox', { name: 'Filter by type' });
    this.tagFilter = main.getByRole('combobox', { name: 'Filter by tag' });
    this.deleteDialog = page.getByRole('dialog', { name: 'Delete monitor' });
    this.confirmDeleteButton = this.deleteDialog.getByRole('button', { name: 'Delete', exact: true });
    this.disconnectButton = page.getByRole('button', { name: 'Sign out' });
  }

  async open(): Promise<void> {
    await this.page.goto('/#/monitors');
  }

  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('cell', { name, exact: true }) });
  }

  async delete(name: string): Promise<void> {
    await this.row(name).getByRole('button', { name: `Delete ${name}` }).click();
    await this.confirmDeleteButton.click();
  }

  async edit(name: string): Promise<void> {
    await this.row(name).getByRole('link', { name: `Edit ${name}` }).click();
  }

  async runNow(name: string): Promise<void> {
    await this.row(name).getByRole('button', { name: `Run ${name} now` }).click();
  }

  activeSwitch(name: string): Locator {
    return this.row(name).getByRole('switch', { name: `Active: ${name}` });
  }
}
